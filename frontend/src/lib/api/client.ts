// The one HTTP client (spec 001 §7.1, §8; docs/api.md "Every request", "Every answer").
import type { Envelope, LoginResult } from '@/types/api.gen';
import { currentLanguage, i18n } from '@/lib/i18n';
import { toast } from '@/lib/feedback/toast';
import { raiseNotice } from '@/lib/feedback/notices';
import { accessTokenNeedsRefresh, deviceId } from '@/lib/session/session';
import { currentSession, endSession, storeRefreshedTokens, useSessionStore } from '@/lib/session/store';
import { CodeOffline, ServerTimeHeader } from '@/types/api.gen';
import { noteServerTime, serverNow } from '@/lib/time/serverClock';
import { reactionFor, type Failure, type Reaction, type ReactOptions } from './catalogue';
import { noteAnswer } from './offline';
import { keepRead, keptDataOf, keptReadKey, keptReadsEnabled, personKey, readKept, usePhoneOfflineStore } from '@/lib/phone/keptReads';
import { keepWrite, keptWriteOf, overlayKept, type OutboxPerson } from '@/lib/phone/outbox';
import { entriesOf, noteWriteKept, reloadOutbox, useOutboxStore } from '@/lib/phone/outboxStore';
import type { SendAnswer } from '@/lib/phone/outboxSend';
import { formatTime } from '@/lib/time/dateTime';
import type { EmarDay, TodayTasks } from '@/types/api.gen';
import { API_BASE, computeSign } from './signing.js';

/** spec 001 §9: a call gives up after 300000 ms. */
export const REQUEST_TIMEOUT_MS = 300_000;

export const CODE_OK = '0000';

type QueryValue = string | number | boolean | undefined | null;

export interface RequestOptions extends ReactOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** A multipart body (uploads), or a form-encoded one (URLSearchParams); the browser sets its Content-Type. */
  form?: FormData | URLSearchParams;
  /** A public call: no token, no Sign, no refresh (sign-in screens, /config/public). */
  noAuth?: boolean;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Never kept in the phone's outbox (the outbox's own sending). */
  noOutbox?: boolean;
}

/** A failed call. `code` is the envelope code when there was one ("" otherwise). */
export class ApiError extends Error {
  readonly code: string;
  readonly data: unknown;
  readonly httpStatus: number;
  readonly reaction: Reaction;

  constructor(message: string, opts: { code?: string; data?: unknown; httpStatus?: number; reaction: Reaction }) {
    super(message);
    this.name = 'ApiError';
    this.code = opts.code ?? '';
    this.data = opts.data;
    this.httpStatus = opts.httpStatus ?? 0;
    this.reaction = opts.reaction;
  }
}

export function isApiError(err: unknown): err is ApiError {
  return err instanceof ApiError;
}

function buildUrl(path: string, t: number, query: RequestOptions['query']): string {
  const params = new URLSearchParams({ t: String(t) });
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined && v !== null) params.set(k, String(v));
  }
  return `${API_BASE}${path}?${params.toString()}`;
}

/** A downloaded file: its bytes and what the server said about them. */
export interface DownloadedFile {
  blob: Blob;
  /** The name from Content-Disposition ("" when it named none). */
  fileName: string;
  contentType: string;
}

interface RawAnswer {
  status: number;
  envelope?: Envelope<unknown>;
  /** The bytes of a successful download (a file call answers bytes, and an envelope only on failure). */
  file?: DownloadedFile;
}

/**
 * The file name of a Content-Disposition header (RFC 6266): the exact UTF-8 `filename*=` when present,
 * else the plain `filename=`; "" when there is neither.
 */
export function fileNameFromDisposition(header: string | null): string {
  if (!header) return '';
  const star = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[2].trim());
    } catch {
      // fall back to the plain name
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header);
  if (!plain) return '';
  return (plain[1] !== undefined ? plain[1].replace(/\\(.)/g, '$1') : plain[2]).trim();
}

