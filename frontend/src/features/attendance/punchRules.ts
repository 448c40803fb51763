// Clock in / clock out from the browser (issue 5 "Attendance"). The server decides in or out from the last
// punch; the UI only shows which one the next press will be, and makes the client id that dedupes it.

import { randomId } from '@/lib/crypto/randomId';

export type PunchDirection = 'IN' | 'OUT';

/** The next press: clock out while a shift is open, else clock in. */
export function nextPunch(openShift: boolean): PunchDirection {
  return openShift ? 'OUT' : 'IN';
}

/**
 * A client-made id for one punch. The same id is sent again on a retry, so a double click or a lost answer
 * never makes two records (the server stores each id once and answers a replay with the original).
 */
export function newPunchId(): string {
  return randomId();
}

/**
 * How long the button rests after a punch went through. A double press whose second press reaches the page
 * after the first one's answer (a slow phone, a busy page) would otherwise clock straight back out.
 */
export const PUNCH_SETTLE_MS = 1500;

/** Whether a press at `now` may punch: not while the last punch (answered at `lastDoneAt`) settles. */
export function pressAllowed(lastDoneAt: number | null, now: number): boolean {
  return lastDoneAt === null || now - lastDoneAt >= PUNCH_SETTLE_MS;
}
