import { useQuery } from '@tanstack/react-query';
import type { Task } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { tasksKey } from './keys';

/** POST /api/care/taskInfo/getTaskInfo?taskId=: the task (the plan) behind occurrences, for its form. */
export function getTaskInfo(taskId: string, signal?: AbortSignal): Promise<Task> {
  return api.post<Task>('/care/taskInfo/getTaskInfo', {}, { query: { taskId }, signal });
}

export function useTaskInfo(taskId: string) {
  return useQuery({
    queryKey: [...tasksKey, 'task', taskId],
    queryFn: ({ signal }) => getTaskInfo(taskId, signal),
    enabled: taskId !== '',
  });
}
