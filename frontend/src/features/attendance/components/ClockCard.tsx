import { useRef, useState } from 'react';
import { Button, Callout, Card, Intent, Spinner } from '@blueprintjs/core';
import { LogInIcon, LogOutIcon } from '@blueprintjs/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ClockInStatus } from '@/types/api.gen';
import { currentLanguage } from '@/lib/i18n';
import { formatDateTime } from '@/lib/time/dateTime';
import { clockIn } from '../api/clockIn';
import { attendanceKey } from '../api/keys';
import { newPunchId, nextPunch } from '../punchRules';
import { HoursText } from './HoursText';

/**
 * The big clock in / clock out button with the current state and since when, and this week's hours.
 * One client id per press, kept until the server answered, so a double click or a retry after a lost
 * answer replays the same punch instead of making a second one.
 */
export function ClockCard({ status }: { status: ClockInStatus | undefined }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const punchId = useRef<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  if (!status) return <Spinner size={32} />;

  const direction = nextPunch(status.openShift);
  const language = currentLanguage();
  const since = status.lastPunch ? formatDateTime(status.lastPunch.punchTime, status.timeZone, language) : '';

  const press = async () => {
    if (busy) return;
    punchId.current ??= newPunchId();
    setBusy(true);
    try {
      await clockIn({ clientPunchId: punchId.current });
      punchId.current = null;
      setFailed(false);
      await queryClient.invalidateQueries({ queryKey: attendanceKey });
    } catch {
      // Keep the id: pressing again retries this very punch.
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="hearth-clock-card" data-testid="clock-card" data-on-shift={status.openShift ? 'yes' : 'no'}>
      <Button
        className="hearth-clock-button"
        size="large"
        intent={direction === 'IN' ? Intent.SUCCESS : Intent.WARNING}
        icon={direction === 'IN' ? <LogInIcon size={24} /> : <LogOutIcon size={24} />}
        loading={busy}
        onClick={() => void press()}
        data-testid="clock-button"
      >
        {direction === 'IN' ? t('attendance.clock.in') : t('attendance.clock.out')}
      </Button>
      <div>
        <p className="hearth-clock-state" data-testid="clock-state" role="status">
          {status.openShift ? t('attendance.clock.onShiftSince', { time: since }) : since ? t('attendance.clock.offShiftSince', { time: since }) : t('attendance.clock.offShift')}
        </p>
        <p className="hearth-muted">{t('attendance.clock.thisWeek', { date: status.weekStart })}</p>
        <p className="hearth-week-hours" data-testid="week-hours">
          <HoursText minutes={status.weekMinutes} />
        </p>
        {failed ? (
          <Callout intent={Intent.DANGER} compact>
            {t('attendance.clock.retry')}
          </Callout>
        ) : null}
      </div>
    </Card>
  );
}
