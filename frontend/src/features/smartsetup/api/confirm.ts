import type { SmartSetupBatch, SmartSetupConfirmRequest } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/** POST /api/care/smartSetup/confirm: the group is linked to the resident moved in from its draft (after completeCheckIn). */
export function confirmGroup(req: SmartSetupConfirmRequest): Promise<SmartSetupBatch> {
  return api.post<SmartSetupBatch>('/care/smartSetup/confirm', req);
}
