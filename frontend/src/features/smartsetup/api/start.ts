import type { SmartSetupProgress } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/** POST /api/care/smartSetup/start: every group's draft jobs are queued (text first, then the steps that map it). */
export function startBatch(batchId: string): Promise<SmartSetupProgress> {
  return api.post<SmartSetupProgress>('/care/smartSetup/start', { batchId });
}
