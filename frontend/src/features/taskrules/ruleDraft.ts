// A task creation rule as its dialog edits it (shared/task.go SaveTaskCreationRuleRequest), its rules and
// the request it becomes. A rule has a session or none, never a time of day of its own. Tested in
// ruleDraft.test.ts.
import type { SaveTaskCreationRuleRequest, TaskCreationRule } from '@/types/api.gen';
import { TaskOther, TaskRuleDurationMax, TaskTitleMax } from '@/types/api.gen';
import { RULE_BUSINESS_TYPES, TASK_TYPE_KEYS } from '@/lib/care/taskLabels';
import { scheduleDraftOf, scheduleRequest, validateSchedule, type ScheduleDraft } from '@/lib/care/taskSchedule';
import type { RuleError } from '@/lib/form/FormField';

export interface RuleDraft {
  ruleId: string;
  title: string;
  businessType: string;
  taskType: string;
  schedule: ScheduleDraft;
  /** Days the task lasts, as typed; empty = no end. */
  durationDays: string;
  enabled: boolean;
}

export type RuleErrors = Record<string, RuleError>;

export function emptyRuleDraft(): RuleDraft {
  return {
    ruleId: '',
    title: '',
    businessType: 'RESIDENT',
    taskType: TaskOther,
    schedule: { frequency: 'ONCE', daysOfWeek: [], repeatInterval: '', timing: 'session', timeSession: 'MORNING', timeOfDay: '' },
    durationDays: '',
    enabled: true,
  };
}

export function ruleDraftOf(rule: TaskCreationRule): RuleDraft {
  return {
    ruleId: rule.ruleId,
    title: rule.title,
    businessType: rule.businessType,
    taskType: rule.taskType,
    schedule: { ...scheduleDraftOf({ ...rule, timeOfDay: '' }), timing: rule.timeSession ? 'session' : 'anytime' },
    durationDays: rule.durationDays ? String(rule.durationDays) : '',
    enabled: rule.enabled,
  };
}

export function validateRule(d: RuleDraft): RuleErrors {
  const errors: RuleErrors = {};
  const title = d.title.trim();
  if (title === '') errors.title = { key: 'taskrules.validation.required' };
  else if (title.length > TaskTitleMax) errors.title = { key: 'taskrules.validation.maxLength', values: { max: TaskTitleMax } };
  if (!(RULE_BUSINESS_TYPES as readonly string[]).includes(d.businessType)) errors.businessType = { key: 'taskrules.validation.required' };
  if (!Object.hasOwn(TASK_TYPE_KEYS, d.taskType)) errors.taskType = { key: 'taskrules.validation.required' };
  const duration = d.durationDays.trim();
  if (duration !== '') {
    const n = Number(duration);
    if (!Number.isInteger(n) || n < 0 || n > TaskRuleDurationMax) errors.durationDays = { key: 'taskrules.validation.duration', values: { max: TaskRuleDurationMax } };
  }
  Object.assign(errors, validateSchedule(d.schedule, false));
  return errors;
}

export function ruleRequest(d: RuleDraft): SaveTaskCreationRuleRequest {
  const req: SaveTaskCreationRuleRequest = {
    title: d.title.trim(),
    businessType: d.businessType,
    taskType: d.taskType,
    enabled: d.enabled,
    ...scheduleRequest(d.schedule, false),
  };
  if (d.ruleId) req.ruleId = d.ruleId;
  const duration = Number(d.durationDays.trim());
  if (d.durationDays.trim() !== '' && duration > 0) req.durationDays = duration;
  return req;
}
