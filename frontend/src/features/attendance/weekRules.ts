// This week's bounds and hours, in the facility's time zone (spec 001 §9: weeks start on Sunday; DOMAIN.md:
// every schedule is computed in the facility's zone and stored in UTC).

const DAY_MS = 86_400_000;

/** The wall-clock parts of an instant in a zone (undefined zone: the browser's). */
function zonedParts(ms: number, zone: string | undefined) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    weekday: 'short',
  }).formatToParts(ms);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(get('weekday'));
  return {
    year: Number(get('year')),
    month: Number(get('month')),
    day: Number(get('day')),
    hour: Number(get('hour')) % 24,
    minute: Number(get('minute')),
    second: Number(get('second')),
    weekday,
  };
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function zoneOffset(ms: number, zone: string | undefined): number {
  const p = zonedParts(ms, zone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/** The instant of midnight starting a calendar day in a zone (DST-safe: the offset is checked twice). */
export function zonedMidnight(year: number, month: number, day: number, zone: string | undefined): number {
  const wall = Date.UTC(year, month - 1, day);
  let guess = wall - zoneOffset(wall, zone);
  guess = wall - zoneOffset(guess, zone);
  return guess;
}

export interface WeekBounds {
  /** Sunday 00:00 in the zone, epoch ms. */
  start: number;
  /** The next Sunday 00:00, epoch ms (exclusive). */
  end: number;
}

/** The Sunday-to-Sunday week holding `now`, in the facility's zone. */
export function weekBounds(now: number, zone: string | undefined): WeekBounds {
  const p = zonedParts(now, zone);
  // Calendar arithmetic on a UTC date avoids DST: only the two midnights are converted.
  const sunday = new Date(Date.UTC(p.year, p.month - 1, p.day) - p.weekday * DAY_MS);
  const next = new Date(sunday.getTime() + 7 * DAY_MS);
  return {
    start: zonedMidnight(sunday.getUTCFullYear(), sunday.getUTCMonth() + 1, sunday.getUTCDate(), zone),
    end: zonedMidnight(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), zone),
  };
}

/** The date (YYYY-MM-DD) of an instant in a zone. */
export function zonedDate(ms: number, zone: string | undefined): string {
  const p = zonedParts(ms, zone);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** Minutes as hours and minutes: 450 → { hours: 7, minutes: 30 }; negative and NaN count as 0. */
export function hoursAndMinutes(totalMinutes: number): { hours: number; minutes: number } {
  const m = Number.isFinite(totalMinutes) && totalMinutes > 0 ? Math.round(totalMinutes) : 0;
  return { hours: Math.floor(m / 60), minutes: m % 60 };
}

/** Decimal hours with two places, as timesheets write them: 450 min → "7.50". */
export function decimalHours(totalMinutes: number): string {
  const m = Number.isFinite(totalMinutes) && totalMinutes > 0 ? totalMinutes : 0;
  return (Math.round((m / 60) * 100) / 100).toFixed(2);
}

/** Minutes between two instants; an open shift counts up to `now`. */
export function minutesBetween(start: number, end: number | undefined, now: number): number {
  const stop = end && end > 0 ? end : now;
  return stop > start ? Math.floor((stop - start) / 60_000) : 0;
}

/** A wall-clock time "YYYY-MM-DDTHH:mm" in a zone as epoch ms (NaN when it is not such a text). */
export function zonedWallToEpoch(local: string, zone: string | undefined): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!m) return Number.NaN;
  const wall = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5]);
  let guess = wall - zoneOffset(wall, zone);
  guess = wall - zoneOffset(guess, zone);
  return guess;
}

/** Epoch ms as the wall-clock "YYYY-MM-DDTHH:mm" of a zone (what a datetime-local input holds). */
export function epochToZonedWall(ms: number, zone: string | undefined): string {
  const p = zonedParts(ms, zone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

export interface Week extends WeekBounds {
  /** The seven calendar days, Sunday first (YYYY-MM-DD in the zone). */
  days: string[];
}

/** The Sunday week `offset` weeks from the one holding `now` (-1 last week, 0 this week), with its days. */
export function weekAt(now: number, offset: number, zone: string | undefined): Week {
  // Noon of a day stays inside that day across a DST change (at most an hour), so stepping by whole days is safe.
  const noon = weekBounds(now, zone).start + DAY_MS / 2;
  const bounds = weekBounds(noon + offset * 7 * DAY_MS, zone);
  const days = Array.from({ length: 7 }, (_, i) => zonedDate(bounds.start + DAY_MS / 2 + i * DAY_MS, zone));
  return { ...bounds, days };
}
