import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnreadNotifications } from '../api/unreadCount';
import { badgeText } from '../notificationRules';
import { useArrivalToast } from '../useArrivalToast';
import { useNotificationText } from '../useNotificationText';
import { BellButton } from './BellButton';
import '../notifications.css';

const loadPopover = () => import('./NotificationPopover');
const NotificationPopover = lazy(loadPopover);

/**
 * The header's bell (every facility user): the unread count as a badge, asked every minute while the tab is
 * shown; a toast when a new notification arrives; the newest notifications in a popover. `zoneCode` is the
 * facility's time-zone code, for the times in notifications. The bell is in the layout of every page, so its
 * popover and list are loaded and built on its first press (or when a pointer or the focus comes to it), not
 * when a page starts (docs/performance.md "Rendering less on start").
 */
export function NotificationBell({ zoneCode }: { zoneCode: string | undefined }) {
  const { t } = useTranslation();
  const [pressed, setPressed] = useState(false);
  const unread = useUnreadNotifications(true);
  const render = useNotificationText(zoneCode);
  useArrivalToast(unread.data, render);
  const count = unread.data?.count ?? 0;
  const badge = badgeText(count);
  const label = count > 0 ? t('notification.bell.labelUnread', { count }) : t('notification.bell.label');
  const warm = () => void loadPopover().catch(() => undefined);
  const plain = (
    <BellButton label={label} count={count} badge={badge} onClick={() => setPressed(true)} onPointerEnter={warm} onTouchStart={warm} onFocus={warm} />
  );
  if (!pressed) return plain;
  return (
    <Suspense fallback={plain}>
      <NotificationPopover zoneCode={zoneCode} bell={(ref) => <BellButton label={label} count={count} badge={badge} buttonRef={ref} />} />
    </Suspense>
  );
}
