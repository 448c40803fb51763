// This week's bounds and hours, in the facility's time zone (spec 001 §9: weeks start on Sunday; DOMAIN.md:
// every schedule is computed in the facility's zone and stored in UTC).

// The zone arithmetic is the UI's one time module (src/lib/time/zone.ts); this file keeps the hours rules.
export { epochToZonedWall, weekAt, weekBounds, zonedDate, zonedMidnight, zonedWallToEpoch, type Week, type WeekBounds } from '@/lib/time/zone';

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
