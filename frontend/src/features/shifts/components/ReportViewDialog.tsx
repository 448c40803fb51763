import { Button, DialogBody, DialogFooter, Spinner, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ShiftReport } from '@/types/api.gen';
import { AppDialog } from '@/components/AppDialog';
import { DetailList } from '@/components/DetailList';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import { currentLanguage } from '@/lib/i18n';
import { formatCalendarDate, formatDateTime } from '@/lib/time/dateTime';
import { useReport } from '../api/reports';
import { REPORT_SECTIONS } from '../shiftRules';
import { SECTION_KEYS } from './ReportEditorDialog';

interface Props {
  report: ShiftReport;
  zoneCode: string | undefined;
  onClose: () => void;
}

/** A submitted report, read; opening it marks it read for the reader (the list and the counts follow). */
export function ReportViewDialog({ report, zoneCode, onClose }: Props) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const one = useReport(report.reportId, report);
  const opened = one.isSuccess && !one.isPlaceholderData;
  const r = one.data ?? report;
  return (
    <AppDialog title={t('shifts.report.viewTitle', { date: formatCalendarDate(r.shiftDate, language) })} onClose={onClose} className="hearth-shift-dialog">
      <DialogBody>
        <div data-testid="shift-report-view" data-report-id={r.reportId}>
          <QueryErrorBanner query={one} />
          <DetailList
            rows={[
              { label: t('shifts.report.author'), value: r.authorName },
              { label: t('shifts.report.shift'), value: r.shiftTypeName || t('shifts.report.anyShift') },
              { label: t('shifts.report.date'), value: formatCalendarDate(r.shiftDate, language) },
              {
                label: t('shifts.report.submittedAt'),
                value: r.submittedAt ? formatDateTime(r.submittedAt, zoneCode, language) : <Tag minimal>{t('shifts.report.draft')}</Tag>,
              },
              { label: t('shifts.report.readBy'), value: t('shifts.report.readCount', { n: r.readCount }) },
            ]}
          />
          {one.isFetching && !opened ? <Spinner size={16} /> : null}
          {REPORT_SECTIONS.map((s) => (
            <section key={s} className="hearth-shift-report-section" aria-labelledby={`report-view-${s}`}>
              <h3 id={`report-view-${s}`}>{t(SECTION_KEYS[s])}</h3>
              <p className="hearth-shift-report-text" data-testid={`report-view-${s}`}>
                {r[s].trim() ? r[s] : <span className="hearth-muted">{t('shifts.report.nothing')}</span>}
              </p>
            </section>
          ))}
        </div>
      </DialogBody>
      <DialogFooter actions={<Button onClick={onClose}>{t('common.action.close')}</Button>} />
    </AppDialog>
  );
}
