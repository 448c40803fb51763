import { useState } from 'react';
import { Button, PopoverNext, Tag } from '@blueprintjs/core';
import { NotificationsIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { useUnreadNotifications } from '../api/unreadCount';
import { badgeText } from '../notificationRules';
import { useArrivalToast } from '../useArrivalToast';
import { useNotificationText } from '../useNotificationText';
import { NotificationPanel } from './NotificationPanel';
import '../notifications.css';

/**
 * The header's bell (every facility user): the unread count as a badge, asked every minute while the tab is
 * shown; a toast when a new notification arrives; the newest notifications in a popover. `zoneCode` is the
 * facility's time-zone code, for the times in notifications.
 */
export function NotificationBell({ zoneCode }: { zoneCode: string | undefined }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const unread = useUnreadNotifications(true);
  const render = useNotificationText(zoneCode);
  useArrivalToast(unread.data, render);
  const count = unread.data?.count ?? 0;
  const badge = badgeText(count);
  const label = count > 0 ? t('notification.bell.labelUnread', { count }) : t('notification.bell.label');
  return (
    <PopoverNext
      isOpen={open}
      onInteraction={setOpen}
      placement="bottom-end"
      popoverClassName="hearth-notifications-popover"
      content={<NotificationPanel zoneCode={zoneCode} onClose={() => setOpen(false)} />}
    >
      <Button
        variant="minimal"
        icon={<NotificationsIcon />}
        aria-label={label}
        title={label}
        className="hearth-bell"
        data-testid="notification-bell"
        data-count={count}
      >
        {badge ? (
          <Tag round intent="danger" className="hearth-bell-badge" data-testid="notification-badge" aria-hidden="true">
            {badge}
          </Tag>
        ) : null}
      </Button>
    </PopoverNext>
  );
}
