import { Button, HTMLTable, Spinner, Tag } from '@blueprintjs/core';
import { EmptyState } from '@/components/EmptyState';
import { useTranslation } from 'react-i18next';
import type { ShiftReport } from '@/types/api.gen';
import { ShiftReportDraft } from '@/types/api.gen';
import { currentLanguage } from '@/lib/i18n';
import { formatCalendarDate, formatDateTime } from '@/lib/time/dateTime';

interface Props {
  records: ShiftReport[];
  loading: boolean;
  zoneCode: string | undefined;
  onOpen: (r: ShiftReport) => void;
}

/** Shift reports, unread first (the server's order): date, shift, author, state; unread ones marked and bold. */
export function ReportList({ records, loading, zoneCode, onOpen }: Props) {
  const { t } = useTranslation();
  const language = currentLanguage();
  if (loading) return <Spinner size={24} />;
  if (records.length === 0) return <EmptyState title={t('shifts.report.empty')} />;
  return (
    <div className="hearth-table-scroll" tabIndex={0} role="region" aria-label={t('shifts.report.listTitle')}>
      <HTMLTable compact striped className="hearth-card-table">
        <thead>
          <tr>
            <th>{t('shifts.report.date')}</th>
            <th>{t('shifts.report.shift')}</th>
            <th>{t('shifts.report.author')}</th>
            <th>{t('shifts.report.state')}</th>
          </tr>
        </thead>
        <tbody>
          {records.map((r) => {
            const draft = r.status === ShiftReportDraft;
            const unread = !draft && !r.read;
            return (
              <tr
                key={r.reportId}
                className={unread ? 'hearth-shift-unread' : undefined}
                data-testid="shift-report-row"
                data-report-id={r.reportId}
                data-unread={unread ? 'true' : 'false'}
                data-status={r.status}
                data-author={r.authorName}
              >
                <td className="hearth-card-title">
                  <Button variant="minimal" className="hearth-shift-open" onClick={() => onOpen(r)} data-testid="shift-report-open">
                    {t(draft ? 'shifts.report.openDraft' : 'shifts.report.open', {
                      date: formatCalendarDate(r.shiftDate, language),
                      name: r.authorName,
                    })}
                  </Button>
                </td>
                <td data-label={t('shifts.report.shift')}>{r.shiftTypeName || t('shifts.report.anyShift')}</td>
                <td data-label={t('shifts.report.author')}>{r.authorName}</td>
                <td data-label={t('shifts.report.state')}>
                  {draft ? (
                    <Tag intent="warning">{t('shifts.report.draft')}</Tag>
                  ) : (
                    <>
                      {unread ? (
                        <Tag intent="primary" data-testid="shift-report-unread">
                          {t('shifts.report.unread')}
                        </Tag>
                      ) : null}{' '}
                      <span className="hearth-muted">{t('shifts.report.submittedOn', { time: formatDateTime(r.submittedAt, zoneCode, language) })}</span>
                    </>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </HTMLTable>
    </div>
  );
}
