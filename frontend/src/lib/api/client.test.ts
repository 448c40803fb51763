import MD5 from 'crypto-js/md5.js';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoginResult } from '@/types/api.gen';
import { useNoticeStore } from '@/lib/feedback/notices';
import { i18n } from '@/lib/i18n';
import enUS from '@/lib/i18n/locales/en-US.json';
import { SESSION_KEYS } from '@/lib/session/session';
import { signIn, useSessionStore } from '@/lib/session/store';
import { ApiError, api, fileNameFromDisposition, REQUEST_TIMEOUT_MS } from './client';
import { useOfflineStore } from './offline';

const toasts = vi.hoisted(() => ({ success: vi.fn(), warning: vi.fn(), danger: vi.fn() }));
vi.mock('@/lib/feedback/toast', () => ({ toast: toasts, TOAST_TIMEOUT_MS: 2500 }));

function jwt(expSeconds: number): string {
  const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
  return `${b64({ alg: 'HS256' })}.${b64({ exp: expSeconds })}.sig`;
}

function envelope(code: string, data: unknown = null, message = ''): Response {
  return new Response(JSON.stringify({ code, message, data }), { status: 200 });
}

function signInWith(token: string, refreshToken = 'r1') {
  const result: LoginResult = {
    token,
    refreshToken,
    refreshTokenExpireTime: Date.now() + 86_400_000,
    loginUserInfo: { userId: 'u1', roles: 'FACILITY_OWNER' },
    subscriptionPlan: 'PREMIUM_PLAN',
    twoFactorAuthentication: false,
    sendEmailVerifyCode: false,
  };
  signIn(result);
}

beforeAll(async () => {
  await i18n.init({ lng: 'en-US', resources: { 'en-US': { translation: enUS } }, interpolation: { escapeValue: false } });
});

const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();

beforeEach(() => {
  localStorage.clear();
  useSessionStore.setState({ session: null });
  useNoticeStore.setState({ notice: null });
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  Object.values(toasts).forEach((f) => f.mockReset());
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('request headers and query (spec 001 §7.1)', () => {
  it('sends t, Bearer, Sign over the stripped path, device id, language and no-cache', async () => {
    const token = jwt(Math.floor(Date.now() / 1000) + 900);
    signInWith(token);
    fetchMock.mockResolvedValueOnce(envelope('0000', { ok: 1 }));
    const data = await api.get<{ ok: number }>('/system/user/getUserInfo', { query: { a: 'b', skip: undefined } });
    expect(data).toEqual({ ok: 1 });

    const [url, init] = fetchMock.mock.calls[0];
    const parsed = new URL(url, 'http://x');
    expect(parsed.pathname).toBe('/api/system/user/getUserInfo');
    const t = parsed.searchParams.get('t')!;
    expect(Number(t)).toBeGreaterThan(0);
    expect(parsed.searchParams.get('a')).toBe('b');
    expect(parsed.searchParams.has('skip')).toBe(false);
    const headers = init.headers as Record<string, string>;
    expect(headers.Authorization).toBe(`Bearer ${token}`);
    expect(headers.Sign).toBe(MD5(token + t + '/user/getUserInfo').toString());
    expect(headers['X-Device-Id']).toMatch(/^[0-9a-f]{32}$/);
    expect(headers['Accept-Language']).toBe('en-US');
    expect(headers['Cache-Control']).toBe('no-cache');
    expect(init.method).toBe('GET');
  });

  it('sends no token or Sign on a public call', async () => {
    signInWith(jwt(Math.floor(Date.now() / 1000) + 900));
    fetchMock.mockResolvedValueOnce(envelope('0000', {}));
    await api.get('/system/config/public', { noAuth: true });
    const headers = fetchMock.mock.calls[0][1].headers as Record<string, string>;
    expect(headers.Authorization).toBeUndefined();
    expect(headers.Sign).toBeUndefined();
  });

  it('posts JSON', async () => {
    fetchMock.mockResolvedValueOnce(envelope('0000', null));
    await api.post('/system/user/logout', { refreshToken: 'r' }, { noAuth: true });
    const init = fetchMock.mock.calls[0][1];
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"refreshToken":"r"}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });
});

describe('answers (spec 001 §8)', () => {
  it('says nothing on success (the action\'s own sentence comes from useAppMutation)', async () => {
    fetchMock.mockResolvedValueOnce(envelope('0000', null));
    await api.post('/system/x', {}, { noAuth: true });
    expect(toasts.success).not.toHaveBeenCalled();
  });

  it('reports a business failure with a warning toast and throws its code and data', async () => {
    fetchMock.mockResolvedValueOnce(envelope('4022', [{ field: 'x', rule: 'required', message: 'x is required' }], 'bad'));
    const err = await api.post('/system/x', {}, { noAuth: true }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('4022');
    expect((err as ApiError).data).toHaveLength(1);
    expect(toasts.warning).toHaveBeenCalledWith('Operation failed: bad');
  });

  it('stays quiet about codes the caller handles', async () => {
    fetchMock.mockResolvedValueOnce(envelope('4101', { attemptsLeft: 2 }, 'wrong'));
    await expect(api.post('/system/user/login', {}, { noAuth: true, handles: 'all' })).rejects.toMatchObject({ code: '4101' });
    expect(toasts.warning).not.toHaveBeenCalled();
  });

  it('opens the subscription dialog for 7001–7011', async () => {
    fetchMock.mockResolvedValueOnce(envelope('7003', null, 'not in your plan'));
    await expect(api.get('/care/x', { noAuth: true })).rejects.toBeInstanceOf(ApiError);
    expect(useNoticeStore.getState().notice).toEqual({ kind: 'subscription', code: '7003', message: 'not in your plan' });
  });

  it('ends the session on HTTP 401 when the refresh fails, saying the login expired', async () => {
    signInWith(jwt(Math.floor(Date.now() / 1000) + 900));
    fetchMock
      .mockResolvedValueOnce(new Response(JSON.stringify({ code: '4001', message: 'expired', data: null }), { status: 401 }))
      .mockResolvedValueOnce(new Response(JSON.stringify({ code: '4002', message: 'revoked', data: null }), { status: 410 }));
    await expect(api.get('/system/user/getUserInfo')).rejects.toMatchObject({ code: '4001' });
    expect(toasts.warning).toHaveBeenCalledWith('Login has expired, please try again.');
    expect(useSessionStore.getState().session).toBeNull();
    expect(localStorage.getItem(SESSION_KEYS.token)).toBeNull();
  });

  it('ends the session on HTTP 410', async () => {
    signInWith(jwt(Math.floor(Date.now() / 1000) + 900));
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ code: '4002', message: 'revoked', data: null }), { status: 410 }));
    await expect(api.get('/system/user/getUserInfo')).rejects.toMatchObject({ code: '4002' });
    expect(useSessionStore.getState().session).toBeNull();
  });

  it('says network error when nothing answers', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api.get('/system/x', { noAuth: true })).rejects.toBeInstanceOf(ApiError);
    expect(toasts.warning).toHaveBeenCalledWith('Network error, check your network connection.');
  });

  it('gives up after the timeout', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = api.get('/system/slow', { noAuth: true }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect(await pending).toBeInstanceOf(ApiError);
    expect(toasts.warning).toHaveBeenCalledWith('Network error, check your network connection.');
  });
});

