import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ExpiredTaskFilter, Page, PageRequest, TaskRecord } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { tasksKey } from './keys';

/**
 * POST /api/care/taskInfo/listExpiredTasks: expired and overdue occurrences, most recent first, the
 * facility's or one resident's (or one group's).
 */
export function listExpiredTasks(req: PageRequest<ExpiredTaskFilter>, signal?: AbortSignal): Promise<Page<TaskRecord>> {
  return api
    .post<Page<TaskRecord> | null>('/care/taskInfo/listExpiredTasks', req, { signal })
    .then((page) => page ?? { records: [], total: 0, current: req.current, size: req.size });
}

export function useExpiredTasks(req: PageRequest<ExpiredTaskFilter>, enabled = true) {
  return useQuery({
    queryKey: [...tasksKey, 'expired', req],
    queryFn: ({ signal }) => listExpiredTasks(req, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
