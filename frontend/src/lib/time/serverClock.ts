// The server's clock as the pages' "now". Every API answer carries the server's time as the request
// arrived (X-Server-Time, shared.ServerTimeHeader); a phone or tablet whose own clock is off by minutes
// would otherwise sign its calls outside the server's window (every call refused) and open the eMAR and
// the tasks at another routine session than the one the home is in. The pass windows are the server's
// (shared/passclock.go), so the pages go by the server's clock too.

/** Where the last offset is kept, so a reload starts on the server's clock before its first answer. */
const OFFSET_KEY = 'hearth.serverClockOffset';

function storedOffset(): number {
  try {
    const n = Number(globalThis.localStorage?.getItem(OFFSET_KEY));
    return Number.isFinite(n) ? n : 0;
  } catch {
    return 0; // storage refused (private mode): the device's clock until an answer comes
  }
}

/** Server time minus device time, in ms (the last one kept until an answer says otherwise). */
let offset = storedOffset();
/** The round trip of the sample the offset comes from, and when it was taken (device ms). */
let sampleRtt = Number.POSITIVE_INFINITY;
let sampleAt = 0;
const listeners = new Set<() => void>();

/** A sample is kept for this long unless a quicker round trip comes; then the next one replaces it. */
const SAMPLE_TTL_MS = 60_000;
/** An offset change smaller than this does not re-render the pages that follow the clock. */
const NOTICE_MS = 1_000;

/**
 * Takes the server's time from an answer: `header` is X-Server-Time, `sentAt` and `receivedAt` the device's
 * clock around the call. The server read its clock about half a round trip after the call left; the
 * quickest round trip of the last minute gives the truest offset.
 */
export function noteServerTime(header: string | null, sentAt: number, receivedAt: number): void {
  const server = Number(header);
  if (!header || !Number.isFinite(server) || server <= 0) return;
  const rtt = Math.max(0, receivedAt - sentAt);
  if (rtt > sampleRtt && receivedAt - sampleAt < SAMPLE_TTL_MS) return;
  const next = Math.round(server - (sentAt + rtt / 2)); // whole ms: t= of a signed call is an integer
  const changed = Math.abs(next - offset) >= NOTICE_MS;
  offset = next;
  sampleRtt = rtt;
  sampleAt = receivedAt;
  if (changed) {
    try {
      globalThis.localStorage?.setItem(OFFSET_KEY, String(next));
    } catch {
      // not kept: the next reload waits for an answer
    }
    listeners.forEach((l) => l());
  }
}

/** Now on the server's clock (epoch ms). */
export function serverNow(): number {
  return Date.now() + offset;
}

/** Calls `listener` when the server's clock turns out to differ from the one used so far; returns the unsubscribe. */
export function onServerClockChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Forgets what answers said (tests). */
export function resetServerClock(): void {
  globalThis.localStorage?.removeItem(OFFSET_KEY);
  offset = 0;
  sampleRtt = Number.POSITIVE_INFINITY;
  sampleAt = 0;
}
