import type { UpdatePasswordRequest } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/** POST /api/system/user/updatePassword; both passwords encoded like login. */
export function updatePassword(req: UpdatePasswordRequest): Promise<null> {
  return api.post<null>('/system/user/updatePassword', req, { handles: ['4110', '4022'] });
}
