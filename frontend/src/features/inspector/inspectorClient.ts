// The inspector's own small client: an inspector is no user of the home, so the app's session store and
// client (with their sign-out and refresh rules) are not theirs. Calls are signed the same way (docs/api.md
// "Every request"); the session lives in this tab only (sessionStorage) and ends with the tab.
import type { Envelope, InspectorSession } from '@/types/api.gen';
import { API_BASE, computeSign } from '@/lib/api/signing.js';
import { currentLanguage } from '@/lib/i18n';

const SESSION_KEY = 'hearth.inspector.session';

/** Codes the inspector's pages act on. */
export const CODE_OK = '0000';
export const CODE_SESSION_ENDED = '4002';

export class InspectorError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'InspectorError';
  }
}

/** The link has ended (revoked or expired): HTTP 410 on a signed-in call or on a refresh. */
export function linkEnded(err: unknown): boolean {
  return err instanceof InspectorError && (err.status === 410 || err.code === CODE_SESSION_ENDED);
}

export function loadSession(): InspectorSession | null {
  try {
    const raw = sessionStorage.getItem(SESSION_KEY);
    return raw ? (JSON.parse(raw) as InspectorSession) : null;
  } catch {
    return null;
  }
}

export function saveSession(s: InspectorSession | null): void {
  if (s) sessionStorage.setItem(SESSION_KEY, JSON.stringify(s));
  else sessionStorage.removeItem(SESSION_KEY);
}

interface CallOptions {
  method?: 'GET' | 'POST';
  body?: unknown;
  query?: Record<string, string>;
  signed?: boolean;
}

async function send(path: string, opts: CallOptions, token?: string): Promise<Response> {
  const t = Date.now();
  const params = new URLSearchParams({ t: String(t), ...(opts.query ?? {}) });
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'Accept-Language': currentLanguage() };
  if (token) {
    headers.Authorization = `Bearer ${token}`;
    headers.Sign = computeSign(token, t, path);
  }
  return fetch(`${API_BASE}${path}?${params.toString()}`, {
    method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
}

async function envelope<T>(res: Response): Promise<T> {
  const env = (await res.json()) as Envelope<T>;
  if (res.status !== 200 || env.code !== CODE_OK) throw new InspectorError(env.message, env.code, res.status);
  return env.data;
}

async function refresh(s: InspectorSession): Promise<InspectorSession> {
  const next = await envelope<InspectorSession>(await send('/system/inspector/refreshInspectorToken', { body: { refreshToken: s.refreshToken } }));
  saveSession(next);
  return next;
}

/** A public call (the code and the sign-in). */
export async function publicCall<T>(path: string, body: unknown): Promise<T> {
  return envelope<T>(await send(path, { body }));
}

/** A signed-in call: the access token is renewed when it is about to end or has ended (401). */
async function signedResponse(path: string, opts: CallOptions): Promise<Response> {
  let s = loadSession();
  if (!s) throw new InspectorError('', CODE_SESSION_ENDED, 410);
  if (s.tokenExpires - Date.now() < 30_000) s = await refresh(s);
  let res = await send(path, opts, s.token);
  if (res.status === 401) {
    s = await refresh(s);
    res = await send(path, opts, s.token);
  }
  return res;
}

export async function signedCall<T>(path: string, query?: Record<string, string>): Promise<T> {
  return envelope<T>(await signedResponse(path, { query }));
}

/** Downloads a file of a shared area and hands it to the browser. */
export async function downloadFile(fileId: string, name: string): Promise<void> {
  const res = await signedResponse('/system/inspector/downloadInspectorFile', { query: { id: fileId } });
  if (res.status !== 200 || (res.headers.get('Content-Type') ?? '').includes('application/json')) {
    await envelope(res);
    return;
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
