import { api } from '@/lib/api/client';

/** GET /api/care/taskCreationRule/delete?ruleId=: the rule makes no more tasks (tasks it made stay). */
export function deleteTaskRule(ruleId: string): Promise<null> {
  return api.get<null>('/care/taskCreationRule/delete', { query: { ruleId } });
}
