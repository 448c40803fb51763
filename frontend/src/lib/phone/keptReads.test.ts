// What the phone keeps to read offline (issue 34): per person, forgotten at sign-out, answered by the one
// HTTP client when there is no network. IndexedDB comes from fake-indexeddb (Node has none).
import 'fake-indexeddb/auto';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoginResult } from '@/types/api.gen';
import { i18n } from '@/lib/i18n';
import enUS from '@/lib/i18n/locales/en-US.json';
import { api } from '@/lib/api/client';
import { refreshKeptReads } from '@/features/pwa/refresh';
import { endSession, onSessionEnd, signIn, useSessionStore } from '@/lib/session/store';
import {
  closeKeptReads,
  enableKeptReads,
  forgetKeptReads,
  KEPT_MAX_AGE_MS,
  keepRead,
  keptReadKey,
  personKey,
  readKept,
  usePhoneOfflineStore,
} from './keptReads';

const toasts = vi.hoisted(() => ({ success: vi.fn(), warning: vi.fn(), danger: vi.fn(), offer: vi.fn() }));
vi.mock('@/lib/feedback/toast', () => ({ toast: toasts, TOAST_TIMEOUT_MS: 2500 }));

const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();

function jwt(expSeconds: number): string {
  const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
  return `${b64({ alg: 'HS256' })}.${b64({ exp: expSeconds })}.sig`;
}

function signInAs(userId: string, tenantId: string, expiresIn = 900) {
  const result: LoginResult = {
    token: jwt(Math.floor(Date.now() / 1000) + expiresIn),
    refreshToken: 'r',
    refreshTokenExpireTime: Date.now() + 86_400_000,
    loginUserInfo: { userId, tenantId, roles: 'CAREGIVER' },
    subscriptionPlan: 'PREMIUM_PLAN',
    twoFactorAuthentication: false,
    sendEmailVerifyCode: false,
  };
  signIn(result);
}

const ok = (data: unknown) => new Response(JSON.stringify({ code: '0000', message: '', data }), { status: 200 });
const day = (name: string) => ({ day: '2026-11-28', residents: [{ name, allergies: 'Penicillin' }] });
const readDay = () => api.post<{ residents: { name: string }[] }>('/care/medication/listMedicationLog', {});

beforeAll(async () => {
  await i18n.init({ lng: 'en-US', resources: { 'en-US': { translation: enUS } }, interpolation: { escapeValue: false } });
  onSessionEnd(() => void forgetKeptReads());
});

beforeEach(async () => {
  localStorage.clear();
  useSessionStore.setState({ session: null });
  usePhoneOfflineStore.setState({ savedAt: null });
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  Object.values(toasts).forEach((f) => f.mockReset());
  enableKeptReads(true);
  await forgetKeptReads();
});

afterEach(async () => {
  vi.unstubAllGlobals();
  enableKeptReads(false);
  await closeKeptReads();
});

describe('kept reads', () => {
  it('keeps only the listed reads, under the person and what the read asks', () => {
    expect(personKey('u1', 't1')).toBe('u1@t1');
    expect(personKey('u1', undefined)).toBeUndefined();
    expect(keptReadKey('u1@t1', '/care/medication/logPass', undefined, {})).toBeUndefined();
    // The same question in another order is the same read; another person's is another key.
    expect(keptReadKey('u1@t1', '/care/medication/listMedicationLog', undefined, { day: '2026-11-28', residentId: 'r' })).toBe(
      keptReadKey('u1@t1', '/care/medication/listMedicationLog', undefined, { residentId: 'r', day: '2026-11-28' }),
    );
    expect(keptReadKey('u2@t1', '/care/medication/listMedicationLog', undefined, {})).not.toBe(
      keptReadKey('u1@t1', '/care/medication/listMedicationLog', undefined, {}),
    );
  });

  it('never answers one person with what another kept, and drops answers a day and a half old', async () => {
    const key = keptReadKey('u1@t1', '/care/taskInfo/listTodayTask', undefined, {})!;
    await keepRead('u1@t1', key, { records: [1] }, 1_000);
    expect((await readKept('u1@t1', key))?.data).toEqual({ records: [1] });
    expect(await readKept('u2@t1', key)).toBeUndefined();
    // A newer answer of the same person drops the old ones.
    const other = keptReadKey('u1@t1', '/care/resident/getResidentById', { id: 'r1' }, undefined)!;
    await keepRead('u1@t1', other, { id: 'r1' }, 1_000 + KEPT_MAX_AGE_MS + 1);
    expect(await readKept('u1@t1', key)).toBeUndefined();
    expect(await readKept('u1@t1', other)).toBeDefined();
  });
});