describe('the 8-hour sign-in', () => {
  it('ends the session before calling once the user-id entry is 8 hours old', async () => {
    signInWith(jwt(Math.floor(Date.now() / 1000) + 900));
    localStorage.setItem(SESSION_KEYS.userId, JSON.stringify({ value: 'u1', time: Date.now() - 28_800_000 }));
    await expect(api.get('/system/user/getUserInfo')).rejects.toMatchObject({ code: '4001' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(useSessionStore.getState().session).toBeNull();
    expect(localStorage.getItem(SESSION_KEYS.token)).toBeNull();
    expect(toasts.warning).toHaveBeenCalledWith('Login has expired, please try again.');
  });
});

describe('token refresh', () => {
  it('refreshes an expiring token once for concurrent calls, then uses the new token', async () => {
    signInWith(jwt(Math.floor(Date.now() / 1000) + 10), 'old-refresh');
    const fresh = jwt(Math.floor(Date.now() / 1000) + 900);
    let refreshCalls = 0;
    fetchMock.mockImplementation(async (url, init) => {
      if (url.startsWith('/api/system/user/refreshToken')) {
        refreshCalls++;
        expect(JSON.parse(init.body as string)).toEqual({ refreshToken: 'old-refresh' });
        await new Promise((r) => setTimeout(r, 10));
        return envelope('0000', { token: fresh, refreshToken: 'new-refresh', refreshTokenExpireTime: Date.now() + 1e6 });
      }
      return envelope('0000', (init.headers as Record<string, string>).Authorization);
    });
    const answers = await Promise.all([api.get('/system/a'), api.get('/system/b'), api.get('/care/c')]);
    expect(refreshCalls).toBe(1);
    expect(answers).toEqual([`Bearer ${fresh}`, `Bearer ${fresh}`, `Bearer ${fresh}`]);
    expect(localStorage.getItem(SESSION_KEYS.refreshToken)).toBe('new-refresh');
  });

  it('keeps the session while the desktop shell says the cloud is away (4134), calling with the old token', async () => {
    const old = jwt(Math.floor(Date.now() / 1000) - 600);
    signInWith(old);
    fetchMock.mockImplementation(async (url, init) => {
      if (url.startsWith('/api/system/user/refreshToken')) return envelope('4134', { detail: 'dial tcp: refused' });
      return new Response(JSON.stringify({ code: '0000', message: '', data: (init.headers as Record<string, string>).Authorization }), {
        status: 200,
        headers: { 'X-Hearth-Offline-Since': '1700000000000' },
      });
    });
    await expect(api.get('/care/medication/getMedicationById')).resolves.toBe(`Bearer ${old}`);
    expect(useSessionStore.getState().session).not.toBeNull();
    expect(toasts.warning).not.toHaveBeenCalled();
  });

  it('ends the session when the refresh is refused', async () => {
    signInWith(jwt(Math.floor(Date.now() / 1000) - 10));
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ code: '4002', message: 'reused', data: null }), { status: 410 }));
    await expect(api.get('/system/a')).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(useSessionStore.getState().session).toBeNull();
    expect(toasts.warning).toHaveBeenCalledWith('Login has expired, please try again.');
  });
});

