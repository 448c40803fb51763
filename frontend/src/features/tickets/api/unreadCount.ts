import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { TICKET_POLL_MS, ticketsKey } from './keys';

/** GET /api/system/customerServiceTicket/unreadCount: tickets with a reply the user has not opened. */
export function unreadCount(): Promise<number> {
  // A background badge: a failure means "no badge", not a message every 30 s.
  return api.get<number | null>('/system/customerServiceTicket/unreadCount', { quiet: true }).then((n) => n ?? 0);
}

export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: [...ticketsKey, 'unreadCount'],
    queryFn: () => unreadCount().catch(() => 0),
    enabled,
    refetchInterval: TICKET_POLL_MS,
  });
}
