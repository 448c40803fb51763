import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page, PageRequest, TaskCreationRule, TaskCreationRuleFilter } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { taskRulesKey } from './keys';

/** POST /api/care/taskCreationRule/listByPage (super admin): the platform's rules, filtered by title and business type. */
export function listTaskRules(req: PageRequest<TaskCreationRuleFilter>, signal?: AbortSignal): Promise<Page<TaskCreationRule>> {
  return api
    .post<Page<TaskCreationRule> | null>('/care/taskCreationRule/listByPage', req, { signal })
    .then((page) => page ?? { records: [], total: 0, current: req.current, size: req.size });
}

export function useTaskRules(req: PageRequest<TaskCreationRuleFilter>) {
  return useQuery({
    queryKey: [...taskRulesKey, 'list', req],
    queryFn: ({ signal }) => listTaskRules(req, signal),
    placeholderData: keepPreviousData,
  });
}
