import type { LoginResult, TwoFactorRequest } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/** POST /api/system/user/twoFactorAuthentication: the e-mailed code for tokens. */
export function twoFactorAuthentication(req: TwoFactorRequest): Promise<LoginResult> {
  return api.post<LoginResult>('/system/user/twoFactorAuthentication', req, {
    noAuth: true,
    ignoreAuth: true,
    handles: 'all',
  });
}
