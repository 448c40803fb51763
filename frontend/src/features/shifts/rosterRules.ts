// The roster: the whole week as staff × days across every shift type (issue 29 "Scheduling is a roster").
// Pure: the server's WeekSchedule in, what each cell shows and the request a tap sends out. The conflicts
// themselves (leave, overlap, credential, over 40 hours) are the server's; nothing here re-derives them.
import type { CoverageGap, SaveScheduleRequest, ShiftConflict, ShiftSchedule, ShiftType, WeekSchedule } from '@/types/api.gen';
import { ScheduleDraft as DraftStatus } from '@/types/api.gen';
import { addDays, weekDays } from './shiftRules';

/** One shift in a roster cell. */
export interface RosterShift {
  shiftTypeId: string;
  name: string;
  color: string;
  startTime: string;
  endTime: string;
  published: boolean;
}

/** The key of one cell: caregiver and day. */
export function cellKey(caregiverId: string, day: string): string {
  return `${caregiverId}|${day}`;
}

/** Every cell's shifts, in the order of the week's shift types. */
export function rosterCells(week: WeekSchedule): Map<string, RosterShift[]> {
  const out = new Map<string, RosterShift[]>();
  for (const type of week.shiftTypes ?? []) {
    const sched = (week.schedules ?? []).find((s) => s.shiftTypeId === type.shiftTypeId);
    for (const a of sched?.assignments ?? []) {
      for (const id of a.caregiverIds ?? []) {
        const k = cellKey(id, a.day);
        const list = out.get(k) ?? [];
        list.push({ shiftTypeId: type.shiftTypeId, name: type.name, color: type.color, startTime: type.startTime, endTime: type.endTime, published: sched?.status !== DraftStatus });
        out.set(k, list);
      }
    }
  }
  return out;
}

/** The week's conflicts by cell (an over-hours warning sits on the shift that passes the limit). */
export function conflictsByCell(conflicts: readonly ShiftConflict[] | undefined): Map<string, ShiftConflict[]> {
  const out = new Map<string, ShiftConflict[]>();
  for (const c of conflicts ?? []) {
    const k = cellKey(c.caregiverId, c.day);
    out.set(k, [...(out.get(k) ?? []), c]);
  }
  return out;
}

/** Each caregiver's scheduled minutes in the week (every shift type, drafts too). */
export function weekMinutes(week: WeekSchedule): Map<string, number> {
  const out = new Map<string, number>();
  for (const s of week.schedules ?? [])
    for (const a of s.assignments ?? [])
      for (const id of a.caregiverIds ?? []) out.set(id, (out.get(id) ?? 0) + Math.max(0, Math.round((a.end - a.start) / 60_000)));
  return out;
}

/** Hours short per day (the coverage gaps that start that day). */
export function gapHoursByDay(gaps: readonly CoverageGap[] | undefined, days: readonly string[]): Record<string, number> {
  const out: Record<string, number> = Object.fromEntries(days.map((d) => [d, 0]));
  for (const g of gaps ?? []) if (g.day in out) out[g.day] += g.hours;
  return out;
}

/** Whether the caregiver works the shift type that day. */
export function isOn(week: WeekSchedule, shiftTypeId: string, day: string, caregiverId: string): boolean {
  const sched = (week.schedules ?? []).find((s) => s.shiftTypeId === shiftTypeId);
  return (sched?.assignments ?? []).some((a) => a.day === day && (a.caregiverIds ?? []).includes(caregiverId));
}

/**
 * The save a tap sends: the type's week with the caregiver put on or taken off that day, every other day as
 * stored (past days must be sent unchanged). No name: the server names a new week after its type.
 */
export function toggleRequest(week: WeekSchedule, shiftTypeId: string, day: string, caregiverId: string): SaveScheduleRequest {
  const sched: ShiftSchedule | undefined = (week.schedules ?? []).find((s) => s.shiftTypeId === shiftTypeId);
  const plan: Record<string, string[]> = {};
  for (const d of weekDays(week.weekStart)) plan[d] = [];
  for (const a of sched?.assignments ?? []) if (a.day in plan) plan[a.day] = [...(a.caregiverIds ?? [])];
  const now = plan[day] ?? [];
  plan[day] = now.includes(caregiverId) ? now.filter((c) => c !== caregiverId) : [...now, caregiverId];
  return {
    ...(sched ? { scheduleId: sched.scheduleId, version: sched.version, name: sched.name } : {}),
    shiftTypeId,
    startDate: week.weekStart,
    endDate: sched?.endDate ?? addDays(week.weekStart, 6),
    assignments: Object.entries(plan)
      .filter(([d, ids]) => ids.length > 0 || (sched?.assignments ?? []).some((a) => a.day === d))
      .map(([d, ids]) => ({ day: d, caregiverIds: ids })),
  };
}

/** The week's schedules still in draft: what "Publish week" publishes. */
export function draftSchedules(week: WeekSchedule): ShiftSchedule[] {
  return (week.schedules ?? []).filter((s) => s.status === DraftStatus);
}

/** The active shift types with no schedule this week: what "Copy last week" fills. */
export function typesWithoutWeek(week: WeekSchedule): ShiftType[] {
  return (week.shiftTypes ?? []).filter((t) => t.active && !(week.schedules ?? []).some((s) => s.shiftTypeId === t.shiftTypeId));
}
