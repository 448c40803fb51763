import { api } from '@/lib/api/client';

/** GET /api/care/taskInfo/deleteTask?taskId= (owners, admins): a soft delete; its records stay. */
export function deleteTask(taskId: string): Promise<null> {
  return api.get<null>('/care/taskInfo/deleteTask', { query: { taskId } });
}
