import { useQuery } from '@tanstack/react-query';
import type { TaskCreationRule } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { taskRulesKey } from './keys';

/** GET /api/care/taskCreationRule/get?ruleId=: one rule as stored, for the edit dialog. */
export function getTaskRule(ruleId: string, signal?: AbortSignal): Promise<TaskCreationRule> {
  return api.get<TaskCreationRule>('/care/taskCreationRule/get', { query: { ruleId }, signal });
}

export function useTaskRule(ruleId: string) {
  return useQuery({
    queryKey: [...taskRulesKey, 'detail', ruleId],
    queryFn: ({ signal }) => getTaskRule(ruleId, signal),
    enabled: ruleId !== '',
    retry: false,
  });
}
