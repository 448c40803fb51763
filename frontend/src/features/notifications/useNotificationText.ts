import { useTranslation } from 'react-i18next';
import type { Notification as AppNotification } from '@/types/api.gen';
import { currentLanguage } from '@/lib/i18n';
import { paramValues } from './notificationRules';

export interface NotificationText {
  title: string;
  body: string;
}

/**
 * Renders a notification's title and body keys in the reader's language. The params go in as
 * interpolation values only (`replace`), so a param can never act as an i18next option (lng, count…). A key
 * this UI does not have (a newer server) reads as a generic title rather than as the key itself.
 */
export function useNotificationText(zoneCode: string | undefined): (n: AppNotification, now: number) => NotificationText {
  const { t, i18n } = useTranslation();
  return (n, now) => {
    const replace = paramValues(n.params, zoneCode, currentLanguage(), now);
    const text = (key: string | undefined) => (key && i18n.exists(key) ? String(t(key as never, { replace } as never)) : undefined);
    return { title: text(n.titleKey) ?? t('notification.fallback.title'), body: text(n.bodyKey) ?? '' };
  };
}