describe('the client answers from what the phone kept when there is no network', () => {
  it('shows the kept /emars day with the time it was kept, and the server again once it answers', async () => {
    signInAs('u1', 't1');
    fetchMock.mockResolvedValueOnce(ok(day('Ruth Alvarez')));
    expect((await readDay()).residents[0].name).toBe('Ruth Alvarez');
    await vi.waitFor(async () => expect(await readKept('u1@t1', keptReadKey('u1@t1', '/care/medication/listMedicationLog', undefined, {})!)).toBeDefined());

    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect((await readDay()).residents[0].name).toBe('Ruth Alvarez');
    expect(usePhoneOfflineStore.getState().savedAt).not.toBeNull();
    expect(toasts.warning).not.toHaveBeenCalled();

    fetchMock.mockResolvedValueOnce(ok(day('Ruth Alvarez')));
    await readDay();
    expect(usePhoneOfflineStore.getState().savedAt).toBeNull();
  });

  it('after sign-out, the next person finds nothing of the previous one', async () => {
    signInAs('u1', 't1');
    fetchMock.mockResolvedValueOnce(ok(day('Ruth Alvarez')));
    await readDay();
    await vi.waitFor(async () => expect(await readKept('u1@t1', keptReadKey('u1@t1', '/care/medication/listMedicationLog', undefined, {})!)).toBeDefined());
    endSession();
    await vi.waitFor(async () => expect(await readKept('u1@t1', keptReadKey('u1@t1', '/care/medication/listMedicationLog', undefined, {})!)).toBeUndefined());

    signInAs('u2', 't1');
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(readDay()).rejects.toThrow('network error');
    expect(toasts.warning).toHaveBeenCalledWith('Network error, check your network connection.');
    expect(usePhoneOfflineStore.getState().savedAt).toBeNull();
  });

  it('an access token that runs out with no network does not end the session: the kept day shows', async () => {
    signInAs('u1', 't1');
    fetchMock.mockResolvedValueOnce(ok(day('Ruth Alvarez')));
    await readDay();
    await vi.waitFor(async () => expect(await readKept('u1@t1', keptReadKey('u1@t1', '/care/medication/listMedicationLog', undefined, {})!)).toBeDefined());
    // The same person with a token about to expire: the refresh and the read both find no network.
    signInAs('u1', 't1', 5);
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    expect((await readDay()).residents[0].name).toBe('Ruth Alvarez');
    expect(useSessionStore.getState().session).not.toBeNull();
    expect(toasts.warning).not.toHaveBeenCalled();
  });

  it('asks again, while online, the day and tasks this person kept, and keeps the fresh answers', async () => {
    signInAs('u1', 't1');
    fetchMock.mockResolvedValueOnce(ok(day('Ruth Alvarez')));
    await readDay();
    const key = keptReadKey('u1@t1', '/care/medication/listMedicationLog', undefined, {})!;
    await vi.waitFor(async () => expect(await readKept('u1@t1', key)).toBeDefined());
    expect(await refreshKeptReads(false)).toBe(0);
    fetchMock.mockResolvedValueOnce(ok(day('Mei Chen')));
    expect(await refreshKeptReads(true)).toBe(1);
    expect(fetchMock.mock.calls.at(-1)?.[0]).toContain('/care/medication/listMedicationLog');
    await vi.waitFor(async () => expect((await readKept('u1@t1', key))?.data).toEqual(day('Mei Chen')));
    // Another person has nothing of u1's to ask again.
    signInAs('u2', 't1');
    expect(await refreshKeptReads(true)).toBe(0);
  });

  it('keeps nothing when keeping is off (the desktop shell keeps its own)', async () => {
    enableKeptReads(false);
    signInAs('u1', 't1');
    fetchMock.mockResolvedValueOnce(ok(day('Ruth Alvarez')));
    await readDay();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(readDay()).rejects.toThrow('network error');
  });
});
