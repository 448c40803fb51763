// A care-plan task as the wizard's care plan step edits it: the fields every task form shares
// (lib/care/taskForm) and what the wizard keeps as stored. Messages are keys. Tested in drafts.test.ts.
import type { SaveTaskRequest, Task } from '@/types/api.gen';
import { AreaOther, TaskRoutine } from '@/types/api.gen';
import { newTaskSchedule, taskFieldsRequest, validateTaskFields, type TaskFieldMessages, type TaskFieldsDraft } from '@/lib/care/taskForm';
import { scheduleDraftOf } from '@/lib/care/taskSchedule';
import type { RuleError } from '@/lib/form/FormField';

/** Broken rules by field, as message keys. */
export type DraftErrors = Record<string, RuleError>;

export interface TaskDraft extends TaskFieldsDraft {
  /** The list's key: the task id once saved, else made here. */
  key: string;
  taskId: string;
  /** Kept as stored: the wizard does not edit them but a save replaces the whole task. */
  caregiverId: string;
  remarks: string;
  runStatus: string;
}

let made = 0;
/** A key for an item not saved yet. */
export function newKey(prefix: string): string {
  made += 1;
  return `${prefix}-new-${made}`;
}

/** A new task: routine, daily in the morning, from `today`. */
export function emptyTaskDraft(today: string): TaskDraft {
  return {
    key: newKey('task'),
    taskId: '',
    title: '',
    type: TaskRoutine,
    area: AreaOther,
    content: '',
    startDate: today,
    endDate: '',
    schedule: newTaskSchedule(),
    caregiverId: '',
    remarks: '',
    runStatus: '',
  };
}

export function taskDraftOf(task: Task): TaskDraft {
  return {
    key: task.taskId || newKey('task'),
    taskId: task.taskId,
    title: task.title,
    type: task.type || TaskRoutine,
    area: task.area || AreaOther,
    content: task.content,
    startDate: task.startDate,
    endDate: task.endDate,
    schedule: scheduleDraftOf(task),
    caregiverId: task.caregiverId,
    remarks: task.remarks,
    runStatus: task.runStatus,
  };
}

/** The wizard's words for a broken rule (those of the resident forms). */
const MESSAGES: TaskFieldMessages = {
  titleRequired: 'residents.validation.required',
  tooLong: 'residents.validation.maxLength',
  startRequired: 'residents.validation.required',
  startBadDate: 'residents.validation.badDate',
  endBadDate: 'residents.validation.badDate',
  startPast: 'movein.validation.startNotPast',
  endBeforeStart: 'movein.validation.endBeforeStart',
};

/** The task's broken rules, by field. A new task may not start before `today` (the facility's day). */
export function validateTask(d: TaskDraft, today: string): DraftErrors {
  return validateTaskFields(d, { today, isNew: d.taskId === '', messages: MESSAGES });
}

/** The task as createTaskForCheckIn sends it (no residentId: the move-in's resident is used). */
export function taskRequest(d: TaskDraft): SaveTaskRequest {
  const req: SaveTaskRequest = taskFieldsRequest(d);
  if (d.taskId) req.taskId = d.taskId;
  if (d.caregiverId) req.caregiverId = d.caregiverId;
  if (d.remarks) req.remarks = d.remarks;
  if (d.runStatus) req.runStatus = d.runStatus;
  return req;
}
