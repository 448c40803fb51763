import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Callout, Intent } from '@blueprintjs/core';
import { TimeIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { RoleCaregiverStaff } from '@/types/api.gen';
import { clockIn } from '@/features/attendance/api/clockIn';
import { attendanceKey } from '@/features/attendance/api/keys';
import { myStatus } from '@/features/attendance/api/myStatus';
import { newPunchId } from '@/features/attendance/punchRules';
import { useAppMutation } from '@/lib/api/mutation';
import { useSessionStore } from '@/lib/session/store';

/** The pages where a caregiver charts: the prompt shows there (issue 29 "Clocking in"). */
const CHARTING_PAGES = ['/task', '/emars', '/incident', '/resident/write-notes'];

export function chartingPage(pathname: string): boolean {
  return CHARTING_PAGES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/**
 * A gentle prompt on the charting pages while a caregiver is not clocked in: what she charts is still hers
 * (it is recorded under her name either way), and one tap clocks her in.
 */
/** The caregiver's clock status where the prompt may show (the same query as /your-status: one cache). */
function useClockStatus() {
  const { pathname } = useLocation();
  const caregiver = useSessionStore((s) => s.session?.roles.includes(RoleCaregiverStaff) ?? false);
  const shown = caregiver && chartingPage(pathname);
  const status = useQuery({ queryKey: [...attendanceKey, 'myStatus'], queryFn: ({ signal }) => myStatus(signal), enabled: shown, refetchInterval: 60_000 });
  return { shown, status };
}

/** How long a charting page is held for the clock status before it is drawn without it. */
export const CLOCK_HOLD_MS = 2_000;

/**
 * Whether the page should be kept out of sight a moment: on a charting page, until the caregiver's clock
 * status is known (at most CLOCK_HOLD_MS), so the prompt that may appear above the page does not push a
 * drawn page down under her finger (a layout shift Lighthouse measured at 0.15 on /task and /emars).
 * The page loads meanwhile; it is only not shown.
 */
export function useHoldForClockStatus(): boolean {
  const { shown, status } = useClockStatus();
  const waiting = shown && status.isPending;
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (!waiting) return undefined;
    const timer = setTimeout(() => setLate(true), CLOCK_HOLD_MS);
    return () => {
      clearTimeout(timer);
      setLate(false);
    };
  }, [waiting]);
  return waiting && !late;
}

export function ClockInPrompt() {
  const { t } = useTranslation();
  const { shown, status } = useClockStatus();
  const punchId = useRef(newPunchId());
  const punch = useAppMutation({
    mutationFn: clockIn,
    invalidates: [attendanceKey],
    success: 'layout.clockPrompt.done',
    onSuccess: () => {
      punchId.current = newPunchId();
    },
  });
  if (!shown || !status.data || status.data.openShift) return null;
  return (
    <Callout intent={Intent.PRIMARY} icon={<TimeIcon />} className="hearth-clock-prompt" data-testid="clock-in-prompt">
      <span>{t('layout.clockPrompt.text')}</span>
      <Button intent={Intent.PRIMARY} loading={punch.isPending} onClick={() => punch.mutate({ clientPunchId: punchId.current })} data-testid="clock-in-prompt-button">
        {t('layout.clockPrompt.clockIn')}
      </Button>
    </Callout>
  );
}
