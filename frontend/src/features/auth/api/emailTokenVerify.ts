import type { EmailTokenResult, EmailTokenVerifyRequest } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/** POST /api/system/user/emailTokenVerify: without a password it checks the link, with one it sets it. */
export function emailTokenVerify(req: EmailTokenVerifyRequest): Promise<EmailTokenResult> {
  return api.post<EmailTokenResult>('/system/user/emailTokenVerify', req, {
    noAuth: true,
    ignoreAuth: true,
    handles: ['4111', '4022'],
  });
}
