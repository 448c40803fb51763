import { useQuery } from '@tanstack/react-query';
import type { TaskRecord } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { tasksKey } from './keys';

/** GET /api/care/taskInfo/getTaskRecord?recordId=: one occurrence as it stands now (the memo's history). */
export function getTaskRecord(recordId: string, signal?: AbortSignal): Promise<TaskRecord> {
  return api.get<TaskRecord>('/care/taskInfo/getTaskRecord', { query: { recordId }, signal });
}

/** The record, fresh from the server; `initial` (the list's copy) shows until it answers. */
export function useTaskRecord(recordId: string, initial?: TaskRecord) {
  return useQuery({
    queryKey: [...tasksKey, 'record', recordId],
    queryFn: ({ signal }) => getTaskRecord(recordId, signal),
    enabled: recordId !== '',
    placeholderData: initial,
  });
}
