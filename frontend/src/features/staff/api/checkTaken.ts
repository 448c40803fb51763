import type { CheckAccountRequest, CheckEmailRequest, CheckPhoneRequest } from '@/types/api.gen';
import { api } from '@/lib/api/client';

// spec 001 §5: the duplicate checks answer false when the value is free; editing sends the user's own id.

/** POST /api/system/user/checkAccount. */
export function checkAccount(req: CheckAccountRequest, signal?: AbortSignal): Promise<boolean> {
  return api.post<boolean>('/system/user/checkAccount', req, { quiet: true, signal });
}

/** POST /api/system/user/checkPhone. */
export function checkPhone(req: CheckPhoneRequest, signal?: AbortSignal): Promise<boolean> {
  return api.post<boolean>('/system/user/checkPhone', req, { quiet: true, signal });
}

/** POST /api/system/user/checkEmail. */
export function checkEmail(req: CheckEmailRequest, signal?: AbortSignal): Promise<boolean> {
  return api.post<boolean>('/system/user/checkEmail', req, { quiet: true, signal });
}
