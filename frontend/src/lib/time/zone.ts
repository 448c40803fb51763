// Wall clocks of a time zone, on date-fns 4 and @date-fns/tz (TZDate does the zone arithmetic, DST included).
// DOMAIN.md: every schedule is computed in the facility's zone and stored in UTC. `zone` is an IANA name;
// undefined means the browser's own zone (the platform, which has no facility).
import { TZDate } from '@date-fns/tz';
import { addDays, addWeeks, format, isValid, startOfWeek } from 'date-fns';

/** The browser's IANA zone. */
export function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** An instant as a date in a zone (its getters and date-fns read the zone's wall clock). */
export function inZone(ms: number, zone: string | undefined): TZDate {
  return new TZDate(ms, zone ?? browserZone());
}

/**
 * Prepares a zone's clock arithmetic while the page waits for its data: the first use of a zone makes
 * the browser load its rules (an `Intl.DateTimeFormat` with `longOffset`, kept by @date-fns/tz per zone),
 * about 33 ms on a fast computer and several times that on a slow phone, which would otherwise fall inside
 * the first render of a page that shows the home's times (docs/performance.md).
 */
export function warmZone(zone: string | undefined): () => void {
  // A timer, not requestIdleCallback: a loading page has short idle periods, and Chromium ran the idle
  // callback only after the page had drawn (its 2 s timeout), too late to help.
  const id = window.setTimeout(() => zonedDate(Date.now(), zone), 0);
  return () => window.clearTimeout(id);
}

/** The date (YYYY-MM-DD) of an instant in a zone. */
export function zonedDate(ms: number, zone: string | undefined): string {
  return format(inZone(ms, zone), 'yyyy-MM-dd');
}

/** Epoch ms as the wall-clock "YYYY-MM-DDTHH:mm" of a zone. */
export function epochToZonedWall(ms: number, zone: string | undefined): string {
  return format(inZone(ms, zone), "yyyy-MM-dd'T'HH:mm");
}

/**
 * A wall-clock time "YYYY-MM-DDTHH:mm" (or a date "YYYY-MM-DD", read as its midnight) in a zone as epoch ms;
 * NaN when it is not such a text or not a real date. A time that a spring-forward skips lands an hour later.
 */
export function zonedWallToEpoch(local: string, zone: string | undefined): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/.exec(local);
  if (!m) return Number.NaN;
  const [y, mo, d, h, mi] = [+m[1], +m[2] - 1, +m[3], +(m[4] ?? 0), +(m[5] ?? 0)];
  const date = new TZDate(y, mo, d, h, mi, zone ?? browserZone());
  if (!isValid(date) || date.getFullYear() !== y || date.getMonth() !== mo || date.getDate() !== d) return Number.NaN;
  return date.getTime();
}

/** The instant of midnight starting a calendar day in a zone. */
export function zonedMidnight(year: number, month: number, day: number, zone: string | undefined): number {
  return new TZDate(year, month - 1, day, zone ?? browserZone()).getTime();
}

export interface WeekBounds {
  /** Sunday 00:00 in the zone, epoch ms. */
  start: number;
  /** The next Sunday 00:00, epoch ms (exclusive). */
  end: number;
}

export interface Week extends WeekBounds {
  /** The seven calendar days, Sunday first (YYYY-MM-DD in the zone). */
  days: string[];
}

/** The Sunday week `offset` weeks from the one holding `now` (-1 last week, 0 this week), with its days (spec 001 §9). */
export function weekAt(now: number, offset: number, zone: string | undefined): Week {
  const sunday = addWeeks(startOfWeek(inZone(now, zone), { weekStartsOn: 0 }), offset);
  const days = Array.from({ length: 7 }, (_, i) => format(addDays(sunday, i), 'yyyy-MM-dd'));
  return { start: sunday.getTime(), end: addWeeks(sunday, 1).getTime(), days };
}

/** The Sunday-to-Sunday week holding `now`, in the zone. */
export function weekBounds(now: number, zone: string | undefined): WeekBounds {
  const { start, end } = weekAt(now, 0, zone);
  return { start, end };
}