function isEnvelopeType(contentType: string): boolean {
  return /^application\/(problem\+)?json/i.test(contentType);
}

/**
 * Sends one request and reads the envelope, or with `binary` the bytes of a file. Throws a Failure (not an
 * Error) when nothing usable came back.
 */
async function send(path: string, opts: RequestOptions, token: string | undefined, binary = false): Promise<RawAnswer> {
  // Signed with the server's clock: a device whose clock is off stays inside the server's window.
  const t = serverNow();
  const sentAt = Date.now();
  const headers: Record<string, string> = {
    'Accept-Language': currentLanguage(),
    'Cache-Control': 'no-cache',
    'X-Device-Id': deviceId(),
  };
  if (token) {
    headers.Authorization = `Bearer ${token}`;
    headers.Sign = computeSign(token, t, path);
  }
  const method = opts.method ?? (opts.body === undefined && opts.form === undefined ? 'GET' : 'POST');
  let body: string | FormData | URLSearchParams | undefined;
  if (opts.form !== undefined) {
    body = opts.form;
  } else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), opts.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const onCallerAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onCallerAbort);
  let res: Response;
  try {
    res = await fetch(buildUrl(path, t, opts.query), { method, headers, body, signal: controller.signal, credentials: 'same-origin' });
  } catch (err) {
    if (opts.signal?.aborted) throw err; // the caller gave up (a query was cancelled): no message
    throw { type: 'network' } satisfies Failure;
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onCallerAbort);
  }
  noteServerTime(res.headers.get(ServerTimeHeader), sentAt, Date.now());
  const contentType = res.headers.get('Content-Type') ?? '';
  if (binary && res.status === 200 && !isEnvelopeType(contentType)) {
    try {
      const blob = await res.blob();
      noteAnswer(path, res.headers, undefined);
      return { status: res.status, file: { blob, contentType, fileName: fileNameFromDisposition(res.headers.get('Content-Disposition')) } };
    } catch {
      throw { type: 'network' } satisfies Failure;
    }
  }
  let envelope: Envelope<unknown> | undefined;
  try {
    const text = await res.text();
    const parsed: unknown = text === '' ? undefined : JSON.parse(text);
    if (parsed && typeof parsed === 'object' && 'code' in parsed) envelope = parsed as Envelope<unknown>;
  } catch {
    envelope = undefined;
  }
  noteAnswer(path, res.headers, envelope ? String(envelope.code) : undefined);
  return { status: res.status, envelope };
}

function failureOf(answer: RawAnswer): Failure {
  const env = answer.envelope;
  if (answer.status >= 200 && answer.status < 300) {
    if (!env) return { type: 'thrown', message: 'unreadable answer' };
    return { type: 'business', code: String(env.code), message: env.message ?? '' };
  }
  return { type: 'http', status: answer.status, code: env ? String(env.code) : undefined, message: env?.message };
}

let refreshing: Promise<boolean> | null = null;
/**
 * The last refresh was answered 4134 by the desktop shell: the cloud is away, so the session could not be
 * renewed, but it has not ended. The shell answers reads from what it kept and keeps med passes for the person
 * the (expired) token names; the next call after the cloud is back renews the token (docs/desktop.md).
 */
let refreshOffline = false;

/**
 * Trades the refresh token for a new pair. Single-flight: calls that find the token expiring while a
 * refresh is under way wait for that one, because the server spends a refresh token on first use.
 */
