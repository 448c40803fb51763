import type { SmartSetupBatch, SmartSetupMoveFileRequest } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/** POST /api/care/smartSetup/moveFile: a file to another resident group of its batch, or (no groupId) to a new one named `name`. */
export function moveFile(req: SmartSetupMoveFileRequest): Promise<SmartSetupBatch> {
  return api.post<SmartSetupBatch>('/care/smartSetup/moveFile', req);
}
