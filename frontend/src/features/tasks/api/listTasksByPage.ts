import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page, PageRequest, Task, TaskFilter } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { tasksKey } from './keys';

/** POST /api/care/taskInfo/listTasksByPage: the facility's tasks (the plans), filtered. */
export function listTasksByPage(req: PageRequest<TaskFilter>, signal?: AbortSignal): Promise<Page<Task>> {
  return api
    .post<Page<Task> | null>('/care/taskInfo/listTasksByPage', req, { signal })
    .then((page) => page ?? { records: [], total: 0, current: req.current, size: req.size });
}

export function useTaskList(req: PageRequest<TaskFilter>, enabled = true) {
  return useQuery({
    queryKey: [...tasksKey, 'list', req],
    queryFn: ({ signal }) => listTasksByPage(req, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
