// The calendar's rules: which view reads which call, the facility days a view covers, and how occurrences,
// per-day figures and other events become calendar entries (FullCalendar 7 EventInput: color + contrastColor).
import { addDays, differenceInCalendarDays, format, isValid, parse } from 'date-fns';
import type { CalendarDay, CalendarEvent, CalendarRange, MenuItem, TaskRecord } from '@/types/api.gen';
import { CalendarRangeDays, CalendarTaskRangeDays } from '@/types/api.gen';
import { textOn } from '@/lib/ui/contrast';
import { formatTimeOfDay } from '@/lib/time/timeOfDay';
import { zonedDate } from '@/lib/time/zone';
import { isLate, recordState, type RecordState } from './taskRules';

/** The five views of spec 000 §2 "Event calendar views", by FullCalendar view name. */
export const CALENDAR_VIEWS = {
  day: 'timeGridDay',
  week: 'timeGridWeek',
  month: 'dayGridMonth',
  year: 'multiMonthYear',
  list: 'listWeek',
} as const;

export type CalendarViewName = (typeof CALENDAR_VIEWS)[keyof typeof CALENDAR_VIEWS];

/** Day, week and list views show each occurrence (listCalendarTask); month and year show per-day figures (listCalendarData). */
export function showsOccurrences(view: string): boolean {
  return view === CALENDAR_VIEWS.day || view === CALENDAR_VIEWS.week || view === CALENDAR_VIEWS.list;
}

const REF = new Date(2000, 0, 1);

function day(ymd: string): Date | undefined {
  const d = parse(ymd, 'yyyy-MM-dd', REF);
  return isValid(d) ? d : undefined;
}

/**
 * The facility days a view shows, from FullCalendar's range (its start and exclusive end, written in the
 * calendar's zone: "2026-11-22T00:00:00-08:00" or "2026-11-22"), clamped to what the call allows.
 */
export function viewRange(startStr: string, endStr: string, occurrences: boolean, residentId = ''): CalendarRange | null {
  const start = day(startStr.slice(0, 10));
  const endExclusive = day(endStr.slice(0, 10));
  if (!start || !endExclusive) return null;
  let end = addDays(endExclusive, -1);
  const max = occurrences ? CalendarTaskRangeDays : CalendarRangeDays;
  if (differenceInCalendarDays(end, start) + 1 > max) end = addDays(start, max - 1);
  if (end < start) end = start;
  return { start: format(start, 'yyyy-MM-dd'), end: format(end, 'yyyy-MM-dd'), ...(residentId ? { residentId } : {}) };
}

/** `today` and the days after it, `count` in all (YYYY-MM-DD). */
export function upcomingDays(today: string, count: number): string[] {
  const first = day(today);
  if (!first) return [];
  return Array.from({ length: count }, (_, i) => format(addDays(first, i), 'yyyy-MM-dd'));
}

/** Colours that carry white text at 4.5:1 or more (Blueprint's blue, red, green, orange and gray, darker shades). */
export const STATE_COLORS: Record<RecordState, string> = {
  upcoming: '#215db0',
  due: '#215db0',
  overdue: '#ac2f33',
  expired: '#ac2f33',
  done: '#1c6e42',
  doneLate: '#935610',
  cleared: '#5f6b7c',
};

const KIND_COLORS: Record<string, string> = {
  LEAVE: '#5f6b7c',
  GOING_OUT: '#634dbf',
  CARE_PLAN_REVIEW: '#935610',
  INITIAL_CARE_PLAN: '#ac2f33',
};

/** What an entry carries for the click and the drawing. */
export type EntryProps =
  | { kind: 'task'; record: TaskRecord; state: RecordState }
  | { kind: 'group'; group: OccurrenceGroup; state: GroupState }
  | { kind: 'figures'; day: CalendarDay }
  | { kind: 'event'; event: CalendarEvent }
  | { kind: 'shift'; event: CalendarEvent };

export interface CalendarEntry {
  id: string;
  title: string;
  start: number | string;
  end?: number | string;
  allDay?: boolean;
  color: string;
  contrastColor: string;
  className: string;
  extendedProps: EntryProps;
}

/**
 * An occurrence over its due window, titled with its resident unless the calendar shows one resident. Late
 * and done ones take their state's colour; others the assigned caregiver's staff colour when there is one.
 * The state is also drawn in words and an icon.
 */
