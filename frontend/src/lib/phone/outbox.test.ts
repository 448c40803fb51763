// The phone's outbox (issue 34): writes made with no network are kept in order, per person, checked by the
// desktop's offline rules, shown on the kept day, and sent once each when the network is back; a pass someone
// else logged first comes back as a conflict naming who and when. IndexedDB comes from fake-indexeddb.
import 'fake-indexeddb/auto';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EmarDay, LoginResult, MedPass, TodayTasks } from '@/types/api.gen';
import { i18n } from '@/lib/i18n';
import enUS from '@/lib/i18n/locales/en-US.json';
import { api, isApiError, outboxPerson, sendKeptWrite } from '@/lib/api/client';
import { signIn, useSessionStore } from '@/lib/session/store';
import { serverNow } from '@/lib/time/serverClock';
import { closeKeptReads, enableKeptReads, forgetKeptReads } from './keptReads';
import { isKeptOnPhone } from './outbox';
import { closeOutboxStore, entriesOf, reloadOutbox, resetOutboxStore, useOutboxStore } from './outboxStore';
import { backoffMs, BACKOFF_MAX_MS, dismissEntry, sendRound, type SendAnswer } from './outboxSend';

const toasts = vi.hoisted(() => ({ success: vi.fn(), warning: vi.fn(), danger: vi.fn(), offer: vi.fn() }));
vi.mock('@/lib/feedback/toast', () => ({ toast: toasts, TOAST_TIMEOUT_MS: 2500 }));

const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();

function jwt(expSeconds: number): string {
  const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
  return `${b64({ alg: 'HS256' })}.${b64({ exp: expSeconds })}.sig`;
}

function signInAs(userId: string, userName: string) {
  const result: LoginResult = {
    token: jwt(Math.floor(Date.now() / 1000) + 900),
    refreshToken: 'r',
    refreshTokenExpireTime: Date.now() + 86_400_000,
    loginUserInfo: { userId, tenantId: 't1', roles: 'CAREGIVER', userName },
    subscriptionPlan: 'PREMIUM_PLAN',
    twoFactorAuthentication: false,
    sendEmailVerifyCode: false,
  };
  signIn(result);
}

const ok = (data: unknown) => new Response(JSON.stringify({ code: '0000', message: '', data }), { status: 200 });
const offline = () => fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

function pass(passId: string, due: number, extra: Partial<MedPass> = {}): MedPass {
  return {
    passId,
    medicationId: `m-${passId}`,
    residentId: 'r-ruth',
    residentName: 'Ruth Alvarez',
    medicationName: `Drug ${passId}`,
    medicationType: 'ROUTINE',
    route: 'ORAL',
    dose: '1 tab',
    kind: 'SCHEDULED',
    day: '2026-11-28',
    timeOfDay: '08:00',
    dueTime: due,
    status: 'DUE',
    colour: 'BLUE',
    warned: false,
    late: false,
    ...extra,
  };
}

function emarDay(now: number): EmarDay {
  return {
    day: '2026-11-28',
    now,
    residents: [
      {
        residentId: 'r-ruth',
        name: 'Ruth Alvarez',
        room: '1',
        allergies: '',
        avatarFileId: '',
        avatarUrl: '',
        assistanceLevel: 'SELF_ADMINISTRATION',
        redCount: 0,
        medications: [],
        passes: [
          pass('p1', now),
          pass('p2', now + 10 * 60_000),
          pass('p3', now, { outcome: 'GIVEN', status: 'GIVEN', colour: 'GREEN', staffName: 'Grace Kim', givenTime: now - 5 * 60_000 }),
          pass('p4', now + 3 * 3_600_000, { status: 'UPCOMING', colour: 'GREY' }),
        ],
      },
    ],
    counts: { grey: 1, blue: 2, yellow: 0, red: 0, green: 1, orange: 0 },
  } as EmarDay;
}

const tasks: TodayTasks = {
  day: '2026-11-28',
  records: [{ recordId: 'rec1', title: 'Morning walk', residentName: 'Ruth Alvarez', status: 'PENDING', completedAt: 0 } as TodayTasks['records'][number]],
  asNeeded: [],
  total: 1,
  completed: 0,
  expired: 0,
};

const readDay = () => api.post<EmarDay>('/care/medication/listMedicationLog', {});
const logPass = (passId: string, outcome = 'GIVEN', clientId = `c-${passId}-0001`) =>
  api.post<MedPass>('/care/medication/logPass', { passId, clientId, outcome, reason: outcome === 'GIVEN' ? undefined : 'Said no' }, { handles: ['4009', '4022'] });

