import { useQuery } from '@tanstack/react-query';
import type { UnreadNotifications } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { NOTIFICATION_POLL_MS, unreadKey } from './keys';

export const NO_UNREAD: UnreadNotifications = { count: 0, latestTime: 0 };

/** GET /api/care/notification/unreadCount: how many of the user's notifications are unread, and the newest one's time. */
export function unreadCount(signal?: AbortSignal): Promise<UnreadNotifications> {
  // A background badge: a failure (a facility without a plan, the network) means "no badge", not a message a minute.
  return api.get<UnreadNotifications | null>('/care/notification/unreadCount', { quiet: true, signal }).then((u) => u ?? NO_UNREAD);
}

/**
 * The bell's count, asked every minute. TanStack Query stops the interval while the tab is hidden
 * (refetchIntervalInBackground is off) and asks again when the window regains focus.
 */
export function useUnreadNotifications(enabled: boolean) {
  return useQuery({
    queryKey: unreadKey,
    queryFn: ({ signal }) => unreadCount(signal),
    enabled,
    refetchInterval: NOTIFICATION_POLL_MS,
    refetchIntervalInBackground: false,
    retry: false,
  });
}
