import type { SendCodeResult, SendVerifyCodeRequest } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/** POST /api/system/user/sendVerifyCode: e-mail a new sign-in code (refused for 60 s after the last one). */
export function sendVerifyCode(req: SendVerifyCodeRequest): Promise<SendCodeResult> {
  return api.post<SendCodeResult>('/system/user/sendVerifyCode', req, { noAuth: true, ignoreAuth: true, handles: 'all' });
}