/** Signs in, reads the day and the tasks online (kept), then loses the network. */
async function onlineThenOffline(userId = 'u1', name = 'Amina Njoroge') {
  signInAs(userId, name);
  fetchMock.mockResolvedValueOnce(ok(emarDay(serverNow())));
  await readDay();
  fetchMock.mockResolvedValueOnce(ok(tasks));
  await api.post('/care/taskInfo/listTodayTask', {});
  // keepRead is not awaited by the client: wait until both are there.
  await vi.waitFor(async () => {
    const { keptDataOf } = await import('./keptReads');
    expect((await keptDataOf(`${userId}@t1`, '/care/taskInfo/listTodayTask')).length).toBe(1);
    expect((await keptDataOf(`${userId}@t1`, '/care/medication/listMedicationLog')).length).toBe(1);
  });
  offline();
}

/** A sender that records what it was asked and answers from a script (0000 with the body by default). */
function fakeServer(script: (path: string, body: Record<string, unknown>, n: number) => SendAnswer | undefined = () => undefined) {
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  const sender = async (path: string, body: unknown): Promise<SendAnswer> => {
    const b = body as Record<string, unknown>;
    calls.push({ path, body: b });
    return script(path, b, calls.length) ?? { code: '0000', message: '', data: { ...b, passId: b.passId ?? 'server-pass' } };
  };
  return { calls, sender };
}

beforeAll(async () => {
  await i18n.init({ lng: 'en-US', resources: { 'en-US': { translation: enUS } }, interpolation: { escapeValue: false } });
});

beforeEach(async () => {
  localStorage.clear();
  useSessionStore.setState({ session: null });
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  Object.values(toasts).forEach((f) => f.mockReset());
  enableKeptReads(true);
  await forgetKeptReads();
  await resetOutboxStore();
  useOutboxStore.setState({ who: undefined, entries: [], sending: false, changedAt: 0 });
});

afterEach(async () => {
  vi.unstubAllGlobals();
  enableKeptReads(false);
  await closeKeptReads();
});

describe('keeping writes with no network', () => {
  it('keeps passes and a task in the order made, answered as saved on this phone and shown on the kept day', async () => {
    await onlineThenOffline();
    const given = await logPass('p1');
    expect(isKeptOnPhone(given)).toBe(true);
    expect(given).toMatchObject({ passId: 'p1', outcome: 'GIVEN', staffName: 'Amina Njoroge', initials: 'AN', queued: true });
    await logPass('p2', 'REFUSED');
    const done = await api.post('/care/taskInfo/completeTask', { recordId: 'rec1', comment: 'Walked to the park' });
    expect(done).toMatchObject({ recordId: 'rec1', status: 'COMPLETED', completedByName: 'Amina Njoroge' });
    expect(toasts.warning).not.toHaveBeenCalled();

    const kept = await entriesOf('u1@t1');
    expect(kept.map((e) => [e.kind, e.state])).toEqual([
      ['pass', 'WAITING'],
      ['pass', 'WAITING'],
      ['task', 'WAITING'],
    ]);
    // The time it happened is when it was made, not when it will arrive.
    expect((kept[0].body as { givenTime: number }).givenTime).toBeGreaterThan(0);

    // The kept day shows the passes logged (waiting to send), the tasks the completion.
    const day = await readDay();
    const [p1, p2] = day.residents[0].passes;
    expect(p1).toMatchObject({ outcome: 'GIVEN', status: 'GIVEN', colour: 'GREEN', queued: true });
    expect(p2).toMatchObject({ outcome: 'REFUSED', status: 'REFUSED', colour: 'ORANGE', queued: true });
    const t = await api.post<TodayTasks>('/care/taskInfo/listTodayTask', {});
    expect(t.records[0]).toMatchObject({ status: 'COMPLETED', keptOnPhone: true });
    expect(t.completed).toBe(1);
  });

  it('refuses at once what the desktop refuses offline: a pass logged already, one not open yet', async () => {
    await onlineThenOffline();
    const logged = await logPass('p3').catch((e: unknown) => e);
    expect(isApiError(logged) && logged.code).toBe('4009');
    expect((logged as Error).message).toMatch(/^Grace Kim already logged this pass at /);
    expect((logged as { data: MedPass }).data.passId).toBe('p3');
    const early = await logPass('p4').catch((e: unknown) => e);
    expect(isApiError(early) && early.code).toBe('4022');
    expect((early as { data: { field: string }[] }).data[0].field).toBe('givenTime');
    // Logged here already by this phone: the same answer as someone else's log.
    await logPass('p1');
    const twice = await logPass('p1', 'REFUSED', 'c-other-0001').catch((e: unknown) => e);
    expect(isApiError(twice) && twice.code).toBe('4009');
    expect((await entriesOf('u1@t1')).length).toBe(1);
  });

  it('keeps the same write once, whatever it was asked', async () => {
    await onlineThenOffline();
    await logPass('p1');
    await logPass('p1').catch(() => undefined);
    expect((await entriesOf('u1@t1')).length).toBe(1);
  });

  it('survives the app being closed: the database opened again has every write', async () => {
    await onlineThenOffline();
    await logPass('p1');
    await api.post('/care/progressNote/batchSave', { notes: [{ clientId: 'note-0001', residentId: 'r-ruth', noteType: 'OTHER', notes: 'Slept well' }] });
    await closeOutboxStore();
    const again = await entriesOf('u1@t1');
    expect(again.map((e) => e.kind)).toEqual(['pass', 'note']);
    expect((again[1].body as { notes: { reportDate: number }[] }).notes[0].reportDate).toBeGreaterThan(0);
  });

  it('keeps one person\'s writes apart from another\'s', async () => {
    await onlineThenOffline('u1', 'Amina Njoroge');
    await logPass('p1');
    signInAs('u2', 'Wei Chen');
    expect(outboxPerson()?.who).toBe('u2@t1');
    expect(await entriesOf('u2@t1')).toEqual([]);
    await reloadOutbox('u2@t1');
    expect(useOutboxStore.getState().entries).toEqual([]);
    const { calls, sender } = fakeServer();
    expect((await sendRound({ who: 'u2@t1', userId: 'u2', name: 'Wei Chen' }, sender)).sent).toBe(0);
    expect(calls).toEqual([]);
    expect((await entriesOf('u1@t1')).length).toBe(1);
  });
});

