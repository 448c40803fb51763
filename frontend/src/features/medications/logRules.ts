// The med log's rules: the date range of the record lists (facility days, at most LogRangeDaysMax), records
// grouped by facility day, the months the printed MAR offers. Tested in logRules.test.ts.
import type { MedPass } from '@/types/api.gen';
import { LogRangeDaysMax } from '@/types/api.gen';
import type { RuleError } from '@/lib/form/FormField';
import { isDateString } from '@/lib/time/dateTime';
import { zonedWallToEpoch } from '@/lib/time/zone';

/** A calendar date moved by n days (YYYY-MM-DD, no zone). */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Days from a to b (b - a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T12:00:00Z`) - Date.parse(`${a}T12:00:00Z`)) / 86_400_000);
}

export interface LogRange {
  from: string;
  to: string;
}

/** The default range: the last seven facility days, today included. */
export function defaultRange(today: string): LogRange {
  return { from: addDays(today, -6), to: today };
}

/** The range's broken rules, or its instants [startTime, endTime) on the facility's clock. */
export function rangeOf(r: LogRange, zone: string | undefined): { errors: Record<string, RuleError>; startTime?: number; endTime?: number } {
  const errors: Record<string, RuleError> = {};
  if (!isDateString(r.from)) errors.from = { key: r.from ? 'medications.rule.date' : 'medications.rule.required' };
  if (!isDateString(r.to)) errors.to = { key: r.to ? 'medications.rule.date' : 'medications.rule.required' };
  if (Object.keys(errors).length > 0) return { errors };
  if (r.to < r.from) return { errors: { to: { key: 'medications.rule.rangeOrder' } } };
  if (daysBetween(r.from, r.to) + 1 > LogRangeDaysMax) return { errors: { to: { key: 'medications.rule.rangeMax', values: { days: LogRangeDaysMax } } } };
  return { errors, startTime: zonedWallToEpoch(r.from, zone), endTime: zonedWallToEpoch(addDays(r.to, 1), zone) };
}

/** When a record happened: a logged dose's time, else (a missed pass) its due time. */
export function recordTime(p: Pick<MedPass, 'givenTime' | 'dueTime'>): number {
  return p.givenTime || p.dueTime || 0;
}

/** Records by facility day, the newest day first, each day's in the order of the day. */
export function byDay(records: readonly MedPass[]): { day: string; records: MedPass[] }[] {
  const days = new Map<string, MedPass[]>();
  for (const r of records) {
    const list = days.get(r.day) ?? [];
    list.push(r);
    days.set(r.day, list);
  }
  return [...days.entries()]
    .sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0))
    .map(([day, list]) => ({
      day,
      records: [...list].sort((a, b) => (a.timeOfDay === b.timeOfDay ? recordTime(a) - recordTime(b) : a.timeOfDay < b.timeOfDay ? -1 : 1)),
    }));
}

/** The months the MAR can be printed for: this one and the eleven before, newest first (YYYY-MM). */
export function marMonths(today: string, count = 12): string[] {
  const [y, m] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(y, m - 1 - i, 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}

/** A month written YYYY-MM in the interface language ("November 2026", "noviembre de 2026", "2026年11月"). */
export function monthLabel(month: string, language: string): string {
  const d = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 15));
  return new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(d);
}