export function occurrenceEntry(r: TaskRecord, now: number, withResident = true): CalendarEntry {
  const state = recordState(r, now);
  const color = (state === 'due' || state === 'upcoming') && r.caregiverColor ? r.caregiverColor : STATE_COLORS[state];
  const who = withResident && r.residentName ? `${r.residentName}: ` : '';
  // A task due any time of the day is an all-day entry of its day, not a block over the whole time grid.
  const allDay = r.dueStart <= 0 || (r.timeOfDay === '' && r.timeSession === '');
  return {
    id: `task:${r.recordId}`,
    title: `${who}${r.title}`,
    start: allDay ? r.day : r.dueStart,
    end: !allDay && r.dueEnd > r.dueStart ? r.dueEnd : undefined,
    allDay,
    color,
    contrastColor: textOn(color),
    className: `hearth-cal-task is-${state}`,
    extendedProps: { kind: 'task', record: r, state },
  };
}

/** A group's tasks counted by where they stand: done (late or not), overdue (or expired), still to come. */
export interface GroupCounts {
  done: number;
  overdue: number;
  open: number;
}

/**
 * One resident's occurrences of one facility day in one routine session ("" for tasks due any time of the
 * day), in the order they fall due.
 */
export interface OccurrenceGroup {
  key: string;
  residentId: string;
  residentName: string;
  day: string;
  session: string;
  records: TaskRecord[];
  counts: GroupCounts;
}

/** A group's colour and mark: overdue when one is late, done when all are, otherwise due. */
export type GroupState = 'overdue' | 'done' | 'due';

/**
 * The day and week time grids' grouping (issue 29): a care home's day is dozens of occurrences, so each
 * resident's occurrences of a day and routine session (sessionOfRecord: the facility's own sessions, as
 * /task places them) become one group; a group of one stays that occurrence. Groups come in order of
 * resident, day and first due time; each group's records in order of due time, then title.
 */
export function groupOccurrences(records: readonly TaskRecord[], now: number, sessionOfRecord: (r: TaskRecord) => string): (TaskRecord | OccurrenceGroup)[] {
  const groups = new Map<string, OccurrenceGroup>();
  for (const r of records) {
    const session = sessionOfRecord(r);
    const key = `${r.residentId}|${r.day}|${session}`;
    let g = groups.get(key);
    if (!g) {
      g = { key, residentId: r.residentId, residentName: r.residentName, day: r.day, session, records: [], counts: { done: 0, overdue: 0, open: 0 } };
      groups.set(key, g);
    }
    g.records.push(r);
    const state = recordState(r, now);
    if (state === 'done' || state === 'doneLate') g.counts.done++;
    else if (isLate(state)) g.counts.overdue++;
    else if (state !== 'cleared') g.counts.open++;
  }
  const out: (TaskRecord | OccurrenceGroup)[] = [];
  for (const g of groups.values()) {
    g.records.sort((a, b) => a.dueStart - b.dueStart || a.title.localeCompare(b.title));
    for (const run of sessionRuns(g, now)) out.push(run.records.length === 1 ? run.records[0] : run);
  }
  return out;
}

const HALF_DAY = 12 * 3_600_000;

/**
 * A session that crosses midnight (the night, 21:00–06:00) comes twice in a facility day: its small hours and
 * its evening. Its records more than 12 hours apart are two runs, so a group is never drawn over the whole day.
 */
function sessionRuns(g: OccurrenceGroup, now: number): OccurrenceGroup[] {
  const runs: TaskRecord[][] = [];
  let last = 0;
  for (const r of g.records) {
    const run = runs[runs.length - 1];
    if (run && !(r.dueStart > 0 && last > 0 && r.dueStart - last > HALF_DAY)) run.push(r);
    else runs.push([r]);
    if (r.dueStart > 0) last = r.dueStart;
  }
  if (runs.length === 1) return [g];
  return runs.map((records, i) => {
    const counts = { done: 0, overdue: 0, open: 0 };
    for (const r of records) {
      const state = recordState(r, now);
      if (state === 'done' || state === 'doneLate') counts.done++;
      else if (isLate(state)) counts.overdue++;
      else if (state !== 'cleared') counts.open++;
    }
    return { ...g, key: `${g.key}|${i}`, records, counts };
  });
}

export function groupState(c: GroupCounts): GroupState {
  if (c.overdue > 0) return 'overdue';
  if (c.open === 0) return 'done';
  return 'due';
}

