// What every task form edits besides its own fields (shared/task.go SaveTaskRequest): title, type, care area,
// the schedule, first and last day, instructions; their rules and their part of the request. The task page's
// form, the move-in wizard's care plan and (title, type, schedule) the task creation rules use them; each
// words a broken rule its own way (TaskFieldMessages). Tested in taskForm.test.ts.
import type { SaveTaskRequest } from '@/types/api.gen';
import { TaskContentMax, TaskTitleMax } from '@/types/api.gen';
import type { RuleError } from '@/lib/form/FormField';
import { isDateString } from '@/lib/time/dateTime';
import { frequencyFields, scheduleRequest, validateSchedule, type ScheduleDraft } from './taskSchedule';

export interface TaskFieldsDraft {
  title: string;
  type: string;
  /** A care area code, or '' for none (sent as none, shown as Other). */
  area: string;
  content: string;
  startDate: string;
  endDate: string;
  schedule: ScheduleDraft;
}

/** A new task's schedule: every day, in the morning. */
export function newTaskSchedule(): ScheduleDraft {
  return { frequency: 'DAILY', daysOfWeek: [], repeatInterval: '', timing: 'session', timeSession: 'MORNING', timeOfDay: '' };
}

/** The message keys of a form's broken rules. */
export interface TaskFieldMessages {
  titleRequired: string;
  /** With {{max}}. */
  tooLong: string;
  startRequired: string;
  startBadDate: string;
  endBadDate: string;
  startPast: string;
  endBeforeStart: string;
}

/**
 * The shared fields' broken rules, by field (title, content, startDate, endDate and the schedule's): a title;
 * a start date, not before `today` (the facility's day) for a new task, a saved one keeps its start; an end,
 * when the frequency has one, not before the start.
 */
export function validateTaskFields(
  d: TaskFieldsDraft,
  opts: { today: string; isNew: boolean; messages: TaskFieldMessages },
): Record<string, RuleError> {
  const m = opts.messages;
  const errors: Record<string, RuleError> = {};
  const title = d.title.trim();
  if (title === '') errors.title = { key: m.titleRequired };
  else if (title.length > TaskTitleMax) errors.title = { key: m.tooLong, values: { max: TaskTitleMax } };
  if (d.content.length > TaskContentMax) errors.content = { key: m.tooLong, values: { max: TaskContentMax } };
  if (d.startDate === '') errors.startDate = { key: m.startRequired };
  else if (!isDateString(d.startDate)) errors.startDate = { key: m.startBadDate };
  else if (opts.isNew && d.startDate < opts.today) errors.startDate = { key: m.startPast };
  if (frequencyFields(d.schedule.frequency).endDate && d.endDate !== '') {
    if (!isDateString(d.endDate)) errors.endDate = { key: m.endBadDate };
    else if (isDateString(d.startDate) && d.endDate < d.startDate) errors.endDate = { key: m.endBeforeStart };
  }
  return { ...errors, ...validateSchedule(d.schedule) };
}

/** The shared fields' part of a save: trimmed, empty ones left out, the schedule only as its frequency uses it. */
export function taskFieldsRequest(d: TaskFieldsDraft): Omit<SaveTaskRequest, 'taskId' | 'residentId' | 'caregiverId' | 'runStatus' | 'remarks'> {
  const req: ReturnType<typeof taskFieldsRequest> = { title: d.title.trim(), type: d.type, startDate: d.startDate, ...scheduleRequest(d.schedule) };
  if (d.area) req.area = d.area;
  if (d.content.trim()) req.content = d.content.trim();
  if (frequencyFields(d.schedule.frequency).endDate && d.endDate) req.endDate = d.endDate;
  return req;
}
