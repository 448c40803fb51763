import { useRef } from 'react';
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
export function ClockInPrompt() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const caregiver = useSessionStore((s) => s.session?.roles.includes(RoleCaregiverStaff) ?? false);
  const shown = caregiver && chartingPage(pathname);
  // The same query as /your-status (one cache), asked only where the prompt may show.
  const status = useQuery({ queryKey: [...attendanceKey, 'myStatus'], queryFn: ({ signal }) => myStatus(signal), enabled: shown, refetchInterval: 60_000 });
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
