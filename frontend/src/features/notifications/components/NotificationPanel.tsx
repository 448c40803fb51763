import { useId, useState } from 'react';
import { Button, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Notification as AppNotification } from '@/types/api.gen';
import { currentLanguage } from '@/lib/i18n';
import { useRecentNotifications } from '../api/listMine';
import { useMarkRead } from '../api/markRead';
import { relativeTime } from '../notificationRules';
import { useNotificationText } from '../useNotificationText';
import { serverNow } from '@/lib/time/serverClock';

/** An app path the list may open (the server accepts no other; checked again here). */
function appPath(link: string | undefined): link is string {
  return !!link && link.startsWith('/') && !link.startsWith('//');
}

/**
 * The bell's panel: the newest notifications (title, body, how long ago), unread ones marked; choosing one
 * marks it read and opens its link; "Mark all read" clears the badge.
 */
export function NotificationPanel({ zoneCode, onClose }: { zoneCode: string | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const headingId = useId();
  const [now] = useState(() => serverNow());
  const list = useRecentNotifications(true);
  const markRead = useMarkRead();
  const render = useNotificationText(zoneCode);
  const language = currentLanguage();
  const records = list.data?.records ?? [];
  const anyUnread = records.some((n) => !n.readTime);

  const choose = (n: AppNotification) => {
    if (!n.readTime) markRead.mutate({ notificationIds: [n.notificationId] });
    if (appPath(n.link)) {
      onClose();
      void navigate(n.link);
    }
  };

  let body;
  if (list.isPending) {
    body = (
      <div className="hearth-notifications-state">
        <Spinner size={20} aria-label={t('notification.bell.title')} />
      </div>
    );
  } else if (list.isError) {
    body = (
      <div className="hearth-notifications-state">
        <p>{t('notification.bell.loadFailed')}</p>
        <Button onClick={() => void list.refetch()}>{t('notification.bell.retry')}</Button>
      </div>
    );
  } else if (records.length === 0) {
    body = <p className="hearth-notifications-state hearth-muted">{t('notification.bell.empty')}</p>;
  } else {
    body = (
      <ul className="hearth-notifications-list" data-testid="notification-list">
        {records.map((n) => {
          const text = render(n, now);
          const unread = !n.readTime;
          const content = (
            <>
              <span className="hearth-notification-title">
                {unread ? (
                  <>
                    <span className="hearth-notification-dot" aria-hidden="true" />
                    <span className="hearth-sr-only">{t('notification.bell.unread')}: </span>
                  </>
                ) : null}
                {text.title}
              </span>
              {text.body ? <span className="hearth-notification-body">{text.body}</span> : null}
              <time className="hearth-notification-time" dateTime={new Date(n.createTime).toISOString()}>
                {relativeTime(n.createTime, now, language, zoneCode, t('notification.time.justNow'))}
              </time>
            </>
          );
          const common = {
            className: unread ? 'hearth-notification hearth-notification-unread' : 'hearth-notification',
            'data-testid': 'notification-item',
            'data-unread': unread ? 'true' : 'false',
          };
          return (
            <li key={n.notificationId}>
              {appPath(n.link) ? (
                // A link (it can open in a new tab); in the app it marks the notification read and navigates.
                <a
                  {...common}
                  href={n.link}
                  onClick={(e) => {
                    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
                    e.preventDefault();
                    choose(n);
                  }}
                >
                  {content}
                </a>
              ) : (
                <button type="button" {...common} onClick={() => choose(n)}>
                  {content}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <section className="hearth-notifications" aria-labelledby={headingId} data-testid="notification-panel">
      <header className="hearth-notifications-header">
        <h2 id={headingId} className="hearth-notifications-heading">
          {t('notification.bell.title')}
        </h2>
        <Button
          variant="minimal"
          size="small"
          className="hearth-notifications-all"
          disabled={!anyUnread}
          loading={markRead.isPending && markRead.variables?.all === true}
          onClick={() => markRead.mutate({ all: true })}
          data-testid="notification-mark-all"
        >
          {t('notification.bell.markAllRead')}
        </Button>
      </header>
      {body}
    </section>
  );
}
