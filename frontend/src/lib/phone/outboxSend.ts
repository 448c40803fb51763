// Sending what the phone kept (issue 34, docs/frontend.md "Phone app"): a person's writes go oldest first, each
// with its client id, so a write sent twice (an answer lost, a page closed mid-send) is stored once. A network
// error or a busy server waits 1 s doubling to 60 s (±20 %) and the later writes wait behind it (a punch's
// in or out depends on the one before); a dead token waits for the person to sign in; someone logged the pass
// first (4009 with their record) → a conflict naming who and when; any other refusal → refused with the
// server's message. Both stay on the list until their person has seen them. Rounds start when the network comes
// back (`online`), when the app is shown again (focus, visibilitychange), when it opens, when a write is kept,
// and when Background Sync wakes the service worker (public/sw-outbox.js asks the open pages to send).
import type { CompleteTaskRequest, MedPass, PrnFollowUpRequest, TaskRecord } from '@/types/api.gen';
import { LOCAL_PASS_PREFIX, type OutboxPerson } from './outbox';
import { deleteEntry, entriesOf, onWriteKept, putEntry, reloadOutbox, useOutboxStore, type OutboxEntry } from './outboxStore';

/** What the server answered a write (network: no answer at all). */
export interface SendAnswer {
  network?: boolean;
  httpStatus?: number;
  code: string;
  message: string;
  data?: unknown;
}

export type OutboxSender = (path: string, body: unknown) => Promise<SendAnswer>;

export const BACKOFF_FIRST_MS = 1_000;
export const BACKOFF_MAX_MS = 60_000;

/** The wait before try n+1 after n failed tries: 1 s doubling to 60 s, ±20 % so phones do not retry in step. */
export function backoffMs(attempts: number, random = Math.random): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** Codes after which the same write is tried again later (the server was busy or down, or the plan refused). */
function retryable(a: SendAnswer): boolean {
  if (a.network) return true;
  if (!a.code) return (a.httpStatus ?? 0) >= 500 || a.httpStatus === 429;
  return ['5000', '5003', '5007', '4005', '4029'].includes(a.code) || /^7\d\d\d$/.test(a.code);
}

function authEnded(a: SendAnswer): boolean {
  return a.httpStatus === 401 || a.httpStatus === 410 || ['4001', '401', '4002'].includes(a.code);
}

export interface RoundResult {
  sent: number;
  /** Writes that became a conflict or a refusal. */
  settled: number;
  /** Epoch ms of the next try of a write that waits after a failure, or 0. */
  retryAt: number;
}

/** Sends one person's waiting writes, oldest first, until one cannot be sent now. */
export async function sendRound(me: OutboxPerson, sender: OutboxSender, now: () => number = Date.now): Promise<RoundResult> {
  const entries = await entriesOf(me.who);
  let sent = 0;
  let settled = 0;
  let retryAt = 0;
  for (const e of entries) {
    if (e.state !== 'WAITING') continue;
    if (e.nextTryAt > now()) {
      retryAt = e.nextTryAt;
      break;
    }
    if (e.kind === 'followUp' && String((e.body as PrnFollowUpRequest).passId).startsWith(LOCAL_PASS_PREFIX)) {
      // The dose it checks was kept here too: sent above it went first and gave it its pass id, or was refused.
      const doseId = String((e.body as PrnFollowUpRequest).passId).slice(LOCAL_PASS_PREFIX.length);
      const dose = entries.find((d) => d.kind === 'prn' && d.id === doseId);
      if (dose && dose.state === 'WAITING') break;
      await putEntry({ ...e, state: 'REFUSED', messageKey: 'app.outbox.doseNotRecorded' });
      settled++;
      continue;
    }
    const a = await sender(e.path, e.body);
    if (retryable(a)) {
      const attempts = e.attempts + 1;
      const next = now() + backoffMs(attempts);
      await putEntry({ ...e, attempts, nextTryAt: next });
      retryAt = next;
      break;
    }
    if (authEnded(a)) break; // waits for its person to sign in again
    const verdict = judge(e, a, me);
    if (verdict === 'sent') {
      await deleteEntry(e.seq as number);
      sent++;
      if (e.kind === 'prn') await givePassId(entries, e, a.data as MedPass | undefined);
    } else {
      await putEntry({ ...e, attempts: e.attempts + 1, ...verdict });
      settled++;
    }
  }
  return { sent, settled, retryAt };
}

