// The rules of the daily task work as plain functions (spec 000 §2 /task, §5 task completion; shared/task.go).
// They take `now` (epoch ms) instead of reading the clock, so the page, the calendar and the tests agree.
import { addDays, format, isValid, parse } from 'date-fns';
import type { Task, TaskRecord } from '@/types/api.gen';
import {
  CategoryMedication,
  CategoryTimeSpecific,
  LateOther,
  RecordCleared,
  RecordCompleted,
  RecordExpired,
  TaskCommentMax,
  TaskFutureDays,
  TaskRecordUpdateHours,
  TaskTimeGraceMinutes,
} from '@/types/api.gen';
import { SESSION_KEYS, careCodesOf } from '@/lib/care/taskLabels';
import { newTaskSchedule, validateTaskFields, type TaskFieldMessages, type TaskFieldsDraft } from '@/lib/care/taskForm';
import { scheduleDraftOf } from '@/lib/care/taskSchedule';
import type { RuleError } from '@/lib/form/FormField';
import { zonedDate, zonedWallToEpoch } from '@/lib/time/zone';

/** The sessions in the day's order (shared.TimeSessions). */
const TimeSessions: readonly string[] = careCodesOf(SESSION_KEYS);

/** Where one occurrence stands for the person looking at it now. */
export type RecordState = 'upcoming' | 'due' | 'overdue' | 'expired' | 'done' | 'doneLate' | 'cleared';

/** A record's state in words (a tag, the calendar's legend), written out so the locale check sees every key. */
export const STATE_KEYS = {
  upcoming: 'tasks.state.upcoming',
  due: 'tasks.state.due',
  overdue: 'tasks.state.overdue',
  expired: 'tasks.state.expired',
  done: 'tasks.state.done',
  doneLate: 'tasks.state.doneLate',
  cleared: 'tasks.state.cleared',
} as const satisfies Record<RecordState, string>;

/**
 * A record's state at `now`. The server marks `overdue` when it answers; a pending record whose window
 * closes while the page is open turns overdue at once, before the expiry job makes it EXPIRED.
 */
export function recordState(r: Pick<TaskRecord, 'status' | 'overdue' | 'late' | 'dueStart' | 'dueEnd'>, now: number): RecordState {
  switch (r.status) {
    case RecordCompleted:
      return r.late ? 'doneLate' : 'done';
    case RecordCleared:
      return 'cleared';
    case RecordExpired:
      return 'expired';
    default:
      if (r.overdue || (r.dueEnd > 0 && now > r.dueEnd)) return 'overdue';
      if (r.dueStart > 0 && now < r.dueStart) return 'upcoming';
      return 'due';
  }
}

/** Overdue or expired: marked as such, and completing it asks why it is late. */
export function isLate(state: RecordState): boolean {
  return state === 'overdue' || state === 'expired';
}

/** Still to do (it can be completed). */
export function isOpen(state: RecordState): boolean {
  return state === 'upcoming' || state === 'due' || state === 'overdue' || state === 'expired';
}

/**
 * Still to do and completable now: the server takes a completion from TaskTimeGraceMinutes before the window
 * opens (records.go earlyCompletion), so a later one shows its memo only.
 */
export function canCompleteNow(r: Pick<TaskRecord, 'status' | 'overdue' | 'late' | 'dueStart' | 'dueEnd'>, now: number): boolean {
  const state = recordState(r, now);
  if (!isOpen(state)) return false;
  return state !== 'upcoming' || now >= r.dueStart - TaskTimeGraceMinutes * 60_000;
}

/** The day's figures: done of total, and how many are overdue or expired now. */
export interface DayProgress {
  done: number;
  total: number;
  overdue: number;
}

/** Counted from the records so a window that closed since the answer counts as overdue (cleared ones are left out). */
export function dayProgress(records: readonly TaskRecord[], now: number): DayProgress {
  let done = 0;
  let total = 0;
  let overdue = 0;
  for (const r of records) {
    const state = recordState(r, now);
    if (state === 'cleared') continue;
    total++;
    if (state === 'done' || state === 'doneLate') done++;
    else if (isLate(state)) overdue++;
  }
  return { done, total, overdue };
}

