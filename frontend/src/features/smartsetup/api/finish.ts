import type { SmartSetupBatch } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/** POST /api/care/smartSetup/finish: the batch closes once every resident is confirmed; 4009 "residents not all confirmed" otherwise (shown by the step). */
export function finishBatch(batchId: string): Promise<SmartSetupBatch> {
  return api.post<SmartSetupBatch>('/care/smartSetup/finish', { batchId }, { handles: ['4009'] });
}