/**
 * A group as one entry over its tasks' windows (from the first due to the last one's end), titled with its
 * resident, session and count ("Harold · Morning · 6 tasks"); a group of tasks due any time of the day is an
 * all-day entry. Red when one is late, green when all are done, blue otherwise (the counts say it in words).
 */
export function groupEntry(g: OccurrenceGroup, title: string): CalendarEntry {
  const state = groupState(g.counts);
  const timed = g.records.filter((r) => r.dueStart > 0);
  const allDay = g.session === '' || timed.length === 0;
  const start = allDay ? g.day : Math.min(...timed.map((r) => r.dueStart));
  const end = allDay ? undefined : Math.max(...timed.map((r) => Math.max(r.dueEnd, r.dueStart)));
  const color = state === 'overdue' ? STATE_COLORS.overdue : state === 'done' ? STATE_COLORS.done : STATE_COLORS.due;
  return {
    id: `group:${g.key}`,
    title,
    start,
    end: end !== undefined && end > (start as number) ? end : undefined,
    allDay,
    color,
    contrastColor: textOn(color),
    className: `hearth-cal-group is-${state}`,
    extendedProps: { kind: 'group', group: g, state },
  };
}

/**
 * A published shift as an all-day entry of the facility day it starts on, its times in its words: shifts are
 * a layer of their own (a toggle shows or hides them), not blocks laid over the tasks of the time grid.
 */
export function shiftEntry(e: CalendarEvent, times: string, zone: string | undefined): CalendarEntry {
  const color = e.color || STATE_COLORS.cleared;
  return {
    id: `shift:${e.id}`,
    title: times ? `${times} ${e.title}` : e.title,
    start: zonedDate(e.start, zone),
    allDay: true,
    color,
    contrastColor: textOn(color),
    className: 'hearth-cal-shift',
    extendedProps: { kind: 'shift', event: e },
  };
}

/** An hour and minute on the facility's clock as the rest of the app writes them (7:00 AM; 07:00). */
export function clockText(hour: number, minute: number, language: string): string {
  return formatTimeOfDay(`${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`, language);
}

/** A day's figures as one all-day entry; red when something expired, green when all is done. */
export function figuresEntry(d: CalendarDay, title: string): CalendarEntry {
  const color = d.expired > 0 ? STATE_COLORS.expired : d.total > 0 && d.completed >= d.total ? STATE_COLORS.done : STATE_COLORS.due;
  return {
    id: `day:${d.day}`,
    title,
    start: d.day,
    allDay: true,
    color,
    contrastColor: textOn(color),
    className: 'hearth-cal-figures',
    extendedProps: { kind: 'figures', day: d },
  };
}

/**
 * Leave (in the staff colour), a resident going out, a care plan review or initial plan due. An all-day
 * entry, or one of a day or more (leave, a stay out), covers its facility days in the all-day row (the end
 * day included), not a column of the time grid.
 */
export function eventEntry(e: CalendarEvent, kindLabel: string, zone: string | undefined): CalendarEntry {
  const color = e.color || KIND_COLORS[e.kind] || STATE_COLORS.cleared;
  const days = e.allDay || e.end - e.start >= 86_400_000;
  const lastMs = e.end > e.start ? e.end - 1 : e.start;
  return {
    id: `event:${e.kind}:${e.id}`,
    title: e.title ? `${kindLabel}: ${e.title}` : kindLabel,
    start: days ? zonedDate(e.start, zone) : e.start,
    end: days ? format(addDays(day(zonedDate(lastMs, zone)) ?? REF, 1), 'yyyy-MM-dd') : e.end > e.start ? e.end : undefined,
    allDay: days,
    color,
    contrastColor: textOn(color),
    className: `hearth-cal-event is-${e.kind}`,
    extendedProps: { kind: 'event', event: e },
  };
}

/** FullCalendar's locale code of an interface language (its English is the default). */
export function calendarLocale(language: string): string {
  if (language === 'es-ES') return 'es';
  if (language === 'zh-CN') return 'zh-cn';
  return 'en';
}

/** Whether the user's menu (with its children) holds a page: the calendar's calls need its plan function. */
export function hasMenuUrl(menu: readonly MenuItem[] | undefined, url: string): boolean {
  return (menu ?? []).some((m) => m.menuUrl === url || hasMenuUrl(m.children, url));
}
