import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TodayTaskRequest, TodayTasks } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { tasksKey } from './keys';

/**
 * POST /api/care/taskInfo/listTodayTask: a facility day's special tasks (today when `day` is empty; a day up
 * to TaskFutureDays ahead for the future tasks), with the day's figures and the as-needed tasks.
 */
export function listTodayTask(req: TodayTaskRequest, signal?: AbortSignal): Promise<TodayTasks> {
  return api.post<TodayTasks | null>('/care/taskInfo/listTodayTask', req, { signal }).then(
    (answer) => answer ?? { day: req.day ?? '', records: [], asNeeded: [], total: 0, completed: 0, expired: 0 },
  );
}

export function useTodayTasks(req: TodayTaskRequest, enabled = true) {
  return useQuery({
    queryKey: [...tasksKey, 'today', req],
    queryFn: ({ signal }) => listTodayTask(req, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