/** One heading's records: a session (onGoing), a time of day (timeSpecific) or the medication passes. */
export interface RecordGroup {
  /** A session code, "" for any time of the day; HH:mm for a time; "" for medication. */
  key: string;
  records: TaskRecord[];
}

export interface TodayGroups {
  onGoing: RecordGroup[];
  timeSpecific: RecordGroup[];
  medication: RecordGroup[];
}

const byDueThenResident = (a: TaskRecord, b: TaskRecord) =>
  a.dueStart - b.dueStart || a.residentName.localeCompare(b.residentName) || a.title.localeCompare(b.title);

/**
 * Today's records by category (spec 000 §2): on-going ones by session in the day's order (any time of the
 * day last), time-specific ones by their time, medication passes by due time; empty groups are left out.
 */
export function groupToday(records: readonly TaskRecord[]): TodayGroups {
  const sessions = new Map<string, TaskRecord[]>();
  const times = new Map<string, TaskRecord[]>();
  const medication: TaskRecord[] = [];
  for (const r of records) {
    if (r.category === CategoryMedication) medication.push(r);
    else if (r.category === CategoryTimeSpecific || r.timeOfDay !== '') {
      const list = times.get(r.timeOfDay) ?? [];
      list.push(r);
      times.set(r.timeOfDay, list);
    } else {
      const list = sessions.get(r.timeSession) ?? [];
      list.push(r);
      sessions.set(r.timeSession, list);
    }
  }
  const order = [...TimeSessions, ''] as string[];
  const sessionRank = (s: string) => (order.includes(s) ? order.indexOf(s) : TimeSessions.length);
  const onGoing = [...sessions.entries()]
    .sort(([a], [b]) => sessionRank(a) - sessionRank(b) || a.localeCompare(b))
    .map(([key, list]) => ({ key, records: list.sort(byDueThenResident) }));
  const timeSpecific = [...times.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, list]) => ({ key, records: list.sort(byDueThenResident) }));
  return {
    onGoing,
    timeSpecific,
    medication: medication.length > 0 ? [{ key: '', records: medication.sort(byDueThenResident) }] : [],
  };
}

/** A resident's records (expired tasks per resident); residentId "" holds the facility's own tasks. */
export interface ResidentGroup {
  residentId: string;
  residentName: string;
  residentRoom: string;
  records: TaskRecord[];
}

/** Records by resident, residents by name and the facility's own tasks last; each resident's oldest first. */
export function groupByResident(records: readonly TaskRecord[]): ResidentGroup[] {
  const groups = new Map<string, ResidentGroup>();
  for (const r of records) {
    const g = groups.get(r.residentId) ?? { residentId: r.residentId, residentName: r.residentName, residentRoom: r.residentRoom, records: [] };
    g.records.push(r);
    groups.set(r.residentId, g);
  }
  return [...groups.values()]
    .sort((a, b) => (a.residentId === '' ? 1 : 0) - (b.residentId === '' ? 1 : 0) || a.residentName.localeCompare(b.residentName))
    .map((g) => ({ ...g, records: g.records.sort(byDueThenResident) }));
}

/** The days after `day` (YYYY-MM-DD) that future tasks reach: TaskFutureDays of them. */
export function futureDays(day: string, count: number = TaskFutureDays): string[] {
  const start = parse(day, 'yyyy-MM-dd', new Date(2000, 0, 1));
  if (!isValid(start)) return [];
  return Array.from({ length: count }, (_, i) => format(addDays(start, i + 1), 'yyyy-MM-dd'));
}

/** The weekday (0 = Sunday) of a YYYY-MM-DD day; -1 when it is not one. */
export function weekdayOf(day: string): number {
  const d = parse(day, 'yyyy-MM-dd', new Date(2000, 0, 1));
  return isValid(d) ? d.getDay() : -1;
}