export function refreshTokens(): Promise<boolean> {
  refreshing ??= (async () => {
    refreshOffline = false;
    try {
      const session = currentSession();
      if (!session || (session.refreshTokenExpireTime > 0 && session.refreshTokenExpireTime <= serverNow())) return false;
      const answer = await send('/system/user/refreshToken', { body: { refreshToken: session.refreshToken } }, undefined);
      const env = answer.envelope as Envelope<LoginResult> | undefined;
      refreshOffline = env?.code === CodeOffline;
      if (answer.status !== 200 || env?.code !== CODE_OK || !env.data?.token || !env.data.refreshToken) return false;
      storeRefreshedTokens(env.data);
      return true;
    } catch (err) {
      // No network on a phone that keeps reads: the session has not ended; the first call once the network is
      // back renews the token (a 401 refreshes and retries).
      refreshOffline = keptReadsEnabled() && isNetworkFailure(err);
      return false;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/** Ends the session with the catalogue's message; the route guard then shows /login?redirect=… */
function expireSession(): void {
  if (useSessionStore.getState().session !== null) {
    toast.warning(i18n.t('api.feedback.loginExpired'));
  }
  endSession();
}

function react(reaction: Reaction): void {
  switch (reaction.kind) {
    case 'session-expired':
      expireSession();
      return;
    case 'subscription-dialog':
      raiseNotice({ kind: 'subscription', code: reaction.code, message: reaction.message });
      return;
    case 'toast':
      if (reaction.key === 'api.feedback.networkError') toast.warning(i18n.t(reaction.key));
      else toast.warning(i18n.t(reaction.key, { msg: reaction.msg }));
      return;
    case 'none':
      return;
  }
}

function fail(failure: Failure, opts: RequestOptions, data?: unknown): never {
  // 4134 (desktop shell offline, nothing cached) is shown by the offline banner, not a toast.
  const offline = (failure.type === 'business' || failure.type === 'http') && failure.code === CodeOffline;
  const reaction: Reaction = offline ? { kind: 'none' } : reactionFor(failure, opts);
  react(reaction);
  const code = failure.type === 'business' || failure.type === 'http' ? failure.code : undefined;
  const message =
    failure.type === 'network' ? 'network error' : failure.type === 'thrown' ? failure.message : (failure.message ?? '');
  throw new ApiError(message, { code, data, httpStatus: failure.type === 'http' ? failure.status : 0, reaction });
}

async function tokenForCall(opts: RequestOptions): Promise<string | undefined> {
  if (opts.noAuth) return undefined;
  const hadSession = useSessionStore.getState().session !== null;
  let session = currentSession();
  if (hadSession && session === null) {
    // The 8-hour user-id entry ran out (spec 000 §4): sign in again, without asking the server.
    fail({ type: 'http', status: 401, code: '4001' }, opts);
  }
  if (session && accessTokenNeedsRefresh(session.token)) {
    if (!(await refreshTokens()) && !refreshOffline) {
      fail({ type: 'http', status: 401, code: '4001' }, opts);
    }
    session = currentSession();
  }
  return session?.token;
}

function isNetworkFailure(err: unknown): boolean {
  return !!err && typeof err === 'object' && 'type' in err && (err as Failure).type === 'network';
}

/** Thrown by exchange instead of reporting "no network" when the caller can answer from what the phone kept. */
const NO_NETWORK = Symbol('no network');

/** One call with the token rules: refresh before, retry once after a 401. */
async function exchange(path: string, opts: RequestOptions, binary: boolean, quietNetwork = false): Promise<RawAnswer> {
  try {
    let token = await tokenForCall(opts);
    let answer = await send(path, opts, token, binary);
    // An access token can die between our check and the server's (clock skew): refresh once and retry.
    if (answer.status === 401 && token && !opts.ignoreAuth && (await refreshTokens())) {
      token = currentSession()?.token;
      answer = await send(path, opts, token, binary);
    }
    return answer;
  } catch (err) {
    if (err instanceof ApiError) throw err;
    if (quietNetwork && isNetworkFailure(err)) throw NO_NETWORK;
    if (err && typeof err === 'object' && 'type' in err) fail(err as Failure, opts);
    if (opts.signal?.aborted) throw err;
    fail({ type: 'thrown', message: err instanceof Error ? err.message : String(err) }, opts);
  }
}

/** The person and key under which a phone keeps this read (lib/phone/keptReads.ts), or undefined. */
function keptFor(path: string, opts: RequestOptions): { who: string; key: string } | undefined {
  if (!keptReadsEnabled() || opts.noAuth || opts.form !== undefined) return undefined;
  const info = currentSession()?.userInfo;
  const who = personKey(info?.userId, info?.tenantId);
  const key = who === undefined ? undefined : keptReadKey(who, path, opts.query, opts.body);
  return who !== undefined && key !== undefined ? { who, key } : undefined;
}

/** The signed-in person whose writes a phone keeps, or undefined (not a phone that keeps, nobody signed in). */
export function outboxPerson(): OutboxPerson | undefined {
  if (!keptReadsEnabled()) return undefined;
  const info = currentSession()?.userInfo;
  const who = personKey(info?.userId, info?.tenantId);
  return who === undefined || !info ? undefined : { who, userId: info.userId ?? '', name: info.userName ?? '' };
}

/** The person this write would be kept for with no network (lib/phone/outbox.ts), or undefined. */
function outboxFor(path: string, opts: RequestOptions): OutboxPerson | undefined {
  if (opts.noOutbox || opts.noAuth || opts.form !== undefined || !keptWriteOf(path, opts.body)) return undefined;
  return outboxPerson();
}

/**
 * Keeps a write on this phone (no network, or earlier writes still waiting: it goes behind them) and answers
 * it as saved here; or refuses it as the desktop would, by the same rules (shared/offline.go), as the server
 * would answer.
 */
async function keepOnPhone<T>(path: string, opts: RequestOptions, me: OutboxPerson): Promise<T> {
  const [days, tasks, entries] = await Promise.all([
    keptDataOf(me.who, '/care/medication/listMedicationLog').catch(() => []),
    keptDataOf(me.who, '/care/taskInfo/listTodayTask').catch(() => []),
    entriesOf(me.who),
  ]);
  let result: Awaited<ReturnType<typeof keepWrite>>;
  try {
    result = await keepWrite(path, opts.body, me, serverNow(), { days: days as EmarDay[], tasks: tasks as TodayTasks[], entries });
  } catch {
    // Not written on this phone (storage full or refused): not saved, said as the network error it met.
    fail({ type: 'network' }, opts);
  }
  if ('refusal' in result) {
    const r = result.refusal;
    const zone = currentSession()?.timeZone || undefined;
    const args = { ...r.args, ...(typeof r.args.time === 'number' ? { time: formatTime(r.args.time, zone, currentLanguage()) } : {}) };
    const message = i18n.t(r.key as never, args);
    const data = r.code === '4022' ? [{ field: r.field, rule: 'offline', message }] : r.data;
    fail({ type: 'business', code: r.code, message }, opts, data);
  }
  await reloadOutbox(me.who);
  noteWriteKept();
  return result.answer as T;
}

async function waitingHere(who: string): Promise<boolean> {
  const entries = await entriesOf(who).catch(() => []);
  return entries.some((e) => e.state === 'WAITING');
}

/** The reads a write kept here shows on (lib/phone/outbox.ts overlayKept). */
const OVERLAID_READS = new Set(['/care/medication/listMedicationLog', '/care/taskInfo/listTodayTask']);

/** A read with what this phone kept to send laid over it (a pass logged here shows logged, waiting to send). */
async function withKeptWrites(path: string, data: unknown): Promise<unknown> {
  if (!keptReadsEnabled() || !OVERLAID_READS.has(path)) return data;
  const info = currentSession()?.userInfo;
  const who = personKey(info?.userId, info?.tenantId);
  if (who === undefined) return data;
  // The app just opened: the person's kept writes are read before the first day is shown.
  if (useOutboxStore.getState().who !== who) await reloadOutbox(who).catch(() => []);
  const view = useOutboxStore.getState();
  return view.who === who ? overlayKept(path, data, view.entries) : data;
}

/** Calls the API and returns the envelope's data; failures are reported per the catalogue and thrown as ApiError. */
export async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const write = outboxFor(path, opts);
  // Writes made earlier wait on this phone: this one goes behind them, in order.
  if (write && (await waitingHere(write.who))) return keepOnPhone<T>(path, opts, write);
  const kept = keptFor(path, opts);
  let answer: RawAnswer;
  try {
    answer = await exchange(path, opts, false, kept !== undefined || write !== undefined);
  } catch (err) {
    if (err === NO_NETWORK && write) return keepOnPhone<T>(path, opts, write);
    if (err !== NO_NETWORK || kept === undefined) throw err;
    // No network: the answer this phone kept for this person, with the time it was kept on the banner.
    const found = await readKept(kept.who, kept.key).catch(() => undefined);
    if (!found) fail({ type: 'network' }, opts);
    usePhoneOfflineStore.setState({ savedAt: found.savedAt });
    return (await withKeptWrites(path, found.data)) as T;
  }
  // A gateway with no server behind it: the write may not have arrived, and is kept to be sent again.
  if (write && !answer.envelope && [502, 503, 504].includes(answer.status)) return keepOnPhone<T>(path, opts, write);
  if (answer.status === 200 && answer.envelope?.code === CODE_OK) {
    // The server answered: what is on screen is fresh again.
    if (usePhoneOfflineStore.getState().savedAt !== null) usePhoneOfflineStore.setState({ savedAt: null });
    if (kept) {
      const ask = { path, method: opts.method === 'GET' ? 'GET' : 'POST', query: opts.query, body: opts.body } as const;
      void keepRead(kept.who, kept.key, answer.envelope.data, Date.now(), ask).catch(() => undefined);
      return (await withKeptWrites(path, answer.envelope.data)) as T;
    }
    return answer.envelope.data as T;
  }
  fail(failureOf(answer), opts, answer.envelope?.data);
}

/** Sends one write the phone kept (lib/phone/outboxSend.ts): the server's verdict, reporting nothing. */
export async function sendKeptWrite(path: string, body: unknown): Promise<SendAnswer> {
  try {
    const data = await request<unknown>(path, { method: 'POST', body, quiet: true, handles: 'all', noOutbox: true });
    return { code: CODE_OK, message: '', data };
  } catch (err) {
    if (!isApiError(err)) return { network: true, code: '', message: String(err) };
    const network = err.code === '' && err.httpStatus === 0 && err.message === 'network error';
    return { network, httpStatus: err.httpStatus, code: err.code, message: err.message, data: err.data };
  }
}

/**
 * Calls a route that answers a file's bytes (downloads, previews). A failure still comes as an envelope and
 * is reported and thrown like any other call's.
 */
export async function requestFile(path: string, opts: RequestOptions = {}): Promise<DownloadedFile> {
  const answer = await exchange(path, opts, true);
  if (answer.status === 200 && answer.file) {
    return answer.file;
  }
  fail(failureOf(answer), opts, answer.envelope?.data);
}

export const api = {
  get: <T>(path: string, opts: Omit<RequestOptions, 'method' | 'body'> = {}) => request<T>(path, { ...opts, method: 'GET' }),
  post: <T>(path: string, body?: unknown, opts: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    request<T>(path, { ...opts, method: 'POST', body: body ?? {} }),
  /** A multipart POST (uploads). */
  upload: <T>(path: string, form: FormData | URLSearchParams, opts: Omit<RequestOptions, 'method' | 'body' | 'form'> = {}) =>
    request<T>(path, { ...opts, method: 'POST', form }),
  /** A GET that answers bytes. */
  file: (path: string, opts: Omit<RequestOptions, 'method' | 'body' | 'form'> = {}) => requestFile(path, { ...opts, method: 'GET' }),
};
