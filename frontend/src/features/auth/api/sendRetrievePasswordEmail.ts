import type { RetrievePasswordRequest } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/** POST /api/system/user/sendRetrievePasswordEmailDTO: always answers null so accounts can't be probed. */
export function sendRetrievePasswordEmail(req: RetrievePasswordRequest): Promise<null> {
  return api.post<null>('/system/user/sendRetrievePasswordEmailDTO', req, { noAuth: true, ignoreAuth: true });
}