/** What completing a record asks for, as typed. */
export interface CompletionDraft {
  comment: string;
  lateReason: string;
  remark: string;
}

export type CompletionErrors = Partial<Record<keyof CompletionDraft, RuleError>>;

/**
 * A comment is always required (spec 000 §5); a late record (overdue or expired) also needs why, and the
 * reason "other" needs a remark ("Remark is required"). Each text at most TaskCommentMax characters.
 */
export function validateCompletion(d: CompletionDraft, late: boolean): CompletionErrors {
  const errors: CompletionErrors = {};
  const comment = d.comment.trim();
  if (comment === '') errors.comment = { key: 'tasks.validation.comment' };
  else if (comment.length > TaskCommentMax) errors.comment = { key: 'tasks.validation.tooLong', values: { max: TaskCommentMax } };
  if (late) {
    if (d.lateReason === '') errors.lateReason = { key: 'tasks.validation.lateReason' };
    else if (d.lateReason === LateOther && d.remark.trim() === '') errors.remark = { key: 'tasks.validation.remark' };
  }
  if (d.remark.trim().length > TaskCommentMax) errors.remark = { key: 'tasks.validation.tooLong', values: { max: TaskCommentMax } };
  return errors;
}

/** The late reason and remark a completion sends: only for a late record, the remark only when written. */
export function lateFields(d: CompletionDraft, late: boolean): { lateReason?: string; remark?: string } {
  if (!late) return {};
  const remark = d.remark.trim();
  return { lateReason: d.lateReason, ...(remark ? { remark } : {}) };
}

/** Who completed a record may correct its comment for TaskRecordUpdateHours after completing it. */
export function canCorrect(r: Pick<TaskRecord, 'status' | 'completedBy' | 'completedAt'>, userId: string | undefined, now: number): boolean {
  return (
    r.status === RecordCompleted &&
    !!userId &&
    r.completedBy === userId &&
    r.completedAt > 0 &&
    now - r.completedAt < TaskRecordUpdateHours * 3_600_000
  );
}

// The page's automatic refresh (shared with the med pass page).
export { AUTO_REFRESH_SECONDS, formatCountdown, secondsLeft } from '@/lib/time/countdown';

/** The task page's form: the fields every task form shares (lib/care/taskForm), for whom, and remarks. */
export interface TaskDraft extends TaskFieldsDraft {
  residentId: string;
  caregiverId: string;
  remarks: string;
}

/** The task page's words for a broken rule. */
const TASK_MESSAGES: TaskFieldMessages = {
  titleRequired: 'tasks.validation.title',
  tooLong: 'tasks.validation.tooLong',
  startRequired: 'tasks.validation.startDate',
  startBadDate: 'tasks.validation.startDate',
  endBadDate: 'tasks.validation.endDate',
  startPast: 'tasks.validation.startPast',
  endBeforeStart: 'tasks.validation.endBeforeStart',
};

/**
 * The task form's rules: the shared ones (a title, a start not before today for a new task, an end not before
 * it, the schedule's), a type, and remarks within TaskCommentMax.
 */
export function validateTaskDraft(d: TaskDraft, opts: { today: string; isNew: boolean }): Record<string, RuleError> {
  const errors = validateTaskFields(d, { ...opts, messages: TASK_MESSAGES });
  if (d.type === '') errors.type = { key: 'tasks.validation.type' };
  if (d.remarks.length > TaskCommentMax) errors.remarks = { key: 'tasks.validation.tooLong', values: { max: TaskCommentMax } };
  return errors;
}

/** A task as its form starts: a stored one, or a new one for a resident (or the facility) starting today. */
export function taskDraftOf(task: Task | undefined, defaults: { residentId?: string; today: string }): TaskDraft {
  if (!task) {
    return {
      title: '',
      type: 'ROUTINE',
      area: '',
      content: '',
      residentId: defaults.residentId ?? '',
      caregiverId: '',
      startDate: defaults.today,
      endDate: '',
      schedule: newTaskSchedule(),
      remarks: '',
    };
  }
  return {
    title: task.title,
    type: task.type,
    area: task.area,
    content: task.content,
    residentId: task.residentId,
    caregiverId: task.caregiverId,
    startDate: task.startDate,
    endDate: task.endDate,
    schedule: scheduleDraftOf(task),
    remarks: task.remarks,
  };
}

