// The owner's attendance overview: everyone's hours per day of one Sunday week, for payroll (issue 5
// "attendanceSummary: hours per caregiver per day and per week ... with open shifts flagged").
import type { AttendanceSummary, ClockInRecord } from '@/types/api.gen';

export interface OverviewRow {
  /** The staff record's id; empty for someone with no staff record (no detail page to open). */
  caregiverId: string;
  userId: string;
  name: string;
  color: string;
  /** Minutes per day, in the order of the week's days (Sunday first). */
  dayMinutes: number[];
  weekMinutes: number;
  openShift: boolean;
  openSince?: number;
  /** Punches of this week that reached the server late (queued offline at a kiosk). */
  latePunches: number;
}

/** One row per person of the summary, by name, with the week's days in order and their late punches counted. */
export function overviewRows(summary: AttendanceSummary | undefined, days: string[], late: ClockInRecord[] = []): OverviewRow[] {
  const lateByUser = new Map<string, number>();
  for (const r of late) if (r.late) lateByUser.set(r.userId, (lateByUser.get(r.userId) ?? 0) + 1);
  return (summary?.caregivers ?? [])
    .map((c) => {
      const byDate = new Map((c.days ?? []).map((d) => [d.date, d.minutes]));
      const dayMinutes = days.map((d) => byDate.get(d) ?? 0);
      return {
        caregiverId: c.caregiverId,
        userId: c.userId,
        name: c.caregiverName,
        color: c.color ?? '',
        dayMinutes,
        weekMinutes: dayMinutes.reduce((a, b) => a + b, 0),
        openShift: c.openShift,
        openSince: c.openSince || undefined,
        latePunches: lateByUser.get(c.userId) ?? 0,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId));
}

/** Everyone's minutes per day and for the week: the table's total row. */
export function overviewTotals(rows: OverviewRow[], dayCount = 7): { dayMinutes: number[]; weekMinutes: number } {
  const dayMinutes = Array.from({ length: dayCount }, (_, i) => rows.reduce((sum, r) => sum + (r.dayMinutes[i] ?? 0), 0));
  return { dayMinutes, weekMinutes: dayMinutes.reduce((a, b) => a + b, 0) };
}

/** A day's column heading in the reader's language: "Sun 6/7", "dom 7/6", "周日 6/7". */
export function dayHeading(date: string, language: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const at = Date.UTC(y, m - 1, d, 12);
  const weekday = new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' }).format(at);
  const dayMonth = new Intl.DateTimeFormat(language, { month: 'numeric', day: 'numeric', timeZone: 'UTC' }).format(at);
  return `${weekday} ${dayMonth}`;
}
