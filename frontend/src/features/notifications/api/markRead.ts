import { useQueryClient } from '@tanstack/react-query';
import type { MarkNotificationsReadRequest, UnreadNotifications } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { useAppMutation } from '@/lib/api/mutation';
import { listKey, unreadKey } from './keys';
import { NO_UNREAD } from './unreadCount';

/** POST /api/care/notification/markRead: the ids given, or all; answers the unread state after. */
export function markRead(req: MarkNotificationsReadRequest): Promise<UnreadNotifications> {
  return api.post<UnreadNotifications | null>('/care/notification/markRead', req).then((u) => u ?? NO_UNREAD);
}

/**
 * Marks read. The answer is the new unread state, which the badge shows as it is; the list is asked again.
 * No success message: the badge and the list show it.
 */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useAppMutation({
    mutationFn: markRead,
    onSuccess: (unread) => {
      queryClient.setQueryData(unreadKey, unread);
      void queryClient.invalidateQueries({ queryKey: listKey });
    },
  });
}