/**
 * The session a record belongs to: its own session, else the session its time of day (or, for a medication
 * pass, its due time as the facility's clock shows it, `clockOf`) falls in; "" for a task due any time of the day.
 */
export function recordSession(
  r: Pick<TaskRecord, 'timeSession' | 'timeOfDay' | 'category' | 'dueStart'>,
  sessionAt: (hhmm: string) => string,
  clockOf: (ms: number) => string,
): string {
  if (r.timeSession) return r.timeSession;
  if (r.timeOfDay) return sessionAt(r.timeOfDay);
  if (r.category === CategoryMedication && r.dueStart > 0) return sessionAt(clockOf(r.dueStart));
  return '';
}

/** What a tile filters the day's list to (?show=). */
export const NOW_FILTERS = ['due', 'later', 'done'] as const;
export type NowFilter = (typeof NOW_FILTERS)[number];

/** The day's list as a caregiver works it: what is late, what is due now, later, any time, and what is done. */
export interface NowSections {
  overdue: TaskRecord[];
  due: TaskRecord[];
  later: TaskRecord[];
  anyTime: TaskRecord[];
  done: TaskRecord[];
}

/**
 * When the session's run that is on now (or comes next) ends: the first moment after now at which the
 * facility's clock reads its end time. "Later this session" stops there: at 05:00 the night session that
 * began last night ends at 06:00, and tonight's night round (21:00) is later today, not later this session.
 */
export function sessionEndsAt(now: number, endTime: string, zone: string | undefined): number {
  const date = zonedDate(now, zone);
  const at = zonedWallToEpoch(`${date}T${endTime}`, zone);
  if (Number.isNaN(at)) return Number.POSITIVE_INFINITY;
  if (at > now) return at;
  const next = format(addDays(parse(date, 'yyyy-MM-dd', new Date(0)), 1), 'yyyy-MM-dd');
  return zonedWallToEpoch(`${next}T${endTime}`, zone);
}

/**
 * Today's records laid out around now for one session ("" for the whole day): every record of the day
 * whose window has closed first (late in any session, it still needs her), then every record due now, then
 * the session's later ones (those starting before `laterUntil`, sessionEndsAt), then the open tasks of any
 * time of the day, then the session's done ones (the page folds them). Each part by due time, then resident.
 * Cleared records are left out.
 */
export function nowSections(
  records: readonly TaskRecord[],
  now: number,
  session: string,
  sessionOfRecord: (r: TaskRecord) => string,
  laterUntil = Number.POSITIVE_INFINITY,
): NowSections {
  const out: NowSections = { overdue: [], due: [], later: [], anyTime: [], done: [] };
  for (const r of records) {
    const state = recordState(r, now);
    if (state === 'cleared') continue;
    if (isLate(state)) {
      out.overdue.push(r);
      continue;
    }
    const own = sessionOfRecord(r);
    if (own === '' && isOpen(state)) {
      out.anyTime.push(r);
      continue;
    }
    if (state === 'due') {
      out.due.push(r); // due now: whatever its session (sessions may overlap, as night and midnight do)
      continue;
    }
    if (session !== '' && own !== session) continue;
    if (state === 'upcoming') {
      if (r.dueStart < laterUntil) out.later.push(r);
    } else out.done.push(r);
  }
  for (const list of Object.values(out) as TaskRecord[][]) list.sort(byDueThenResident);
  return out;
}

/** The tiles' figures for the whole day: due now (any-time tasks apart), later, done. */
export function nowFigures(records: readonly TaskRecord[], now: number, sessionOfRecord: (r: TaskRecord) => string): Record<NowFilter, number> {
  const s = nowSections(records, now, '', sessionOfRecord);
  return { due: s.due.length, later: s.later.length, done: s.done.length };
}