/** What an answer makes of a write: sent (ours, stored once), or a conflict or refusal to show. */
function judge(e: OutboxEntry, a: SendAnswer, me: OutboxPerson): 'sent' | Partial<OutboxEntry> {
  if (a.code === '0000') {
    const rec = a.data as TaskRecord | undefined;
    if (e.kind === 'task' && rec?.alreadyCompleted && rec.completedBy !== me.userId) {
      return { state: 'CONFLICT', other: { name: rec.completedByName, time: rec.completedAt } };
    }
    return 'sent';
  }
  const first = a.data as MedPass | undefined;
  if (a.code === '4009' && first && typeof first === 'object' && 'passId' in first) {
    if (e.kind === 'followUp') {
      const mine = e.body as PrnFollowUpRequest;
      if (first.followUpEffective === mine.effective && (first.followUpNote ?? '') === (mine.note ?? '').trim()) return 'sent';
      return { state: 'CONFLICT', other: { name: first.followUpByName ?? '', time: first.followUpTime ?? 0 } };
    }
    if ((first as MedPass & { clientId?: string }).clientId === e.id) return 'sent';
    return { state: 'CONFLICT', other: { name: first.staffName ?? '', time: first.givenTime ?? 0, outcome: first.outcome } };
  }
  return { state: 'REFUSED', message: a.message || a.code };
}

/** A PRN dose sent: its effect check kept here names the server's pass id from now on. */
async function givePassId(entries: readonly OutboxEntry[], dose: OutboxEntry, answer: MedPass | undefined): Promise<void> {
  if (!answer?.passId) return;
  for (const c of entries) {
    const body = c.body as PrnFollowUpRequest;
    if (c.kind === 'followUp' && c.state === 'WAITING' && body.passId === LOCAL_PASS_PREFIX + dose.id) {
      const moved = { ...c, body: { ...body, passId: answer.passId }, label: { ...c.label, passId: answer.passId } };
      await putEntry(moved);
      Object.assign(c, moved);
    }
  }
}

/** The person's conflict or refusal has been seen: it leaves the list. */
export async function dismissEntry(e: OutboxEntry): Promise<void> {
  if (e.seq !== undefined && e.state !== 'WAITING') await deleteEntry(e.seq);
  await reloadOutbox(useOutboxStore.getState().who);
}

/** Whether a completed task or a pass is the kind of write that waits here (for the screens' own wording). */
export function waitingFor(entries: readonly OutboxEntry[], test: (e: OutboxEntry) => boolean): OutboxEntry | undefined {
  return entries.find((e) => e.state === 'WAITING' && test(e));
}

export function taskWaiting(entries: readonly OutboxEntry[], recordId: string): boolean {
  return !!waitingFor(entries, (e) => e.kind === 'task' && (e.body as CompleteTaskRequest).recordId === recordId);
}

interface Runner {
  person: () => OutboxPerson | undefined;
  sender: OutboxSender;
}

let runner: Runner | undefined;
let running: Promise<void> | undefined;
let again = false;
let timer: ReturnType<typeof setTimeout> | undefined;

/** One round for the signed-in person now (single-flight; a round asked during one runs after it). */
export function sendNow(): Promise<void> {
  if (!runner) return Promise.resolve();
  if (running) {
    again = true;
    return running;
  }
  const r = runner;
  running = (async () => {
    do {
      again = false;
      const me = r.person();
      await reloadOutbox(me?.who);
      if (!me || (typeof navigator !== 'undefined' && navigator.onLine === false)) break;
      useOutboxStore.setState({ sending: true });
      const round = () => sendRound(me, r.sender);
      // Two tabs of one phone never send the same write at once (the server would store it once anyway).
      const locks = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
      const result = await (locks ? locks.request('hearth-outbox', round) : round()).catch(() => ({ sent: 0, settled: 0, retryAt: Date.now() + BACKOFF_MAX_MS }));
      useOutboxStore.setState({ sending: false, ...(result.sent + result.settled > 0 ? { changedAt: Date.now() } : {}) });
      await reloadOutbox(me.who);
      if (timer) clearTimeout(timer);
      timer = result.retryAt ? setTimeout(() => void sendNow(), Math.max(0, result.retryAt - Date.now())) : undefined;
    } while (again);
  })().finally(() => (running = undefined));
  return running;
}

/** Asks the browser to wake the service worker when the network is back (Background Sync, where it exists). */
export async function askBackgroundSync(): Promise<void> {
  const reg = await navigator.serviceWorker?.getRegistration?.().catch(() => undefined);
  const sync = (reg as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined)?.sync;
  await sync?.register(OUTBOX_SYNC_TAG).catch(() => undefined);
}

/** The Background Sync tag and the worker's message (public/sw-outbox.js). */
export const OUTBOX_SYNC_TAG = 'hearth-outbox';
export const OUTBOX_SEND_MESSAGE = 'hearth-outbox-send';

/** Starts sending (main.tsx, on a phone or browser that keeps reads): now, and on every occasion above. */
export function startOutbox(person: Runner['person'], sender: OutboxSender): void {
  const first = runner === undefined;
  runner = { person, sender };
  if (!first) return;
  const kick = () => void sendNow();
  window.addEventListener('online', kick);
  window.addEventListener('focus', kick);
  document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && kick());
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent) => {
    if ((event.data as { type?: string } | undefined)?.type === OUTBOX_SEND_MESSAGE) kick();
  });
  onWriteKept(() => {
    void askBackgroundSync();
    kick();
  });
  kick();
}
