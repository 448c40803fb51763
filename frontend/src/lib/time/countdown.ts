// The automatic refresh of the pages people watch during a shift (tasks, the med pass): how often, and
// the countdown's words.

/** How often a watched page reads again by itself. */
export const AUTO_REFRESH_SECONDS = 60;

/** A countdown's text: "1:00", "0:09". */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** Seconds left before the next automatic refresh, from when the last one was due. */
export function secondsLeft(nextAt: number, now: number): number {
  return Math.max(0, Math.ceil((nextAt - now) / 1000));
}
