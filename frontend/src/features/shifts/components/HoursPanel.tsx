import { useState } from 'react';
import { Button, HTMLTable, Intent, Spinner } from '@blueprintjs/core';
import { EmptyState } from '@/components/EmptyState';
import { DownloadIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { HoursReportRequest } from '@/types/api.gen';
import { ShiftHoursRangeDaysMax } from '@/types/api.gen';
import { DateInput } from '@/components/DateInput';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import { SectionTitle } from '@/components/SectionTitle';
import { saveBlob } from '@/lib/files/preview';
import { FormField, useRuleMessage } from '@/lib/form/FormField';
import { currentLanguage } from '@/lib/i18n';
import { useFacilityViewer } from '@/lib/session/viewer';
import { formatCalendarDate } from '@/lib/time/dateTime';
import { zonedDate } from '@/lib/time/zone';
import { exportHours, useHoursReport } from '../api/hours';
import { minutesText } from '../shiftLabels';
import { addDays, hoursDifference, sundayOf, validateRange } from '../shiftRules';
import { serverNow } from '@/lib/time/serverClock';

/** Weeks a caregiver's own figures cover by default (this week and the four before it). */
const CAREGIVER_WEEKS = 5;

/**
 * Scheduled versus worked (issue 19), for owners and admins: per caregiver over a range of the facility's
 * days, the published shifts' time (all of it, and so far), the clocked time, the difference against the time
 * scheduled so far (a week under way shows no shortfall for shifts to come), and late arrivals, early leaves,
 * no-shows and time worked outside any shift. With `caregiverId` (the staff detail): that caregiver's
 * figures week by week, the last five weeks by default.
 */
export function HoursPanel({ caregiverId }: { caregiverId?: string }) {
  const { t } = useTranslation();
  const message = useRuleMessage();
  const language = currentLanguage();
  const viewer = useFacilityViewer();
  const [range, setRange] = useState(() => {
    const sunday = sundayOf(zonedDate(serverNow(), viewer.zone));
    return { start: caregiverId ? addDays(sunday, -7 * (CAREGIVER_WEEKS - 1)) : sunday, end: addDays(sunday, 6) };
  });
  const [asked, setAsked] = useState<HoursReportRequest>({ startDate: range.start, endDate: range.end, ...(caregiverId ? { caregiverId } : {}) });
  const problem = validateRange(range.start, range.end, ShiftHoursRangeDaysMax);
  const report = useHoursReport(asked);
  const [exporting, setExporting] = useState(false);
  // The CSV of the range as typed (payroll); the client reports a refusal.
  const download = async () => {
    setExporting(true);
    try {
      const file = await exportHours(range.start, range.end);
      saveBlob(file.blob, file.fileName || `scheduled-vs-worked_${range.start}_${range.end}.csv`);
    } catch {
      // reported by the client
    } finally {
      setExporting(false);
    }
  };
  const rows = (report.data?.caregivers ?? []).filter((r) => !caregiverId || r.caregiverId === caregiverId);
  const one = caregiverId ? rows[0] : undefined;

  return (
    // The table's region carries the title's name; the section is not a second landmark of it.
    <section data-testid="shift-hours">
      <SectionTitle id="shift-hours-title">{t('shifts.hoursReport.title')}</SectionTitle>
      <p className="hearth-muted">{t('shifts.hoursReport.intro')}</p>
      <form
        className="hearth-shift-range"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!problem) setAsked({ startDate: range.start, endDate: range.end, ...(caregiverId ? { caregiverId } : {}) });
        }}
      >
        <FormField id="shift-hours-start" label={t('shifts.hoursReport.from')} required>
          <DateInput id="shift-hours-start" required value={range.start} onChange={(v) => setRange((r) => ({ ...r, start: v }))} />
        </FormField>
        <FormField id="shift-hours-end" label={t('shifts.hoursReport.to')} required error={message(problem)}>
          <DateInput id="shift-hours-end" required value={range.end} onChange={(v) => setRange((r) => ({ ...r, end: v }))} />
        </FormField>
        <Button type="submit" intent={Intent.PRIMARY} loading={report.isFetching} data-testid="shift-hours-show">
          {t('shifts.hoursReport.show')}
        </Button>
        {!caregiverId ? (
          <Button icon={<DownloadIcon />} loading={exporting} disabled={!!problem} onClick={() => void download()} data-testid="shift-hours-export">
            {t('shifts.hoursReport.export')}
          </Button>
        ) : null}
      </form>
      <QueryErrorBanner query={report} />
      {report.isPending ? (
        <Spinner size={24} />
      ) : rows.length === 0 ? (
        <EmptyState title={t('shifts.hoursReport.empty')} />
      ) : one ? (
        <>
          <p data-testid="shift-hours-counts">
            {t('shifts.hoursReport.counts', { late: one.lateArrivals, early: one.earlyLeaves, noShows: one.noShows })}{' '}
            {t('shifts.hoursReport.outside', { time: minutesText(t, one.unscheduledMinutes) })}
          </p>
          <div className="hearth-table-scroll" tabIndex={0} role="region" aria-label={t('shifts.hoursReport.title')}>
            <HTMLTable compact striped className="hearth-card-table" data-testid="shift-hours-weeks">
              <thead>
                <tr>
                  <th>{t('shifts.hoursReport.week')}</th>
                  <th>{t('shifts.hoursReport.scheduled')}</th>
                  <th>{t('shifts.hoursReport.scheduledSoFar')}</th>
                  <th>{t('shifts.hoursReport.worked')}</th>
                  <th>{t('shifts.hoursReport.difference')}</th>
                </tr>
              </thead>
              <tbody>
                {(one.weeks ?? []).map((w) => {
                  const diff = hoursDifference(w);
                  return (
                    <tr key={w.weekStart} data-testid="shift-hours-week">
                      <td className="hearth-card-title">{t('shifts.hoursReport.weekOf', { date: formatCalendarDate(w.weekStart, language) })}</td>
                      <td data-label={t('shifts.hoursReport.scheduled')}>{minutesText(t, w.scheduledMinutes)}</td>
                      <td data-label={t('shifts.hoursReport.scheduledSoFar')}>{minutesText(t, w.scheduledSoFarMinutes)}</td>
                      <td data-label={t('shifts.hoursReport.worked')}>{minutesText(t, w.workedMinutes)}</td>
                      <td data-label={t('shifts.hoursReport.difference')} className={diff.short ? 'hearth-shift-short' : undefined}>
                        {minutesText(t, diff.minutes, true)}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">{t('shifts.hoursReport.total')}</th>
                  <td data-label={t('shifts.hoursReport.scheduled')}>{minutesText(t, one.scheduledMinutes)}</td>
                  <td data-label={t('shifts.hoursReport.scheduledSoFar')}>{minutesText(t, one.scheduledSoFarMinutes)}</td>
                  <td data-label={t('shifts.hoursReport.worked')}>{minutesText(t, one.workedMinutes)}</td>
                  <td data-label={t('shifts.hoursReport.difference')}>{minutesText(t, one.differenceMinutes, true)}</td>
                </tr>
              </tfoot>
            </HTMLTable>
          </div>
          <p className="hearth-muted" data-testid="shift-hours-note">
            {t('shifts.hoursReport.differenceNote')}
          </p>
        </>
      ) : (
        <>
          <div className="hearth-table-scroll" tabIndex={0} role="region" aria-label={t('shifts.hoursReport.title')}>
            <HTMLTable compact striped className="hearth-card-table" data-testid="shift-hours-table">
              <thead>
                <tr>
                  <th>{t('shifts.hoursReport.caregiver')}</th>
                  <th>{t('shifts.hoursReport.scheduled')}</th>
                  <th>{t('shifts.hoursReport.scheduledSoFar')}</th>
                  <th>{t('shifts.hoursReport.worked')}</th>
                  <th>{t('shifts.hoursReport.difference')}</th>
                  <th>{t('shifts.hoursReport.late')}</th>
                  <th>{t('shifts.hoursReport.early')}</th>
                  <th>{t('shifts.hoursReport.noShows')}</th>
                  <th>{t('shifts.hoursReport.unscheduled')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.caregiverId} data-testid="shift-hours-row" data-name={r.name}>
                    <td className="hearth-card-title">
                      <span className="hearth-shift-swatch" style={{ background: r.color }} aria-hidden="true" />{' '}
                      <Link to={`/staff-management/detail/${encodeURIComponent(r.caregiverId)}?tab=shifts`} data-testid="shift-hours-staff">
                        {r.name}
                      </Link>
                    </td>
                    <td data-label={t('shifts.hoursReport.scheduled')}>{minutesText(t, r.scheduledMinutes)}</td>
                    <td data-label={t('shifts.hoursReport.scheduledSoFar')}>{minutesText(t, r.scheduledSoFarMinutes)}</td>
                    <td data-label={t('shifts.hoursReport.worked')}>{minutesText(t, r.workedMinutes)}</td>
                    <td
                      data-label={t('shifts.hoursReport.difference')}
                      className={hoursDifference(r).short ? 'hearth-shift-short' : undefined}
                      data-testid="shift-hours-difference"
                    >
                      {minutesText(t, hoursDifference(r).minutes, true)}
                    </td>
                    <td data-label={t('shifts.hoursReport.late')}>{r.lateArrivals}</td>
                    <td data-label={t('shifts.hoursReport.early')}>{r.earlyLeaves}</td>
                    <td data-label={t('shifts.hoursReport.noShows')}>{r.noShows}</td>
                    <td data-label={t('shifts.hoursReport.unscheduled')}>{minutesText(t, r.unscheduledMinutes)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">{t('shifts.hoursReport.total')}</th>
                  <td data-label={t('shifts.hoursReport.scheduled')}>{minutesText(t, report.data?.totalScheduled ?? 0)}</td>
                  <td data-label={t('shifts.hoursReport.scheduledSoFar')}>{minutesText(t, report.data?.totalScheduledSoFar ?? 0)}</td>
                  <td data-label={t('shifts.hoursReport.worked')}>{minutesText(t, report.data?.totalWorked ?? 0)}</td>
                  <td data-label={t('shifts.hoursReport.difference')}>
                    {minutesText(
                      t,
                      hoursDifference({ workedMinutes: report.data?.totalWorked ?? 0, scheduledSoFarMinutes: report.data?.totalScheduledSoFar ?? 0 }).minutes,
                      true,
                    )}
                  </td>
                  <td colSpan={4} />
                </tr>
              </tfoot>
            </HTMLTable>
          </div>
          <p className="hearth-muted" data-testid="shift-hours-note">
            {t('shifts.hoursReport.differenceNote')}
          </p>
        </>
      )}
    </section>
  );
}
