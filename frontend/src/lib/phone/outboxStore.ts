// Where the phone keeps writes made with no network (issue 34, docs/frontend.md "Phone app"): IndexedDB
// `hearth-phone-outbox`, store `writes`, one row per write in the order made (an auto-increment key), under the
// person who made it (`userId@tenantId`). A row is written, and the transaction complete, before the screen says
// "Saved on this phone"; it leaves once the server took it, or once its person has seen the server's refusal.
import { create } from 'zustand';

const DB_NAME = 'hearth-phone-outbox';
const STORE = 'writes';

/** What a write kept on this phone is. */
export type OutboxKind = 'pass' | 'prn' | 'followUp' | 'task' | 'note' | 'vitals' | 'care' | 'punch';

/** WAITING to be sent; CONFLICT: someone was first (shown until seen); REFUSED by the server (shown until seen). */
export type OutboxState = 'WAITING' | 'CONFLICT' | 'REFUSED';

/** Who was first, for a CONFLICT (as the desktop shows it: name and time). */
export interface OutboxOther {
  name: string;
  time: number;
  outcome?: string;
}

export interface OutboxEntry {
  /** The order made (IndexedDB's key; absent before it is stored). */
  seq?: number;
  /** The write's client id (the call's own, or one made here for a call without one). */
  id: string;
  who: string;
  path: string;
  kind: OutboxKind;
  body: unknown;
  /** Epoch ms (the server's clock as reckoned here) it was made. */
  madeAt: number;
  state: OutboxState;
  attempts: number;
  /** Epoch ms before which it is not tried again (backoff after a network error). */
  nextTryAt: number;
  /** What it is about, for the list and the screens it is shown on. */
  label: { residentName?: string; title?: string; passId?: string; recordId?: string; outcome?: string; staffName?: string };
  other?: OutboxOther;
  /** The server's message of a refusal. */
  message?: string;
  /** A refusal made here (an i18n key), when there is no server message. */
  messageKey?: string;
}

let opening: Promise<IDBDatabase> | undefined;

function db(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => {
      const store = req.result.createObjectStore(STORE, { keyPath: 'seq', autoIncrement: true });
      store.createIndex('who', 'who');
      // One row per person and client id: the same write kept twice is the same row.
      store.createIndex('write', ['who', 'id'], { unique: true });
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

/**
 * Keeps a write at the end of the outbox, durably (`relaxed` is not asked: the write is on disk when this
 * resolves). A write with the same person and id already kept is answered as it is, not kept twice.
 */
export async function addEntry(entry: OutboxEntry): Promise<OutboxEntry> {
  const tx = (await db()).transaction(STORE, 'readwrite', { durability: 'strict' });
  const store = tx.objectStore(STORE);
  const found = store.index('write').get([entry.who, entry.id]);
  let out = entry;
  found.onsuccess = () => {
    if (found.result) {
      out = found.result as OutboxEntry;
      return;
    }
    const put = store.add(entry);
    put.onsuccess = () => (out = { ...entry, seq: put.result as number });
  };
  await done(tx);
  return out;
}

/** Replaces a stored entry (its state, attempts, backoff). */
export async function putEntry(entry: OutboxEntry): Promise<void> {
  const tx = (await db()).transaction(STORE, 'readwrite', { durability: 'strict' });
  tx.objectStore(STORE).put(entry);
  await done(tx);
}

/** Removes an entry (sent, or its refusal seen). */
export async function deleteEntry(seq: number): Promise<void> {
  const tx = (await db()).transaction(STORE, 'readwrite', { durability: 'strict' });
  tx.objectStore(STORE).delete(seq);
  await done(tx);
}

/** A person's entries in the order made. */
export async function entriesOf(who: string): Promise<OutboxEntry[]> {
  const tx = (await db()).transaction(STORE, 'readonly');
  const req = tx.objectStore(STORE).index('who').getAll(IDBKeyRange.only(who));
  await done(tx);
  return (req.result as OutboxEntry[]).sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
}

/** Every entry on this phone (the people with writes waiting). */
export async function allEntries(): Promise<OutboxEntry[]> {
  const tx = (await db()).transaction(STORE, 'readonly');
  const req = tx.objectStore(STORE).getAll();
  await done(tx);
  return (req.result as OutboxEntry[]).sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
}

/** For tests: closes the database (as a closed app does); the next use opens it again. */
export async function closeOutboxStore(): Promise<void> {
  const open = opening;
  opening = undefined;
  if (open) (await open.catch(() => undefined))?.close();
}

/** For tests: forgets everything and closes the database. */
export async function resetOutboxStore(): Promise<void> {
  const tx = (await db()).transaction(STORE, 'readwrite');
  tx.objectStore(STORE).clear();
  await done(tx);
  await closeOutboxStore();
}

export interface OutboxView {
  /** The signed-in person whose entries these are. */
  who: string | undefined;
  entries: OutboxEntry[];
  /** A round of sending is under way. */
  sending: boolean;
  /** Epoch ms of the last round that sent a write or turned one into a conflict or refusal (screens read again). */
  changedAt: number;
}

/** The signed-in person's entries as last read, for the screens (the indicator, the passes, the tasks). */
export const useOutboxStore = create<OutboxView>(() => ({ who: undefined, entries: [], sending: false, changedAt: 0 }));

/** Reads the person's entries again into the store. */
export async function reloadOutbox(who: string | undefined): Promise<OutboxEntry[]> {
  const entries = who === undefined ? [] : await entriesOf(who).catch(() => []);
  useOutboxStore.setState({ who, entries });
  return entries;
}

const keptListeners = new Set<() => void>();

/** Calls fn each time a write is kept (the sender then tries at once when online). */
export function onWriteKept(fn: () => void): () => void {
  keptListeners.add(fn);
  return () => keptListeners.delete(fn);
}

/** Tells the listeners a write was kept. */
export function noteWriteKept(): void {
  for (const fn of keptListeners) fn();
}
