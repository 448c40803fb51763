import { useEffect, useState } from 'react';
import { currentLanguage } from '@/lib/i18n';
import { formatTime, ianaZone } from '@/lib/time/dateTime';

/** The big live clock and today's date on the facility's clock (KioskHome.timeZone, a facility zone code). */
export function KioskClock({ zone }: { zone: string | undefined }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    // Tick on the second, so the minute turns over when the wall clock's does.
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  const language = currentLanguage();
  const timeZone = ianaZone(zone);
  const time = formatTime(now, zone, language);
  const date = new Intl.DateTimeFormat(language, { weekday: 'long', month: 'long', day: 'numeric', timeZone }).format(now);
  return (
    <div className="hearth-kiosk-clock">
      <time className="hearth-kiosk-time" data-testid="kiosk-clock" dateTime={new Date(now).toISOString()}>
        {time}
      </time>
      <span className="hearth-kiosk-date">{date}</span>
    </div>
  );
}

/** A punch time as the confirmation says it: hours and minutes on the facility's clock. */
export function facilityTime(ms: number, zone: string | undefined, language: string): string {
  return formatTime(ms, zone, language);
}
