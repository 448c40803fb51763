import type { LogoutRequest } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/** POST /api/system/user/logout: revokes the refresh token. Its failure never keeps anyone signed in. */
export function logout(req: LogoutRequest): Promise<null> {
  return api.post<null>('/system/user/logout', req, { ignoreAuth: true, handles: 'all' });
}
