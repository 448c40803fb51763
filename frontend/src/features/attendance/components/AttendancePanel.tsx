import { useState } from 'react';
import { HTMLTable, Intent, Spinner, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { PunchIn, type AttendanceSummary } from '@/types/api.gen';
import { Pager } from '@/components/Pager';
import { SHORT_PAGE_SIZE } from '@/components/pager';
import { currentLanguage } from '@/lib/i18n';
import { formatCalendarDate, formatDateTime, ianaZone } from '@/lib/time/dateTime';
import { useSessionStore } from '@/lib/session/store';
import { useAttendanceSummary } from '../api/attendanceSummary';
import { useClockInRecords } from '../api/listRecordByPage';
import { weekBounds, zonedDate } from '../weekRules';
import { HoursText } from './HoursText';
import { serverNow } from '@/lib/time/serverClock';

const DAY_MS = 86_400_000;

/** A staff member's attendance on the staff detail: the last two weeks' hours and the punches. */
export function AttendancePanel({ caregiverId }: { caregiverId: string }) {
  const { t } = useTranslation();
  const zoneCode = useSessionStore((s) => s.session?.timeZone) || undefined;
  const zone = ianaZone(zoneCode);
  const [now] = useState(() => serverNow());
  const week = weekBounds(now, zone);
  // Two weeks: the Sunday before last up to this Saturday, in the facility's days.
  const startDate = zonedDate(week.start - 7 * DAY_MS + DAY_MS / 2, zone);
  const endDate = zonedDate(week.end - DAY_MS / 2, zone);
  const summary = useAttendanceSummary({ caregiverId, startDate, endDate });
  const [paging, setPaging] = useState({ current: 1, size: SHORT_PAGE_SIZE });
  const records = useClockInRecords({ ...paging, data: { caregiverId } });
  const language = currentLanguage();
  const zoneForDisplay = summary.data?.timeZone || zoneCode;

  return (
    <div data-testid="attendance-panel">
      <h2 className="hearth-section-title">{t('attendance.panel.weeks')}</h2>
      {summary.isPending ? <Spinner size={20} /> : <WeekTable summary={summary.data} />}
      <h2 className="hearth-section-title">{t('attendance.panel.punches')}</h2>
      <div className="hearth-table-scroll" tabIndex={0} role="region" aria-label={t('attendance.panel.punches')}>
        <HTMLTable compact striped>
          <thead>
            <tr>
              <th>{t('attendance.record.time')}</th>
              <th>{t('attendance.record.type')}</th>
              <th>{t('attendance.record.source')}</th>
              <th>{t('common.table.notes')}</th>
            </tr>
          </thead>
          <tbody>
            {(records.data?.records ?? []).map((r) => (
              <tr key={r.recordId} data-testid="punch-row">
                <td className="hearth-cell-nowrap">{formatDateTime(r.punchTime, zoneForDisplay, language)}</td>
                <td>
                  <Tag minimal intent={r.punchType === PunchIn ? Intent.SUCCESS : Intent.NONE}>
                    {r.punchType === PunchIn ? t('attendance.record.in') : t('attendance.record.out')}
                  </Tag>
                </td>
                <td>{r.source === 'KIOSK' ? t('attendance.record.kiosk', { name: r.deviceName ?? '' }) : t('attendance.record.browser')}</td>
                <td>{r.late ? <Tag intent={Intent.WARNING}>{t('attendance.record.late')}</Tag> : null}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
      {records.data && records.data.records.length === 0 ? <p className="hearth-muted">{t('attendance.record.none')}</p> : null}
      <Pager current={paging.current} size={paging.size} total={records.data?.total ?? 0} onChange={(current, size) => setPaging({ current, size })} />
    </div>
  );
}

function WeekTable({ summary }: { summary: AttendanceSummary | undefined }) {
  const { t } = useTranslation();
  const person = summary?.caregivers?.[0];
  if (!person) return <p className="hearth-muted">{t('attendance.record.none')}</p>;
  return (
    <>
      {person.openShift ? (
        <Tag intent={Intent.WARNING} className="hearth-gap-bottom" data-testid="open-shift">
          {t('attendance.panel.openShift')}
        </Tag>
      ) : null}
      <div className="hearth-table-scroll" tabIndex={0} role="region" aria-label={t('attendance.panel.weeks')}>
        <HTMLTable compact>
          <thead>
            <tr>
              <th>{t('attendance.panel.weekOf')}</th>
              <th>{t('attendance.panel.hours')}</th>
            </tr>
          </thead>
          <tbody>
            {(person.weeks ?? []).map((w) => (
              <tr key={w.weekStart}>
                <td>{formatCalendarDate(w.weekStart, currentLanguage())}</td>
                <td>
                  <HoursText minutes={w.minutes} />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
    </>
  );
}
