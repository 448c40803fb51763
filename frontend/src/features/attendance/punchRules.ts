// Clock in / clock out from the browser (issue 5 "Attendance"). The server decides in or out from the last
// punch; the UI only shows which one the next press will be, and makes the client id that dedupes it.

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
  return crypto.randomUUID();
}
