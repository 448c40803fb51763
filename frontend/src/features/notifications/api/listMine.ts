import { useQuery } from '@tanstack/react-query';
import type { Notification as AppNotification, NotificationFilter, Page, PageRequest } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { listKey } from './keys';

/** How many of the newest notifications the bell lists. */
export const BELL_LIST_SIZE = 20;

/** POST /api/care/notification/listMine: the user's notifications in this facility, newest first. */
export function listMine(req: PageRequest<NotificationFilter>, signal?: AbortSignal, quiet = false): Promise<Page<AppNotification>> {
  return api
    .post<Page<AppNotification> | null>('/care/notification/listMine', req, { signal, quiet })
    .then((page) => page ?? { records: [], total: 0, current: req.current, size: req.size });
}

export const recentRequest: PageRequest<NotificationFilter> = { current: 1, size: BELL_LIST_SIZE, data: {} };

/** The bell's list, fetched while it is open. */
export function useRecentNotifications(enabled: boolean) {
  return useQuery({
    queryKey: [...listKey, recentRequest],
    queryFn: ({ signal }) => listMine(recentRequest, signal),
    enabled,
  });
}
