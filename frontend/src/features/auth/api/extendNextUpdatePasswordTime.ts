import type { PasswordTimeResult } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/** GET /api/system/user/extendNextUpdatePasswordTime?userId=…: pushes the change advice 90 days on. */
export function extendNextUpdatePasswordTime(userId: string): Promise<PasswordTimeResult> {
  return api.get<PasswordTimeResult>('/system/user/extendNextUpdatePasswordTime', { query: { userId } });
}
