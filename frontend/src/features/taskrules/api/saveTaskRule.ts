import type { SaveTaskCreationRuleRequest, TaskCreationRule } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/** POST /api/care/taskCreationRule/save: a new rule (no ruleId) or an edit; the form shows field rules (4022) itself. */
export function saveTaskRule(req: SaveTaskCreationRuleRequest): Promise<TaskCreationRule> {
  return api.post<TaskCreationRule>('/care/taskCreationRule/save', req, { handles: ['4022'] });
}
