// Pure rules of the shift pages (spec 000 §5 "Shift", spec 001 §9 "Weeks start on Sunday; shifts only for
// today or later"). Days are the facility's calendar days as YYYY-MM-DD; the server says which day is today
// (WeekSchedule.today), so nothing here reads the browser's clock or zone.
import type { CoverageGap, MyShift, SaveScheduleRequest, SaveShiftTypeRequest, ShiftSchedule, ShiftType } from '@/types/api.gen';
import { ScheduleDaysMax, ScheduleNameMax, ShiftCaregiversMax, ShiftReportSectionMax, ShiftStaffMax, ShiftTypeNameMax } from '@/types/api.gen';
import type { RuleError } from '@/lib/form/FormField';

const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;
const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;
const COLOR = /^#[0-9A-Fa-f]{6}$/;

function utc(ymd: string): Date | undefined {
  const m = YMD.exec(ymd);
  if (!m) return undefined;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3] ? d : undefined;
}

function ymdOf(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** A real calendar date written YYYY-MM-DD. */
export function isDay(ymd: string): boolean {
  return utc(ymd) !== undefined;
}

/** The day n days after (before, for a negative n) a YYYY-MM-DD day. */
export function addDays(ymd: string, n: number): string {
  const d = utc(ymd);
  if (!d) return ymd;
  d.setUTCDate(d.getUTCDate() + n);
  return ymdOf(d);
}

/** 0 = Sunday … 6 = Saturday; -1 for a text that is not a date. */
export function weekday(ymd: string): number {
  return utc(ymd)?.getUTCDay() ?? -1;
}

export function isSunday(ymd: string): boolean {
  return weekday(ymd) === 0;
}

/** The Sunday starting the week that holds the day. */
export function sundayOf(ymd: string): string {
  const w = weekday(ymd);
  return w < 0 ? ymd : addDays(ymd, -w);
}

/** The seven days of the week starting on a Sunday, Sunday to Saturday. */
export function weekDays(sunday: string): string[] {
  return Array.from({ length: 7 }, (_, i) => addDays(sunday, i));
}

/**
 * The Sundays the week picker offers: `back` weeks before the week holding today to `ahead` weeks after,
 * plus `shown` when it lies outside (a link to an older week), newest last.
 */
export function sundayChoices(today: string, back: number, ahead: number, shown?: string): string[] {
  const first = sundayOf(today);
  const out = Array.from({ length: back + ahead + 1 }, (_, i) => addDays(first, (i - back) * 7));
  if (shown && isSunday(shown) && !out.includes(shown)) {
    out.push(shown);
    out.sort();
  }
  return out;
}

/** A day before the facility's today: its shifts cannot change any more. */
export function isPastDay(day: string, today: string): boolean {
  return day < today;
}

/** Every day of the week is before today: the week is read-only. */
export function isPastWeek(sunday: string, today: string): boolean {
  return isPastDay(addDays(sunday, 6), today);
}

// ---- Shift types ----

function minutesOf(hhmm: string): number {
  const m = HHMM.exec(hhmm);
  return m ? +m[1] * 60 + +m[2] : Number.NaN;
}

/** An end at or before the start is on the next day (a night shift, 23:00–07:00). */
export function crossesMidnight(start: string, end: string): boolean {
  return minutesOf(end) <= minutesOf(start);
}

/** How long the shift is on a day without a clock change (a 00:00–00:00 shift is 24 h). */
export function shiftMinutes(start: string, end: string): number {
  const a = minutesOf(start);
  const b = minutesOf(end);
  if (Number.isNaN(a) || Number.isNaN(b)) return 0;
  return b > a ? b - a : b + 24 * 60 - a;
}

/** The shift type as typed in its editor. */
export interface ShiftTypeDraft {
  shiftTypeId: string;
  name: string;
  startTime: string;
  endTime: string;
  color: string;
  minStaff: string;
  requiredCredential: string;
  active: boolean;
}

export const DEFAULT_SHIFT_COLOR = '#2d72d2';

export function emptyShiftType(): ShiftTypeDraft {
  return { shiftTypeId: '', name: '', startTime: '', endTime: '', color: DEFAULT_SHIFT_COLOR, minStaff: '1', requiredCredential: '', active: true };
}

export function shiftTypeDraft(t: ShiftType): ShiftTypeDraft {
  return {
    shiftTypeId: t.shiftTypeId,
    name: t.name,
    startTime: t.startTime,
    endTime: t.endTime,
    color: t.color || DEFAULT_SHIFT_COLOR,
    minStaff: String(t.minStaff),
    requiredCredential: t.requiredCredential ?? '',
    active: t.active,
  };
}

export type ShiftTypeErrors = Partial<Record<keyof ShiftTypeDraft, RuleError>>;

/** The server's rules for a shift type (shared.SaveShiftTypeRequest), so most refusals never leave the browser. */
export function validateShiftType(d: ShiftTypeDraft, others: readonly ShiftType[]): ShiftTypeErrors {
  const e: ShiftTypeErrors = {};
  const name = d.name.trim();
  if (name === '') e.name = { key: 'shifts.validation.nameRequired' };
  else if ([...name].length > ShiftTypeNameMax) e.name = { key: 'shifts.validation.nameMax', values: { max: ShiftTypeNameMax } };
  else if (others.some((o) => o.shiftTypeId !== d.shiftTypeId && o.name.trim().toLowerCase() === name.toLowerCase()))
    e.name = { key: 'shifts.validation.nameTaken' };
  if (d.startTime === '') e.startTime = { key: 'shifts.validation.timeRequired' };
  else if (!HHMM.test(d.startTime)) e.startTime = { key: 'shifts.validation.timeInvalid' };
  if (d.endTime === '') e.endTime = { key: 'shifts.validation.timeRequired' };
  else if (!HHMM.test(d.endTime)) e.endTime = { key: 'shifts.validation.timeInvalid' };
  if (!COLOR.test(d.color)) e.color = { key: 'shifts.validation.color' };
  const staff = d.minStaff.trim();
  if (!/^\d+$/.test(staff) || +staff > ShiftStaffMax) e.minStaff = { key: 'shifts.validation.minStaff', values: { max: ShiftStaffMax } };
  return e;
}

export function shiftTypeRequest(d: ShiftTypeDraft): SaveShiftTypeRequest {
  return {
    ...(d.shiftTypeId ? { shiftTypeId: d.shiftTypeId } : {}),
    name: d.name.trim(),
    startTime: d.startTime,
    endTime: d.endTime,
    color: d.color.toLowerCase(),
    minStaff: Number(d.minStaff.trim()),
    ...(d.requiredCredential ? { requiredCredential: d.requiredCredential } : {}),
    active: d.active,
  };
}

// ---- The week's schedule ----

/** Who works each day of the week as the owner edits it: day → caregiver ids. */
export type WeekPlan = Record<string, string[]>;

export interface ScheduleDraft {
  name: string;
  startDate: string;
  endDate: string;
  plan: WeekPlan;
}

/** The schedule of the week as saved, or an empty one named after the shift type and the week. */
export function scheduleDraft(sunday: string, schedule: ShiftSchedule | undefined, defaultName: string): ScheduleDraft {
  const plan: WeekPlan = {};
  for (const day of weekDays(sunday)) plan[day] = [];
  for (const a of schedule?.assignments ?? []) if (a.day in plan) plan[a.day] = [...a.caregiverIds];
  return {
    name: schedule?.name ?? defaultName,
    startDate: schedule?.startDate ?? sunday,
    endDate: schedule?.endDate ?? addDays(sunday, 6),
    plan,
  };
}

/** Puts a caregiver on a day or takes them off. */
export function toggleAssignment(plan: WeekPlan, day: string, caregiverId: string): WeekPlan {
  const now = plan[day] ?? [];
  return { ...plan, [day]: now.includes(caregiverId) ? now.filter((c) => c !== caregiverId) : [...now, caregiverId] };
}

/** The days whose caregivers differ between two plans. */
export function changedDays(a: WeekPlan, b: WeekPlan): string[] {
  const days = new Set([...Object.keys(a), ...Object.keys(b)]);
  const same = (x: string[] = [], y: string[] = []) => x.length === y.length && x.every((c) => y.includes(c));
  return [...days].filter((d) => !same(a[d], b[d])).sort();
}

export type ScheduleErrors = Partial<Record<'name' | 'startDate' | 'endDate' | 'assignments', RuleError>>;

/**
 * The schedule's rules (spec 000 §5): a name of at most ScheduleNameMax (empty: the server names the week after
 * its type), a date range, the start a Sunday and the end within its week,
 * at least one caregiver on some day, and no change to a day before today.
 */
export function validateSchedule(d: ScheduleDraft, today: string, saved?: WeekPlan): ScheduleErrors {
  const e: ScheduleErrors = {};
  const name = d.name.trim();
  if ([...name].length > ScheduleNameMax) e.name = { key: 'shifts.validation.nameMax', values: { max: ScheduleNameMax } };
  if (!d.startDate || !d.endDate) e.startDate = { key: 'shifts.validation.rangeRequired' };
  else if (!isDay(d.startDate) || !isDay(d.endDate)) e.startDate = { key: 'shifts.validation.rangeInvalid' };
  else if (!isSunday(d.startDate)) e.startDate = { key: 'shifts.validation.sunday' };
  else if (d.endDate < d.startDate || d.endDate > addDays(d.startDate, ScheduleDaysMax - 1)) e.endDate = { key: 'shifts.validation.endInWeek' };
  const days = Object.keys(d.plan);
  if (!days.some((day) => (d.plan[day] ?? []).length > 0)) e.assignments = { key: 'shifts.validation.oneElement' };
  else if (days.some((day) => (d.plan[day] ?? []).length > ShiftCaregiversMax))
    e.assignments = { key: 'shifts.validation.tooMany', values: { max: ShiftCaregiversMax } };
  else if (changedDays(d.plan, saved ?? emptyPlanLike(d.plan)).some((day) => isPastDay(day, today)))
    e.assignments = { key: 'shifts.validation.pastDay' };
  return e;
}

function emptyPlanLike(plan: WeekPlan): WeekPlan {
  return Object.fromEntries(Object.keys(plan).map((d) => [d, []]));
}

export function scheduleRequest(d: ScheduleDraft, shiftTypeId: string, schedule: ShiftSchedule | undefined): SaveScheduleRequest {
  return {
    ...(schedule ? { scheduleId: schedule.scheduleId, version: schedule.version } : {}),
    shiftTypeId,
    name: d.name.trim(),
    startDate: d.startDate,
    endDate: d.endDate,
    assignments: Object.keys(d.plan)
      .sort()
      .filter((day) => day >= d.startDate && day <= d.endDate)
      .map((day) => ({ day, caregiverIds: d.plan[day] ?? [] })),
  };
}

// ---- Coverage gaps ----

/** One gap as a day's row shows it: its hours on that day, "(next day)" when it runs past midnight. */
export interface DayGap {
  startTime: string;
  endTime: string;
  /** The gap ends on a later day than it starts. */
  nextDay: boolean;
  hours: number;
  assigned: number;
  required: number;
  shiftTypeIds: string[];
}

/**
 * The week's gaps by the day they start on (the seven days, each with its gaps in time order), and the hours
 * short in all. A gap that runs past midnight stays on its first day, marked so the row can say it ends the
 * next day; `shiftTypeId` keeps the gaps touching that shift type only.
 */
export function gapsByDay(gaps: readonly CoverageGap[], days: readonly string[], shiftTypeId?: string): { byDay: Record<string, DayGap[]>; hours: number } {
  const byDay: Record<string, DayGap[]> = Object.fromEntries(days.map((d) => [d, [] as DayGap[]]));
  let hours = 0;
  const sorted = [...gaps].sort((a, b) => a.start - b.start);
  for (const g of sorted) {
    if (shiftTypeId && g.shiftTypeIds?.length && !g.shiftTypeIds.includes(shiftTypeId)) continue;
    if (!(g.day in byDay)) continue;
    const nextDay = g.hours >= 24 || minutesOf(g.endTime) <= minutesOf(g.startTime);
    byDay[g.day].push({
      startTime: g.startTime,
      endTime: g.endTime,
      nextDay,
      hours: g.hours,
      assigned: g.assigned,
      required: g.required,
      shiftTypeIds: g.shiftTypeIds ?? [],
    });
    hours += g.hours;
  }
  return { byDay, hours };
}

// ---- My shifts ----

/** The shift to highlight: the server's next one, else the first that has not ended by `now`. */
export function nextShift(shifts: readonly MyShift[], next: MyShift | undefined, now: number): MyShift | undefined {
  if (next) return shifts.find((s) => s.scheduleId === next.scheduleId && s.day === next.day) ?? next;
  return [...shifts].sort((a, b) => a.start - b.start).find((s) => s.end > now);
}

/** Shifts by the day they start on, oldest first. */
export function shiftsByDay(shifts: readonly MyShift[]): { day: string; shifts: MyShift[] }[] {
  const map = new Map<string, MyShift[]>();
  for (const s of [...shifts].sort((a, b) => a.start - b.start)) {
    const list = map.get(s.day) ?? [];
    list.push(s);
    map.set(s.day, list);
  }
  return [...map.entries()].map(([day, list]) => ({ day, shifts: list }));
}

// ---- Hours ----

/** Minutes as hours and minutes for the words of the interface ({h, m}), the sign apart. */
export function hoursParts(minutes: number): { sign: '' | '+' | '-'; h: number; m: number } {
  const abs = Math.abs(Math.round(minutes));
  return { sign: minutes > 0 ? '+' : minutes < 0 ? '-' : '', h: Math.floor(abs / 60), m: abs % 60 };
}

/**
 * Worked time against the time scheduled so far (docs/api.md "Shifts"): shifts still to come, and the rest of
 * one under way, are no shortfall yet. `short` when less was worked than scheduled so far.
 */
export function hoursDifference(h: { workedMinutes: number; scheduledSoFarMinutes: number }): { minutes: number; short: boolean } {
  const minutes = h.workedMinutes - h.scheduledSoFarMinutes;
  return { minutes, short: minutes < 0 };
}

/** The hours report's range: both dates, start not after end, at most `maxDays` days. */
export function validateRange(start: string, end: string, maxDays: number): RuleError | undefined {
  if (!start || !end) return { key: 'shifts.validation.rangeRequired' };
  if (!isDay(start) || !isDay(end)) return { key: 'shifts.validation.rangeInvalid' };
  if (end < start) return { key: 'shifts.validation.rangeOrder' };
  if (addDays(start, maxDays - 1) < end) return { key: 'shifts.validation.rangeMax', values: { max: maxDays } };
  return undefined;
}

// ---- Shift reports ----

export const REPORT_SECTIONS = ['residentsOfConcern', 'medsGivenHeld', 'incidents', 'tasksLeftOpen', 'freeText'] as const;
export type ReportSection = (typeof REPORT_SECTIONS)[number];

export interface ReportDraft {
  shiftDate: string;
  shiftTypeId: string;
  residentsOfConcern: string;
  medsGivenHeld: string;
  incidents: string;
  tasksLeftOpen: string;
  freeText: string;
}

export type ReportErrors = Partial<Record<keyof ReportDraft | 'body', RuleError>>;

/** A report's rules: a shift date not after today, each section within its bound, and for a submit something written. */
export function validateReport(d: ReportDraft, today: string, submit: boolean): ReportErrors {
  const e: ReportErrors = {};
  if (!d.shiftDate) e.shiftDate = { key: 'shifts.validation.dateRequired' };
  else if (!isDay(d.shiftDate)) e.shiftDate = { key: 'shifts.validation.rangeInvalid' };
  else if (d.shiftDate > today) e.shiftDate = { key: 'shifts.validation.reportFuture' };
  for (const s of REPORT_SECTIONS)
    if ([...d[s]].length > ShiftReportSectionMax) e[s] = { key: 'shifts.validation.sectionMax', values: { max: ShiftReportSectionMax } };
  if (submit && REPORT_SECTIONS.every((s) => d[s].trim() === '')) e.body = { key: 'shifts.validation.reportEmpty' };
  return e;
}

// ---- The server's refusals ----

/** One refusal of a schedule save: its kind (LEAVE, OVERLAP, DISABLED, CREDENTIAL, or another rule) and words. */
export interface Refusal {
  kind: string;
  message: string;
}

/**
 * Every conflict of a refused schedule save: the 4022 answer's data lists each as a FieldError (field
 * "assignments", rule LEAVE / OVERLAP / DISABLED / CREDENTIAL, message naming the caregiver and day); other
 * fields' messages come too. Each message once, in the server's order.
 */
export function refusalMessages(data: unknown, fallback?: string): Refusal[] {
  const out: Refusal[] = [];
  for (const fe of Array.isArray(data) ? data : []) {
    if (!fe || typeof fe !== 'object') continue;
    const { message, rule } = fe as { message?: unknown; rule?: unknown };
    if (typeof message === 'string' && message && !out.some((r) => r.message === message))
      out.push({ kind: typeof rule === 'string' ? rule : '', message });
  }
  if (out.length === 0 && fallback) out.push({ kind: '', message: fallback });
  return out;
}
