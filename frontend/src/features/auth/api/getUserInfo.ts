import { useQuery } from '@tanstack/react-query';
import type { UserInfo } from '@/types/api.gen';
import { api } from '@/lib/api/client';

export const userInfoKey = ['system', 'user', 'info'] as const;

/** GET /api/system/user/getUserInfo. */
export function getUserInfo(): Promise<UserInfo> {
  return api.get<UserInfo>('/system/user/getUserInfo');
}

export function useUserInfo(enabled = true) {
  return useQuery({ queryKey: userInfoKey, queryFn: getUserInfo, enabled, staleTime: 5 * 60_000 });
}
