import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Notification as AppNotification, NotificationFilter, PageRequest, UnreadNotifications } from '@/types/api.gen';
import { toast } from '@/lib/feedback/toast';
import { listKey } from './api/keys';
import { BELL_LIST_SIZE, listMine } from './api/listMine';
import { arrivedSince, newSince } from './notificationRules';
import type { NotificationText } from './useNotificationText';
import { serverNow } from '@/lib/time/serverClock';

const unreadRequest: PageRequest<NotificationFilter> = { current: 1, size: BELL_LIST_SIZE, data: { unreadOnly: true } };

/**
 * A toast when a poll of the unread count shows a newer notification than the poll before: its title, or
 * how many arrived. The first answer of a page only sets the mark (the badge shows what was there).
 */
export function useArrivalToast(unread: UnreadNotifications | undefined, render: (n: AppNotification, now: number) => NotificationText) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mark = useRef<number | undefined>(undefined);
  const renderRef = useRef(render);
  useEffect(() => {
    renderRef.current = render;
  });
  useEffect(() => {
    if (!unread) return;
    const previous = mark.current;
    mark.current = Math.max(previous ?? 0, unread.latestTime);
    if (!arrivedSince(previous, unread) || previous === undefined) return;
    void queryClient
      .fetchQuery({ queryKey: [...listKey, unreadRequest], queryFn: ({ signal }) => listMine(unreadRequest, signal, true) })
      .then((page) => {
        const fresh = newSince(page.records, previous);
        if (fresh.length === 1) toast.warning(renderRef.current(fresh[0], serverNow()).title);
        else if (fresh.length > 1) toast.warning(t('notification.toast.several', { count: fresh.length }));
      })
      .catch(() => undefined); // the badge still shows it
  }, [unread, queryClient, t]);
}