describe('sending what was kept', () => {
  const me = { who: 'u1@t1', userId: 'u1', name: 'Amina Njoroge' };

  it('sends in the order made, once each', async () => {
    await onlineThenOffline();
    await logPass('p1');
    await logPass('p2', 'REFUSED');
    await api.post('/care/taskInfo/completeTask', { recordId: 'rec1', comment: 'Walked to the park' });
    const { calls, sender } = fakeServer();
    expect((await sendRound(me, sender)).sent).toBe(3);
    expect(calls.map((c) => [c.path, c.body.passId ?? c.body.recordId])).toEqual([
      ['/care/medication/logPass', 'p1'],
      ['/care/medication/logPass', 'p2'],
      ['/care/taskInfo/completeTask', 'rec1'],
    ]);
    expect(calls[0].body.clientId).toBe('c-p1-0001');
    expect(await entriesOf('u1@t1')).toEqual([]);
    expect((await sendRound(me, sender)).sent).toBe(0);
    expect(calls.length).toBe(3);
  });

  it('waits and tries again after a network error, the later writes behind it', async () => {
    await onlineThenOffline();
    await logPass('p1');
    await logPass('p2', 'REFUSED');
    let clock = 1_000_000;
    const { calls, sender } = fakeServer((_p, _b, n) => (n === 1 ? { network: true, code: '', message: 'network error' } : undefined));
    const first = await sendRound(me, sender, () => clock);
    expect(first.sent).toBe(0);
    expect(first.retryAt).toBeGreaterThan(clock);
    expect(calls.length).toBe(1);
    const [waiting] = await entriesOf('u1@t1');
    expect(waiting.attempts).toBe(1);
    // Not before its time.
    expect((await sendRound(me, sender, () => clock)).sent).toBe(0);
    clock = first.retryAt;
    expect((await sendRound(me, sender, () => clock)).sent).toBe(2);
    expect(calls.map((c) => c.body.passId)).toEqual(['p1', 'p1', 'p2']);
  });

  it('backs off 1 s doubling to 60 s, ±20 %', () => {
    expect(backoffMs(1, () => 0.5)).toBe(1_000);
    expect(backoffMs(2, () => 0.5)).toBe(2_000);
    expect(backoffMs(20, () => 0.5)).toBe(BACKOFF_MAX_MS);
    expect(backoffMs(1, () => 0)).toBe(800);
    expect(backoffMs(1, () => 1)).toBe(1_200);
  });

  it('a write whose answer was lost is not stored twice: the server answers it as ours', async () => {
    await onlineThenOffline();
    await logPass('p1');
    const { sender } = fakeServer(() => ({ code: '4009', message: 'already', data: pass('p1', 0, { outcome: 'GIVEN', staffName: 'Amina Njoroge', clientId: 'c-p1-0001' }) }));
    expect((await sendRound(me, sender)).sent).toBe(1);
    expect(await entriesOf('u1@t1')).toEqual([]);
  });

  it('a pass logged first from another device is a conflict naming who and when, until seen', async () => {
    await onlineThenOffline();
    await logPass('p1');
    const other = pass('p1', 0, { outcome: 'REFUSED', staffName: 'Grace Kim', givenTime: 1_700_000_000_000, clientId: 'theirs-0001' });
    const { sender } = fakeServer(() => ({ code: '4009', message: 'Grace Kim already logged this pass', data: other }));
    expect((await sendRound(me, sender)).sent).toBe(0);
    const [conflict] = await entriesOf('u1@t1');
    expect(conflict).toMatchObject({ state: 'CONFLICT', other: { name: 'Grace Kim', time: 1_700_000_000_000, outcome: 'REFUSED' } });
    // Never sent again; the day says the log made here was not kept.
    expect((await sendRound(me, sender)).sent).toBe(0);
    fetchMock.mockResolvedValueOnce(ok({ ...emarDay(serverNow()), residents: [{ ...emarDay(serverNow()).residents[0], passes: [other] }] }));
    await reloadOutbox('u1@t1');
    const day = await readDay();
    expect(day.residents[0].passes[0]).toMatchObject({ staffName: 'Grace Kim', localConflict: { staffName: 'Amina Njoroge', onPhone: true } });
    useOutboxStore.setState({ who: 'u1@t1' });
    await dismissEntry(conflict);
    expect(await entriesOf('u1@t1')).toEqual([]);
  });

  it('a refusal is kept with the server\'s message until seen; a dead session waits', async () => {
    await onlineThenOffline();
    await logPass('p1');
    await logPass('p2', 'REFUSED');
    const auth = fakeServer(() => ({ code: '4001', httpStatus: 401, message: 'expired' }));
    expect((await sendRound(me, auth.sender)).sent).toBe(0);
    expect((await entriesOf('u1@t1')).map((e) => e.state)).toEqual(['WAITING', 'WAITING']);
    const refuse = fakeServer((_p, b) => (b.passId === 'p1' ? { code: '4022', message: 'The order was discontinued' } : undefined));
    expect((await sendRound(me, refuse.sender)).sent).toBe(1);
    expect(await entriesOf('u1@t1')).toMatchObject([{ state: 'REFUSED', message: 'The order was discontinued' }]);
  });

  it('a task someone else completed first is a conflict; one this person completed is sent', async () => {
    await onlineThenOffline();
    await api.post('/care/taskInfo/completeTask', { recordId: 'rec1', comment: 'Walked' });
    const { sender } = fakeServer(() => ({ code: '0000', message: '', data: { recordId: 'rec1', alreadyCompleted: true, completedBy: 'u9', completedByName: 'Grace Kim', completedAt: 5 } }));
    await sendRound(me, sender);
    expect(await entriesOf('u1@t1')).toMatchObject([{ state: 'CONFLICT', other: { name: 'Grace Kim', time: 5 } }]);
  });

  it('an effect check of a PRN dose kept here follows the dose with the server\'s pass id', async () => {
    await onlineThenOffline();
    const dose = await api.post<MedPass>('/care/medication/logPrn', { medicationId: 'm-prn', clientId: 'prn-00001', reason: 'Pain' });
    expect(dose.passId).toBe('local-prn-00001');
    await api.post('/care/medication/prnFollowUp', { passId: dose.passId, effective: true });
    const { calls, sender } = fakeServer((path) => (path.endsWith('logPrn') ? { code: '0000', message: '', data: { passId: 'server-prn-1' } } : undefined));
    expect((await sendRound(me, sender)).sent).toBe(2);
    expect(calls[1]).toEqual({ path: '/care/medication/prnFollowUp', body: { passId: 'server-prn-1', effective: true } });
  });

  it('sends through the one client, signed, and says a network error without a toast', async () => {
    signInAs('u1', 'Amina Njoroge');
    fetchMock.mockResolvedValueOnce(ok({ passId: 'p1', outcome: 'GIVEN' }));
    expect(await sendKeptWrite('/care/medication/logPass', { passId: 'p1', clientId: 'c-p1-0001', outcome: 'GIVEN' })).toMatchObject({ code: '0000' });
    const init = fetchMock.mock.calls[0][1];
    expect((init.headers as Record<string, string>).Sign).toBeTruthy();
    offline();
    expect(await sendKeptWrite('/care/medication/logPass', { passId: 'p1' })).toMatchObject({ network: true });
    expect(toasts.warning).not.toHaveBeenCalled();
    // Sending never keeps the write again.
    expect(await entriesOf('u1@t1')).toEqual([]);
  });
});
