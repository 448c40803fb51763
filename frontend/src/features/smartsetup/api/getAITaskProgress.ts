import { useQuery } from '@tanstack/react-query';
import type { SmartSetupProgress } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { progressKeyOf } from './keys';

/** How often the progress is read while a job is pending or progressing. */
export const PROGRESS_POLL_MS = 2000;

/** GET /api/care/resident/getAITaskProgress?batchId=: every job of the batch with its state and progress. */
export function getAITaskProgress(batchId: string, signal?: AbortSignal): Promise<SmartSetupProgress> {
  return api.get<SmartSetupProgress>('/care/resident/getAITaskProgress', { query: { batchId }, signal });
}

/** The jobs' progress, read again every 2 s while any job is pending or progressing, not once none is. */
export function useAITaskProgress(batchId: string) {
  return useQuery({
    queryKey: progressKeyOf(batchId),
    queryFn: ({ signal }) => getAITaskProgress(batchId, signal),
    enabled: batchId !== '',
    refetchInterval: (query) => (query.state.data && !query.state.data.done ? PROGRESS_POLL_MS : false),
  });
}
