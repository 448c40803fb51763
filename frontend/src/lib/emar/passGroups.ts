// How a resident's day of passes is laid out: scheduled passes by time, grouped under the facility's
// routine sessions (morning, midday, ...), and the days a med pass page moves between.
import type { MedPass, RoutineSession, TimeSession } from '@/types/api.gen';
import { PassScheduled } from '@/types/api.gen';

/** The sessions until an owner saves them (docs/api.md "Routine sessions"). */
export const DEFAULT_SESSIONS: readonly RoutineSession[] = [
  { session: 'MORNING', startTime: '06:00', endTime: '09:00' },
  { session: 'MIDDAY', startTime: '09:00', endTime: '12:00' },
  { session: 'AFTERNOON', startTime: '12:00', endTime: '17:00' },
  { session: 'EVENING', startTime: '17:00', endTime: '21:00' },
  { session: 'NIGHT', startTime: '21:00', endTime: '06:00' },
  { session: 'MIDNIGHT', startTime: '23:00', endTime: '01:00' },
];

const DAY_MINUTES = 24 * 60;

/** HH:mm as minutes of the day (-1 when it is not a time). */
export function minutesOf(hhmm: string): number {
  const m = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!m) return -1;
  const h = Number(m[1]);
  const min = Number(m[2]);
  return h < 24 && min < 60 ? h * 60 + min : -1;
}

/**
 * The session a time of day belongs to: of the sessions whose window holds it (a window may cross
 * midnight; the start counts, the end does not), the one that began most recently, so 23:30 is the
 * midnight round rather than the night that began at 21:00. A time no window holds goes to the session
 * that began last before it.
 */
export function sessionOf(timeOfDay: string, sessions: readonly RoutineSession[] = DEFAULT_SESSIONS): TimeSession {
  const t = minutesOf(timeOfDay);
  let best: { session: TimeSession; since: number; holds: boolean } | undefined;
  for (const s of sessions) {
    const start = minutesOf(s.startTime);
    const end = minutesOf(s.endTime);
    if (start < 0 || end < 0) continue;
    const since = (t - start + DAY_MINUTES) % DAY_MINUTES;
    const length = (end - start + DAY_MINUTES) % DAY_MINUTES || DAY_MINUTES;
    const holds = since < length;
    if (!best || (holds && !best.holds) || (holds === best.holds && since < best.since)) best = { session: s.session, since, holds };
  }
  return best?.session ?? 'MORNING';
}

/** A run of a resident's scheduled passes in one session. */
export interface PassGroup {
  session: TimeSession;
  /** The first pass's time of day: a key for the run (a session may come twice, night before and after midnight). */
  from: string;
  passes: MedPass[];
}

/**
 * The day's scheduled passes by time (then by drug), in runs of one session: a night round at 02:00 comes
 * first and the evening's night round last, as the day goes.
 */
export function groupBySession(passes: readonly MedPass[], sessions: readonly RoutineSession[] = DEFAULT_SESSIONS): PassGroup[] {
  const scheduled = passes
    .filter((p) => p.kind === PassScheduled)
    .sort((a, b) => a.dueTime - b.dueTime || a.medicationName.localeCompare(b.medicationName));
  const groups: PassGroup[] = [];
  for (const p of scheduled) {
    const session = sessionOf(p.timeOfDay, sessions);
    const last = groups[groups.length - 1];
    if (last && last.session === session) last.passes.push(p);
    else groups.push({ session, from: p.timeOfDay, passes: [p] });
  }
  return groups;
}

/** The calendar day n days from day (YYYY-MM-DD). */
export function shiftDay(day: string, n: number): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return day;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + n));
  return d.toISOString().slice(0, 10);
}
