import { useEffect, useState } from 'react';
import { OfflineIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/lib/i18n';
import { usePhoneOfflineStore } from '@/lib/phone/keptReads';
import { phoneOfflineText } from '../offlineText';
import { PhoneOutbox } from './PhoneOutbox';
import '../pwa.css';

/**
 * The strip on top of every screen while the phone shows what it kept (lib/phone/keptReads.ts), and under it
 * what the phone keeps to send (PhoneOutbox).
 */
export function PhoneOfflineBanner() {
  return (
    <>
      <PhoneOfflineLine />
      <PhoneOutbox />
    </>
  );
}

function PhoneOfflineLine() {
  const { t } = useTranslation();
  const savedAt = usePhoneOfflineStore((s) => s.savedAt);
  // "Today" moves on while the app stays open; a minute is fine enough for a date.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(id);
  }, []);
  const text = phoneOfflineText(savedAt, now, currentLanguage());
  if (text === null) return null;
  const words = text.key === 'app.offline.phoneSince' ? t(text.key, { time: text.time }) : t(text.key, { date: text.date, time: text.time });
  return (
    <div className="hearth-phone-offline" role="status" data-testid="phone-offline-banner">
      <OfflineIcon aria-hidden />
      <span>{words}</span>
    </div>
  );
}
