import type { CaptchaResult } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/** GET /api/system/user/getCaptcha: {captchaId, image (data URL)}. */
export function getCaptcha(): Promise<CaptchaResult> {
  return api.get<CaptchaResult>('/system/user/getCaptcha', { noAuth: true, ignoreAuth: true });
}
