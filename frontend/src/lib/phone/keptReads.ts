// What the phone keeps to read offline (issue 34, docs/frontend.md "Phone app"): the answers of a few reads —
// today's /emars day, today's tasks, the residents' profiles (allergies with them), and what the app needs to
// open (the person and their menu) — kept in IndexedDB per signed-in person (`userId@tenantId`), refreshed by
// every answer while online and forgotten when the session ends. The service worker never keeps an API answer;
// the desktop shell keeps its own (docs/api.md "Read cache"), so nothing here runs inside it.
import { create } from 'zustand';

/** The reads kept, by path. A read's key is its path and what it asks (query or body), per person. */
export const KEPT_READS: ReadonlySet<string> = new Set([
  '/system/user/getUserInfo',
  '/system/menu/listUserMenuTree',
  '/care/medication/listMedicationLog',
  '/care/medication/countWarningNum',
  '/care/taskInfo/listTodayTask',
  '/care/resident/getResidentById',
  '/care/resident/listResidentByPage',
  // What the vitals form needs to open offline (its metrics and ranges): the outbox keeps the readings.
  '/care/healthMonitor/listMetrics',
]);

/** A kept answer older than this is dropped when a newer one is kept (yesterday's day is not today's). */
export const KEPT_MAX_AGE_MS = 36 * 3_600_000;

const DB_NAME = 'hearth-phone';
const STORE = 'reads';

/** What a kept read asked, so it can be asked again (refreshKeptReads). */
export interface KeptAsk {
  path: string;
  method: 'GET' | 'POST';
  query?: unknown;
  body?: unknown;
}

export interface KeptRead {
  key: string;
  who: string;
  savedAt: number;
  data: unknown;
  ask?: KeptAsk;
}

/** The person a read belongs to: `userId@tenantId`, or undefined without both. */
export function personKey(userId: string | undefined, tenantId: string | undefined): string | undefined {
  return userId && tenantId ? `${userId}@${tenantId}` : undefined;
}

/** Sorted JSON: {a:1,b:2} and {b:2,a:1} ask the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined && v !== null)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The key of a read, or undefined when it is not one the phone keeps. */
export function keptReadKey(who: string, path: string, query: unknown, body: unknown): string | undefined {
  if (!KEPT_READS.has(path)) return undefined;
  return `${who}|${path}|${canonical(query ?? {})}|${canonical(body ?? {})}`;
}

let enabled = false;

/** Turns keeping on (main.tsx: a browser with IndexedDB, not the desktop shell). Off by default. */
export function enableKeptReads(on: boolean): void {
  enabled = on;
}

export function keptReadsEnabled(): boolean {
  return enabled;
}

let opening: Promise<IDBDatabase> | undefined;

function db(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => {
      const store = req.result.createObjectStore(STORE, { keyPath: 'key' });
      store.createIndex('who', 'who');
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB did not open'));
  });
  opening.catch(() => (opening = undefined));
  return opening;
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

/** Keeps an answer (and drops this person's answers older than KEPT_MAX_AGE_MS). */
export async function keepRead(who: string, key: string, data: unknown, now = Date.now(), ask?: KeptAsk): Promise<void> {
  const tx = (await db()).transaction(STORE, 'readwrite');
  const store = tx.objectStore(STORE);
  store.put({ key, who, savedAt: now, data, ask } satisfies KeptRead);
  const cursor = store.index('who').openCursor(IDBKeyRange.only(who));
  cursor.onsuccess = () => {
    const c = cursor.result;
    if (!c) return;
    if ((c.value as KeptRead).savedAt < now - KEPT_MAX_AGE_MS) c.delete();
    c.continue();
  };
  await done(tx);
}

/** The kept answer of `key` for `who`, or undefined. */
export async function readKept(who: string, key: string): Promise<KeptRead | undefined> {
  const tx = (await db()).transaction(STORE, 'readonly');
  const req = tx.objectStore(STORE).get(key);
  await done(tx);
  const found = req.result as KeptRead | undefined;
  // The key names the person already; checked again so one person's answer never reaches another.
  return found && found.who === who ? found : undefined;
}

/** What `who` kept of these paths, to be asked again while online. */
export async function keptAsks(who: string, paths: readonly string[]): Promise<KeptAsk[]> {
  const tx = (await db()).transaction(STORE, 'readonly');
  const req = tx.objectStore(STORE).index('who').getAll(IDBKeyRange.only(who));
  await done(tx);
  return (req.result as KeptRead[]).flatMap((r) => (r.ask && paths.includes(r.ask.path) ? [r.ask] : []));
}

/** Forgets every kept answer on this phone (the session ended: the next person must find nothing). */
export async function forgetKeptReads(): Promise<void> {
  const tx = (await db()).transaction(STORE, 'readwrite');
  tx.objectStore(STORE).clear();
  await done(tx);
}

/** For tests: closes the database so a fresh one can be opened. */
export async function closeKeptReads(): Promise<void> {
  const open = opening;
  opening = undefined;
  if (open) (await open.catch(() => undefined))?.close();
}

export interface PhoneOfflineState {
  /** Epoch ms the answer on screen was kept, while the phone shows kept answers; null when the last read came from the server. */
  savedAt: number | null;
}

/** The banner's state: the last read wins, as lib/api/offline.ts does for the desktop shell. */
export const usePhoneOfflineStore = create<PhoneOfflineState>(() => ({ savedAt: null }));

/** Every answer `who` kept of `path` (whatever was asked), newest first: what the outbox checks a write against. */
export async function keptDataOf(who: string, path: string): Promise<unknown[]> {
  const tx = (await db()).transaction(STORE, 'readonly');
  const req = tx.objectStore(STORE).index('who').getAll(IDBKeyRange.only(who));
  await done(tx);
  return (req.result as KeptRead[])
    .filter((r) => r.key.startsWith(`${who}|${path}|`))
    .sort((a, b) => b.savedAt - a.savedAt)
    .map((r) => r.data);
}
