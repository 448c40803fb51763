// Which schedule fields a task's frequency uses, and their rules (shared/task.go SaveTaskRequest and
// SaveTaskCreationRuleRequest docs): WEEKLY and BIWEEKLY need days of the week; CUSTOM needs an interval
// in days; HOURLY takes an interval in hours (1 when empty) and, on a task, the first hour as its time of
// day; anytime/as-needed tasks have no time. A session and a time of day never go together.
import { TaskRepeatIntervalMax } from '@/types/api.gen';
import type { RuleError } from '@/lib/form/FormField';

export type TimingMode = 'sessionOrTime' | 'time' | 'none';

export interface FrequencyFields {
  /** Days of the week, at least one. */
  daysOfWeek: boolean;
  /** The repeat interval: days (required, CUSTOM), hours (optional, HOURLY), or not used. */
  repeatInterval: 'days' | 'hours' | null;
  /** sessionOrTime: a session, a time of day or neither (any time of the day); time: a time of day is required. */
  timing: TimingMode;
  /** An end date makes sense (a task that happens once or any time has none). */
  endDate: boolean;
}

export function frequencyFields(frequency: string): FrequencyFields {
  switch (frequency) {
    case 'WEEKLY':
    case 'BIWEEKLY':
      return { daysOfWeek: true, repeatInterval: null, timing: 'sessionOrTime', endDate: true };
    case 'CUSTOM':
      return { daysOfWeek: false, repeatInterval: 'days', timing: 'sessionOrTime', endDate: true };
    case 'HOURLY':
      return { daysOfWeek: false, repeatInterval: 'hours', timing: 'time', endDate: true };
    case 'AS_NEEDED':
      return { daysOfWeek: false, repeatInterval: null, timing: 'none', endDate: false };
    case 'ONCE':
      return { daysOfWeek: false, repeatInterval: null, timing: 'sessionOrTime', endDate: false };
    default:
      return { daysOfWeek: false, repeatInterval: null, timing: 'sessionOrTime', endDate: true };
  }
}

/** When a task is due in its day: in a session, at a time of its own, or any time of the day. */
export type TimingChoice = 'session' | 'time' | 'anytime';

/** A schedule as a form edits it (numbers as typed). */
export interface ScheduleDraft {
  frequency: string;
  daysOfWeek: number[];
  repeatInterval: string;
  timing: TimingChoice;
  timeSession: string;
  /** HH:mm, or what was typed when it is not a time. */
  timeOfDay: string;
}

export type ScheduleErrors = Partial<Record<'daysOfWeek' | 'repeatInterval' | 'timeSession' | 'timeOfDay', RuleError>>;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The timing a frequency allows: HOURLY always has its time; as-needed has none. */
export function effectiveTiming(draft: Pick<ScheduleDraft, 'frequency' | 'timing'>): TimingChoice {
  const mode = frequencyFields(draft.frequency).timing;
  if (mode === 'time') return 'time';
  if (mode === 'none') return 'anytime';
  return draft.timing;
}

/**
 * The schedule's broken rules. `withTime` is false for a task creation rule, which has a session but no time
 * of day of its own.
 */
export function validateSchedule(draft: ScheduleDraft, withTime = true): ScheduleErrors {
  const errors: ScheduleErrors = {};
  const fields = frequencyFields(draft.frequency);
  if (fields.daysOfWeek && draft.daysOfWeek.length === 0) errors.daysOfWeek = { key: 'care.validation.daysOfWeek' };
  if (fields.repeatInterval) {
    const text = draft.repeatInterval.trim();
    const n = Number(text);
    const needed = fields.repeatInterval === 'days';
    if (text === '' ? needed : !Number.isInteger(n) || n < 1 || n > TaskRepeatIntervalMax) {
      errors.repeatInterval = { key: 'care.validation.repeatInterval', values: { max: TaskRepeatIntervalMax } };
    }
  }
  const timing = withTime ? effectiveTiming(draft) : draft.timing === 'session' && fields.timing !== 'none' ? 'session' : 'anytime';
  if (timing === 'session' && draft.timeSession === '') errors.timeSession = { key: 'care.validation.session' };
  if (timing === 'time' && !HHMM.test(draft.timeOfDay)) errors.timeOfDay = { key: 'care.validation.timeOfDay' };
  return errors;
}

/** The schedule's part of a save request: only the fields its frequency and timing use. */
export function scheduleRequest(draft: ScheduleDraft, withTime = true): {
  frequency: string;
  daysOfWeek?: number[];
  repeatInterval?: number;
  timeSession?: string;
  timeOfDay?: string;
} {
  const fields = frequencyFields(draft.frequency);
  const out: ReturnType<typeof scheduleRequest> = { frequency: draft.frequency };
  if (fields.daysOfWeek) out.daysOfWeek = [...new Set(draft.daysOfWeek)].sort((a, b) => a - b);
  if (fields.repeatInterval && draft.repeatInterval.trim() !== '') out.repeatInterval = Number(draft.repeatInterval.trim());
  const timing = withTime ? effectiveTiming(draft) : fields.timing === 'none' ? 'anytime' : draft.timing;
  if (timing === 'session') out.timeSession = draft.timeSession;
  if (timing === 'time' && withTime) out.timeOfDay = draft.timeOfDay;
  return out;
}

/** A schedule as the form shows a stored one. */
export function scheduleDraftOf(s: {
  frequency: string;
  daysOfWeek?: number[] | null;
  repeatInterval?: number;
  timeSession?: string;
  timeOfDay?: string;
}): ScheduleDraft {
  const timing: TimingChoice = s.timeOfDay ? 'time' : s.timeSession ? 'session' : 'anytime';
  return {
    frequency: s.frequency,
    daysOfWeek: [...(s.daysOfWeek ?? [])],
    repeatInterval: s.repeatInterval ? String(s.repeatInterval) : '',
    timing,
    timeSession: s.timeSession ?? '',
    timeOfDay: s.timeOfDay ?? '',
  };
}