describe('uploads and downloads (spec 001 §7.4)', () => {
  it('posts a multipart form without setting its Content-Type, signed like any call', async () => {
    const token = jwt(Math.floor(Date.now() / 1000) + 900);
    signInWith(token);
    fetchMock.mockResolvedValueOnce(envelope('0000', [{ fileId: 'f1' }]));
    const form = new FormData();
    form.append('category', 'SERVICE_TICKET_FILE');
    const items = await api.upload<{ fileId: string }[]>('/system/files/upload', form);
    expect(items).toEqual([{ fileId: 'f1' }]);
    const [url, init] = fetchMock.mock.calls[0];
    expect(init.method).toBe('POST');
    expect(init.body).toBe(form);
    const headers = init.headers as Record<string, string>;
    expect(headers['Content-Type']).toBeUndefined();
    const t = new URL(url, 'http://x').searchParams.get('t')!;
    expect(headers.Sign).toBe(MD5(token + t + '/files/upload').toString());
  });

  it('answers the bytes, type and name of a file', async () => {
    signInWith(jwt(Math.floor(Date.now() / 1000) + 900));
    fetchMock.mockResolvedValueOnce(
      new Response(new Uint8Array([37, 80, 68, 70]), {
        status: 200,
        headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `inline; filename="a_.pdf"; filename*=UTF-8''a%C3%B1.pdf` },
      }),
    );
    const file = await api.file('/system/files/downloadByPath', { query: { path: 'f1', preview: true } });
    expect(file.contentType).toBe('application/pdf');
    expect(file.fileName).toBe('añ.pdf');
    expect(file.blob.size).toBe(4);
    expect(new URL(fetchMock.mock.calls[0][0], 'http://x').searchParams.get('preview')).toBe('true');
  });

  it('reports a download refused with an envelope like any failure', async () => {
    signInWith(jwt(Math.floor(Date.now() / 1000) + 900));
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ code: '4004', message: 'not found', data: null }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    await expect(api.file('/system/files/downloadByPath')).rejects.toMatchObject({ code: '4004' });
    expect(toasts.warning).toHaveBeenCalledWith('Operation failed: not found');
  });
});

describe('fileNameFromDisposition', () => {
  it.each([
    [`attachment; filename="scan.pdf"; filename*=UTF-8''scan.pdf`, 'scan.pdf'],
    [`inline; filename="_.png"; filename*=UTF-8''%E6%89%AB%E6%8F%8F.png`, '扫描.png'],
    ['attachment; filename="say \\"hi\\".pdf"', 'say "hi".pdf'],
    ['attachment; filename=plain.png', 'plain.png'],
    ['inline', ''],
    [null, ''],
  ])('%s → %s', (header, want) => {
    expect(fileNameFromDisposition(header)).toBe(want);
  });
});

describe('the desktop shell offline header (issue 6)', () => {
  beforeEach(() => useOfflineStore.setState({ since: null, notCached: false }));

  function cached(code: string, since: string): Response {
    return new Response(JSON.stringify({ code, message: '', data: {} }), { status: 200, headers: { 'X-Hearth-Offline-Since': since } });
  }

  it('remembers when a cached answer was fetched, and forgets it on the next answer from the cloud', async () => {
    fetchMock.mockResolvedValueOnce(cached('0000', '1767261900000'));
    await api.get('/care/kiosk/caregivers', { noAuth: true });
    expect(useOfflineStore.getState()).toEqual({ since: 1767261900000, notCached: false });

    fetchMock.mockResolvedValueOnce(envelope('0000', {}));
    await api.get('/care/kiosk/caregivers', { noAuth: true });
    expect(useOfflineStore.getState()).toEqual({ since: null, notCached: false });
  });

  it('says "not opened before" for 4134 without a toast, and still throws the code', async () => {
    fetchMock.mockResolvedValueOnce(envelope('4134', null, 'offline'));
    await expect(api.get('/care/resident/list', { noAuth: true })).rejects.toMatchObject({ code: '4134' });
    expect(useOfflineStore.getState().notCached).toBe(true);
    expect(useOfflineStore.getState().since).not.toBeNull();
    expect(toasts.warning).not.toHaveBeenCalled();
  });

  it("ignores the shell's own calls, which never reach the cloud", async () => {
    useOfflineStore.setState({ since: 5, notCached: false });
    fetchMock.mockResolvedValueOnce(envelope('0000', { mode: 'KIOSK' }));
    await api.get('/desktop/status', { noAuth: true });
    expect(useOfflineStore.getState().since).toBe(5);
  });

  it('ignores a header that is not a number', async () => {
    fetchMock.mockResolvedValueOnce(cached('0000', 'yesterday'));
    await api.get('/care/kiosk/caregivers', { noAuth: true });
    expect(useOfflineStore.getState().since).toBeNull();
  });
});
