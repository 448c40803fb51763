import type { TaskRecord, UpdateTaskRecordRequest } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/** POST /api/care/taskInfo/updateTaskRecord: who completed a record corrects its comment or remark within TaskRecordUpdateHours. */
export function updateTaskRecord(req: UpdateTaskRecordRequest): Promise<TaskRecord> {
  return api.post<TaskRecord>('/care/taskInfo/updateTaskRecord', req, { handles: ['4022'] });
}
