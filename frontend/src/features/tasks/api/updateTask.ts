import type { SaveTaskRequest, Task } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/**
 * POST /api/care/taskInfo/updateTask (owners, admins): changes the occurrences from now on (stopping a task
 * is runStatus STOPPED); completed, expired and cleared records are never rewritten.
 */
export function updateTask(req: SaveTaskRequest): Promise<Task> {
  return api.post<Task>('/care/taskInfo/updateTask', req, { handles: ['4022'] });
}
