import { useEffect, useRef, useState } from 'react';
import { Button } from '@blueprintjs/core';
import { PauseIcon, PlayIcon, RefreshIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/lib/i18n';
import { AUTO_REFRESH_SECONDS, formatCountdown, secondsLeft } from '@/lib/time/countdown';
import { formatTime } from '@/lib/time/dateTime';
import './refreshControl.css';

interface RefreshControlProps {
  /** Reads the page again; resolves when the new data is on screen. */
  refresh: () => Promise<unknown>;
  zoneCode: string | undefined;
  /** The polite announcement after a refresh, given the time ("Tasks updated at 10:05 AM"). */
  announce: (time: string) => string;
  /** Test ids: `${prefix}-refresh`, `-refresh-now`, `-countdown`, `-refresh-pause`. */
  testIdPrefix: string;
}

/**
 * Refresh now, and by itself every AUTO_REFRESH_SECONDS with a visible countdown that can be paused (the
 * task page, the med pass). The countdown is not announced; each refresh is, politely.
 */
export function RefreshControl({ refresh, zoneCode, announce, testIdPrefix }: RefreshControlProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [paused, setPaused] = useState(false);
  const [busy, setBusy] = useState(false);
  const [nextAt, setNextAt] = useState(() => Date.now() + AUTO_REFRESH_SECONDS * 1000);
  const [left, setLeft] = useState(AUTO_REFRESH_SECONDS);
  const [announced, setAnnounced] = useState('');
  const latest = useRef({ refresh, announce });
  useEffect(() => {
    latest.current = { refresh, announce };
  }, [refresh, announce]);

  const run = useRef(async () => {
    setBusy(true);
    try {
      await latest.current.refresh();
      setAnnounced(latest.current.announce(formatTime(Date.now(), zoneCode, language)));
    } finally {
      setBusy(false);
      setNextAt(Date.now() + AUTO_REFRESH_SECONDS * 1000);
    }
  });

  useEffect(() => {
    if (paused || busy) return;
    const id = window.setInterval(() => {
      const s = secondsLeft(nextAt, Date.now());
      setLeft(s);
      if (s <= 0) void run.current();
    }, 1000);
    return () => window.clearInterval(id);
  }, [paused, busy, nextAt]);

  return (
    <div className="hearth-refresh" data-testid={`${testIdPrefix}-refresh`}>
      <Button icon={<RefreshIcon />} loading={busy} onClick={() => void run.current()} data-testid={`${testIdPrefix}-refresh-now`}>
        {t('common.refresh.now')}
      </Button>
      <span className="hearth-muted hearth-refresh-countdown" data-testid={`${testIdPrefix}-countdown`} data-paused={paused}>
        {paused ? t('common.refresh.paused') : t('common.refresh.next', { time: formatCountdown(left) })}
      </span>
      <Button
        variant="minimal"
        icon={paused ? <PlayIcon /> : <PauseIcon />}
        onClick={() => {
          if (paused) {
            setNextAt(Date.now() + AUTO_REFRESH_SECONDS * 1000);
            setLeft(AUTO_REFRESH_SECONDS);
          }
          setPaused(!paused);
        }}
        data-testid={`${testIdPrefix}-refresh-pause`}
      >
        {paused ? t('common.refresh.resume') : t('common.refresh.pause')}
      </Button>
      <span className="hearth-sr-only" role="status" aria-live="polite">
        {announced}
      </span>
    </div>
  );
}
