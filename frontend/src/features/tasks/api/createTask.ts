import type { SaveTaskRequest, Task } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/** POST /api/care/taskInfo/createTask (owners, admins). */
export function createTask(req: SaveTaskRequest): Promise<Task> {
  return api.post<Task>('/care/taskInfo/createTask', { ...req, taskId: undefined }, { handles: ['4022'] });
}
