import { useEffect, useState } from 'react';
import { OfflineIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { useOfflineStore } from '@/lib/api/offline';
import { currentLanguage } from '@/lib/i18n';
import { offlineBannerText } from '../offlineText';

/** The strip on top of every screen in the desktop shell while it answers from its cache. */
export function OfflineBanner() {
  const { t } = useTranslation();
  const since = useOfflineStore((s) => s.since);
  const notCached = useOfflineStore((s) => s.notCached);
  // "Today" moves on while the window stays open; a minute is fine enough for a date.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(id);
  }, []);
  const text = offlineBannerText(since, notCached, now, currentLanguage());
  if (text === null) return null;
  const words =
    text.key === 'desktop.offline.notCached'
      ? t('desktop.offline.notCached')
      : text.key === 'desktop.offline.since'
        ? t('desktop.offline.since', { time: text.time })
        : t('desktop.offline.sinceDate', { date: text.date, time: text.time });
  return (
    <div className="hearth-offline-banner" role="status" data-testid="offline-banner">
      <OfflineIcon aria-hidden />
      <span>{words}</span>
    </div>
  );
}
