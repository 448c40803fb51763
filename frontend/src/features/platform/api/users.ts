import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ChangeUserStatusRequest, Page, PageRequest, UserDetail, UserFilter, UserRow } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/** Query keys of the super admin's people calls. */
export const usersKey = ['system', 'user', 'admin'] as const;

/** POST /api/system/user/listUsersByPage (super admin): every home's people. */
export function listUsers(req: PageRequest<UserFilter>, signal?: AbortSignal): Promise<Page<UserRow>> {
  return api
    .post<Page<UserRow> | null>('/system/user/listUsersByPage', req, { signal })
    .then((page) => page ?? { records: [], total: 0, current: req.current, size: req.size });
}

export function useUsers(req: PageRequest<UserFilter>) {
  return useQuery({ queryKey: [...usersKey, 'list', req], queryFn: ({ signal }) => listUsers(req, signal), placeholderData: keepPreviousData });
}

/** GET /api/system/user/getUserDetail: memberships and the latest sign-ins. */
export function useUserDetail(userId: string) {
  return useQuery({
    queryKey: [...usersKey, 'detail', userId],
    queryFn: ({ signal }) => api.get<UserDetail>('/system/user/getUserDetail', { query: { userId }, signal }),
  });
}

export function changeUserStatus(req: ChangeUserStatusRequest): Promise<null> {
  return api.post<null>('/system/user/changeUserStatus', req);
}

export type UserAction = 'unlockUser' | 'resetUserPassword' | 'signOutEverywhere';

/** POST /api/system/user/unlockUser, /resetUserPassword, /signOutEverywhere. */
export function userAction(action: UserAction, userId: string): Promise<null> {
  return api.post<null>(`/system/user/${action}`, { userId });
}
