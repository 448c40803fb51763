import { useTranslation } from 'react-i18next';
import type { BackupStatus } from '@/types/api.gen';
import { formatDateTime } from '@/lib/time/dateTime';

/** Bytes as megabytes with one decimal, in the reader's language. */
export function megabytes(bytes: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(bytes / 1_048_576);
}

/** The super admin's view of the server's backups: the last good one, the newest failure, the schedule and where archives go. */
export function BackupStatusView({ status }: { status: BackupStatus }) {
  const { t, i18n } = useTranslation();
  const when = (ms: number) => formatDateTime(ms, undefined, i18n.language);
  const newest = status.runs[0];
  const failed = newest && newest.status === 'FAILED' ? newest : undefined;
  return (
    <div data-testid="pdash-backup-status">
      {!status.configured ? (
        <p className="hearth-dash-danger" data-testid="pdash-backup-not-set-up">
          {t('platformDashboard.backup.notSetUp')}
        </p>
      ) : null}
      <ul className="hearth-pdash-lines">
        <li className={`hearth-pdash-line ${status.stale ? 'hearth-dash-danger' : ''}`} data-testid="pdash-backup-last-good">
          {status.lastGood
            ? t('platformDashboard.backup.lastGood', {
                time: when(status.lastGood.startedAt),
                size: megabytes(status.lastGood.sizeBytes, i18n.language),
                files: status.lastGood.files,
              })
            : t('platformDashboard.backup.none')}
        </li>
        {failed ? (
          <li className="hearth-pdash-line hearth-dash-danger" data-testid="pdash-backup-failed">
            {t('platformDashboard.backup.failed', { time: when(failed.startedAt), error: failed.error })}
          </li>
        ) : null}
        <li className="hearth-pdash-line" data-testid="pdash-backup-next">
          {status.nextAt ? t('platformDashboard.backup.next', { time: when(status.nextAt), every: status.everyHours }) : t('platformDashboard.backup.noSchedule')}
        </li>
        <li className="hearth-pdash-line">{t('platformDashboard.backup.keep', { daily: status.keepDaily, weekly: status.keepWeekly, monthly: status.keepMonthly })}</li>
        {status.destination ? <li className="hearth-pdash-line hearth-pdash-wrap">{t('platformDashboard.backup.destination', { to: status.destination })}</li> : null}
      </ul>
    </div>
  );
}
