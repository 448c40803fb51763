import type { CompleteTaskRequest, TaskRecord } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/**
 * POST /api/care/taskInfo/completeTask: a scheduled occurrence (recordId) or an as-needed task logged now
 * (taskId). When someone had completed it first the answer says so (alreadyCompleted) and nothing changed.
 */
export function completeTask(req: CompleteTaskRequest): Promise<TaskRecord> {
  return api.post<TaskRecord>('/care/taskInfo/completeTask', req, { handles: ['4022'] });
}
