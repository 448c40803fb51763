import { useState } from 'react';
import { Button, ButtonGroup, HTMLTable, Intent, Spinner, Tag } from '@blueprintjs/core';
import { ChevronLeftIcon, ChevronRightIcon, DownloadIcon, OfflineIcon, TimeIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '@/lib/i18n';
import { formatDateTime, ianaZone } from '@/lib/time/dateTime';
import { useSessionStore } from '@/lib/session/store';
import { saveBlob } from '@/lib/files/preview';
import { exportAttendance, useAttendanceSummary } from '../api/attendanceSummary';
import { useClockInRecords } from '../api/listRecordByPage';
import { dayHeading, overviewRows, overviewTotals } from '../overviewRules';
import { decimalHours, weekAt } from '../weekRules';
import { HoursText } from './HoursText';
import '../attendance.css';
import { serverNow } from '@/lib/time/serverClock';

/** Late punches of one week fetched for the flags; a home has far fewer in a week. */
const LATE_PAGE_SIZE = 100;

/**
 * Everyone's hours for one Sunday week in the facility's zone (owner/admin, for payroll): the summary
 * without a caregiverId is everyone. `detailLink` gives the page of a staff record, where there is one.
 */
export function AttendanceOverviewPanel({ detailLink }: { detailLink: (caregiverId: string) => string }) {
  const { t } = useTranslation();
  const zoneCode = useSessionStore((s) => s.session?.timeZone) || undefined;
  const zone = ianaZone(zoneCode);
  const [now] = useState(() => serverNow());
  const [offset, setOffset] = useState(0);
  const week = weekAt(now, offset, zone);
  const summary = useAttendanceSummary({ startDate: week.days[0], endDate: week.days[6] });
  const late = useClockInRecords({ current: 1, size: LATE_PAGE_SIZE, data: { startTime: week.start, endTime: week.end, lateOnly: true } });
  const language = currentLanguage();
  const zoneForDisplay = summary.data?.timeZone || zoneCode;
  const rows = overviewRows(summary.data, week.days, late.data?.records);
  const totals = overviewTotals(rows);
  const [exporting, setExporting] = useState(false);
  // The week as CSV for payroll (a row per person and day worked, a total per person); the client reports a refusal.
  const download = async () => {
    setExporting(true);
    try {
      const file = await exportAttendance(week.days[0], week.days[6]);
      saveBlob(file.blob, file.fileName || `attendance_${week.days[0]}_${week.days[6]}.csv`);
    } catch {
      // reported by the client
    } finally {
      setExporting(false);
    }
  };

  return (
    <div data-testid="attendance-overview">
      <div className="hearth-filter-bar">
        <ButtonGroup>
          <Button icon={<ChevronLeftIcon />} onClick={() => setOffset((o) => o - 1)} data-testid="week-prev">
            {t('attendance.overview.previous')}
          </Button>
          <Button disabled={offset === 0} onClick={() => setOffset(0)} data-testid="week-this">
            {t('attendance.overview.thisWeek')}
          </Button>
          <Button endIcon={<ChevronRightIcon />} disabled={offset >= 0} onClick={() => setOffset((o) => o + 1)} data-testid="week-next">
            {t('attendance.overview.next')}
          </Button>
        </ButtonGroup>
        <strong data-testid="week-label">{t('attendance.overview.week', { from: week.days[0], to: week.days[6] })}</strong>
        <Button icon={<DownloadIcon />} loading={exporting} onClick={() => void download()} data-testid="attendance-export">
          {t('attendance.overview.export')}
        </Button>
        {summary.isFetching || late.isFetching ? <Spinner size={16} /> : null}
      </div>
      <p className="hearth-muted">{t('attendance.overview.hint')}</p>
      {summary.isPending ? (
        <Spinner size={20} />
      ) : rows.length === 0 ? (
        <p className="hearth-muted">{t('attendance.overview.none')}</p>
      ) : (
        <div className="hearth-overview-scroll" tabIndex={0} role="region" aria-label={t('common.table.region')}>
          <HTMLTable compact striped>
            <thead>
              <tr>
                <th>{t('attendance.overview.name')}</th>
                {week.days.map((d) => (
                  <th key={d} className="hearth-cell-nowrap">
                    {dayHeading(d, language)}
                  </th>
                ))}
                <th>{t('attendance.overview.total')}</th>
                <th>{t('attendance.overview.flags')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.userId} data-testid="overview-row">
                  <td className="hearth-cell-nowrap">
                    <span className="hearth-swatch" style={{ background: r.color || '#ccc' }} aria-hidden="true" />{' '}
                    {r.caregiverId ? (
                      <Link to={detailLink(r.caregiverId)} data-testid="overview-name">
                        {r.name}
                      </Link>
                    ) : (
                      <span data-testid="overview-name">{r.name}</span>
                    )}
                  </td>
                  {r.dayMinutes.map((m, i) => (
                    <td key={week.days[i]} data-testid="overview-day">
                      {m > 0 ? decimalHours(m) : '—'}
                    </td>
                  ))}
                  <td className="hearth-cell-nowrap" data-testid="overview-total">
                    <HoursText minutes={r.weekMinutes} />
                  </td>
                  <td>
                    <div className="hearth-tag-row">
                      {r.openShift ? (
                        <Tag icon={<TimeIcon />} intent={Intent.WARNING} data-testid="overview-open">
                          {r.openSince
                            ? t('attendance.overview.openSince', { time: formatDateTime(r.openSince, zoneForDisplay, language) })
                            : t('attendance.panel.openShift')}
                        </Tag>
                      ) : null}
                      {r.latePunches > 0 ? (
                        <Tag icon={<OfflineIcon />} minimal intent={Intent.WARNING} title={t('attendance.overview.lateHint')} data-testid="overview-late">
                          {t('attendance.overview.late', { n: r.latePunches })}
                        </Tag>
                      ) : null}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th>{t('attendance.overview.everyone')}</th>
                {totals.dayMinutes.map((m, i) => (
                  <th key={week.days[i]}>{m > 0 ? decimalHours(m) : '—'}</th>
                ))}
                <th className="hearth-cell-nowrap" data-testid="overview-grand-total">
                  <HoursText minutes={totals.weekMinutes} />
                </th>
                <td />
              </tr>
            </tfoot>
          </HTMLTable>
        </div>
      )}
    </div>
  );
}
