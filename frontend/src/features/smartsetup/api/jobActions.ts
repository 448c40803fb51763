import type { SmartSetupProgress } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/** A job's actions (spec 000 §4): each answers every job of the batch; a refused change answers 4009 with its reason. */
export type JobAction = 'stop' | 'continue' | 'retry' | 'delete' | 'clear';

/**
 * POST /api/care/smartSetup/stopJob, continueJob, retryJob, deleteJob {jobId}; "clear" is
 * GET /api/care/resident/forceClearAITaskProgress?jobId= (a stuck job becomes stopped).
 */
export function jobAction(action: JobAction, jobId: string): Promise<SmartSetupProgress> {
  if (action === 'clear') return api.get<SmartSetupProgress>('/care/resident/forceClearAITaskProgress', { query: { jobId } });
  return api.post<SmartSetupProgress>(`/care/smartSetup/${action}Job`, { jobId });
}
