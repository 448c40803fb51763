import { useEffect, useRef, useState } from 'react';
import { Button, Callout, Card, Intent, Spinner } from '@blueprintjs/core';
import { LogInIcon, LogOutIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { PunchOut, type ClockInStatus } from '@/types/api.gen';
import { useAppMutation } from '@/lib/api/mutation';
import { currentLanguage } from '@/lib/i18n';
import { formatCalendarDate, formatDateTime } from '@/lib/time/dateTime';
import { clockIn } from '../api/clockIn';
import { attendanceKey } from '../api/keys';
import { newPunchId, nextPunch, pressAllowed, PUNCH_SETTLE_MS } from '../punchRules';
import { HoursText } from './HoursText';

/**
 * The big clock in / clock out button with the current state and since when, and this week's hours.
 * One client id per press, kept until the server answered, so a double click or a retry after a lost
 * answer replays the same punch instead of making a second one. After a punch went through the button rests
 * for PUNCH_SETTLE_MS, so the second press of a double press that arrives after the answer is not a punch.
 */
export function ClockCard({ status }: { status: ClockInStatus | undefined }) {
  const { t } = useTranslation();
  const punchId = useRef<string | null>(null);
  const [doneAt, setDoneAt] = useState<number | null>(null);
  useEffect(() => {
    if (doneAt === null) return;
    const timer = window.setTimeout(() => setDoneAt(null), PUNCH_SETTLE_MS);
    return () => window.clearTimeout(timer);
  }, [doneAt]);
  const punch = useAppMutation({
    mutationFn: clockIn,
    invalidates: [attendanceKey],
    success: (answer) => (answer.punchType === PunchOut ? 'attendance.done.clockedOut' : 'attendance.done.clockedIn'),
    // Only a success forgets the id: pressing again after a failure retries this very punch.
    onSuccess: () => {
      punchId.current = null;
      setDoneAt(Date.now());
    },
  });
  if (!status) return <Spinner size={32} />;

  const direction = nextPunch(status.openShift);
  const language = currentLanguage();
  const since = status.lastPunch ? formatDateTime(status.lastPunch.punchTime, status.timeZone, language) : '';

  const press = () => {
    if (punch.isPending || !pressAllowed(doneAt, Date.now())) return;
    punchId.current ??= newPunchId();
    punch.mutate({ clientPunchId: punchId.current });
  };

  return (
    <Card className="hearth-clock-card" data-testid="clock-card" data-on-shift={status.openShift ? 'yes' : 'no'}>
      <Button
        className="hearth-clock-button"
        size="large"
        intent={direction === 'IN' ? Intent.SUCCESS : Intent.WARNING}
        icon={direction === 'IN' ? <LogInIcon size={24} /> : <LogOutIcon size={24} />}
        loading={punch.isPending}
        disabled={doneAt !== null}
        onClick={press}
        data-testid="clock-button"
      >
        {direction === 'IN' ? t('attendance.clock.in') : t('attendance.clock.out')}
      </Button>
      <div>
        <p className="hearth-clock-state" data-testid="clock-state" role="status">
          {status.openShift ? t('attendance.clock.onShiftSince', { time: since }) : since ? t('attendance.clock.offShiftSince', { time: since }) : t('attendance.clock.offShift')}
        </p>
        <p className="hearth-muted">{t('attendance.clock.thisWeek', { date: formatCalendarDate(status.weekStart, language) })}</p>
        <p className="hearth-week-hours" data-testid="week-hours">
          <HoursText minutes={status.weekMinutes} />
        </p>
        {punch.isError ? (
          <Callout intent={Intent.DANGER} compact>
            {t('attendance.clock.retry')}
          </Callout>
        ) : null}
      </div>
    </Card>
  );
}
