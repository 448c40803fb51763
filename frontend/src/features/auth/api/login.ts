import type { LoginRequest, LoginResult } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/** POST /api/system/user/login. The sign-in screen reports every failure code itself. */
export function login(req: LoginRequest): Promise<LoginResult> {
  return api.post<LoginResult>('/system/user/login', req, { noAuth: true, ignoreAuth: true, handles: 'all' });
}
