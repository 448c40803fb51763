import { useEffect, useRef, useState } from 'react';
import { Button } from '@blueprintjs/core';
import { PauseIcon, PlayIcon, RefreshIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/lib/i18n';
import { formatTime } from '@/lib/time/dateTime';
import { AUTO_REFRESH_SECONDS, formatCountdown, secondsLeft } from '../taskRules';

interface RefreshControlProps {
  /** Reads the page again; resolves when the new data is on screen. */
  refresh: () => Promise<unknown>;
  zoneCode: string | undefined;
}

/**
 * Refresh now, and by itself every AUTO_REFRESH_SECONDS with a visible countdown that can be paused. The
 * countdown is not announced; each refresh is, politely ("Tasks updated at 10:05 AM").
 */
export function RefreshControl({ refresh, zoneCode }: RefreshControlProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [paused, setPaused] = useState(false);
  const [busy, setBusy] = useState(false);
  const [nextAt, setNextAt] = useState(() => Date.now() + AUTO_REFRESH_SECONDS * 1000);
  const [left, setLeft] = useState(AUTO_REFRESH_SECONDS);
  const [announced, setAnnounced] = useState('');
  const refreshRef = useRef(refresh);
  useEffect(() => {
    refreshRef.current = refresh;
  }, [refresh]);

  const run = useRef(async () => {
    setBusy(true);
    try {
      await refreshRef.current();
      setAnnounced(t('tasks.refresh.updated', { time: formatTime(Date.now(), zoneCode, language) }));
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
    <div className="hearth-task-refresh" data-testid="task-refresh">
      <Button icon={<RefreshIcon />} loading={busy} onClick={() => void run.current()} data-testid="task-refresh-now">
        {t('tasks.refresh.now')}
      </Button>
      <span className="hearth-muted hearth-task-countdown" data-testid="task-countdown" data-paused={paused}>
        {paused ? t('tasks.refresh.paused') : t('tasks.refresh.next', { time: formatCountdown(left) })}
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
        data-testid="task-refresh-pause"
      >
        {paused ? t('tasks.refresh.resume') : t('tasks.refresh.pause')}
      </Button>
      <span className="hearth-sr-only" role="status" aria-live="polite">
        {announced}
      </span>
    </div>
  );
}
