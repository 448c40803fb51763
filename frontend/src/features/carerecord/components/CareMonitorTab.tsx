import { useState } from 'react';
import { Button, HTMLTable, Intent } from '@blueprintjs/core';
import { AddIcon, ChevronLeftIcon, ChevronRightIcon, HeartIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { CareGridCell } from '@/types/api.gen';
import { CareGridDaysDefault, CareMeals, CareSleep } from '@/types/api.gen';
import { Pager } from '@/components/Pager';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import { careLabel } from '@/lib/care/taskLabels';
import { currentLanguage } from '@/lib/i18n';
import { formatCalendarDate, formatDateTime } from '@/lib/time/dateTime';
import { useNow } from '@/lib/time/useNow';
import { zonedDate } from '@/lib/time/zone';
import { TableEmpty } from '@/lib/ui/TableEmpty';
import { useCareGrid, useCareRecords } from '../api/care';
import { addDays } from '../chartData';
import { ACTIVITY_KEYS, ASSISTANCE_KEYS, SOURCE_KEYS } from '../labels';
import { CareRecordDialog } from './CareRecordDialog';
import '../carerecord.css';

const PAGE_SIZES = [10, 20, 50] as const;

interface CareMonitorTabProps {
  residentId: string;
  residentName: string;
  zoneCode: string | undefined;
  zone: string | undefined;
  writable: boolean;
}

/**
 * The profile's "Care monitor" tab: the ADL care given, day by day (a week per screen: days × activities,
 * each cell how many times, the meals' average % eaten, the hours slept, refusals), the records as a paged
 * list, and Record care.
 */
export function CareMonitorTab({ residentId, residentName, zoneCode, zone, writable }: CareMonitorTabProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const now = useNow(60_000);
  const today = zonedDate(now, zone);
  const [endDate, setEnd] = useState(today);
  const startDate = addDays(endDate, -(CareGridDaysDefault - 1));
  const [paging, setPaging] = useState({ current: 1, size: PAGE_SIZES[0] as number });
  const [recording, setRecording] = useState(false);
  const grid = useCareGrid(residentId, startDate, endDate);
  const list = useCareRecords({ ...paging, data: { residentId } });
  const activities = grid.data?.activities ?? Object.keys(ACTIVITY_KEYS);
  const days = grid.data?.days ?? [];
  const num = (v: number) => v.toLocaleString(language, { maximumFractionDigits: 1 });
  const cellText = (c: CareGridCell | undefined) => {
    if (!c || c.count === 0) return '–';
    const parts: string[] = [];
    if (c.activity === CareMeals && c.value != null) parts.push(t('carerecord.care.mealValue', { value: num(c.value) }));
    else if (c.activity === CareSleep && c.value != null) parts.push(t('carerecord.care.sleepValue', { value: num(c.value) }));
    else parts.push(t('carerecord.care.times', { count: c.count }));
    if (c.refused > 0) parts.push(t('carerecord.care.refusedCount', { count: c.refused }));
    return parts.join(' · ');
  };
  const records = list.data?.records ?? [];

  return (
    <div data-testid="care-tab">
      <div className="hearth-record-toolbar">
        <span className="hearth-record-week">
          <Button icon={<ChevronLeftIcon />} aria-label={t('carerecord.care.earlier')} onClick={() => setEnd((d) => addDays(d, -CareGridDaysDefault))} />
          <span data-testid="care-range">
            {formatCalendarDate(startDate, language)} – {formatCalendarDate(endDate, language)}
          </span>
          <Button icon={<ChevronRightIcon />} aria-label={t('carerecord.care.later')} disabled={endDate >= today} onClick={() => setEnd((d) => (addDays(d, CareGridDaysDefault) > today ? today : addDays(d, CareGridDaysDefault)))} />
        </span>
        {writable ? (
          <Button icon={<AddIcon />} intent={Intent.PRIMARY} onClick={() => setRecording(true)} data-testid="care-record">
            {t('carerecord.care.record')}
          </Button>
        ) : null}
      </div>
      <QueryErrorBanner query={grid} />
      <div className="hearth-table-scroll" tabIndex={0} role="region" aria-label={t('carerecord.care.grid')}>
        <HTMLTable compact bordered className="hearth-care-grid" data-testid="care-grid">
          <caption className="hearth-sr-only">{t('carerecord.care.grid')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('carerecord.care.day')}</th>
              {activities.map((a) => (
                <th scope="col" key={a}>
                  {careLabel(t, ACTIVITY_KEYS, a)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day} data-testid="care-grid-day" data-day={d.day}>
                <th scope="row" className="hearth-cell-nowrap">
                  {formatCalendarDate(d.day, language)}
                </th>
                {activities.map((a) => {
                  const c = d.cells.find((x) => x.activity === a);
                  return (
                    <td key={a} className={c && c.count > 0 ? (c.refused > 0 ? 'hearth-care-refused' : 'hearth-care-done') : 'hearth-muted'} data-activity={a} data-count={c?.count ?? 0}>
                      {cellText(c)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        {days.length === 0 ? <TableEmpty loading={grid.isPending} icon={<HeartIcon size={32} />} title={t('carerecord.care.empty')} /> : null}
      </div>

      <section className="hearth-gap-top">
        <h2 id="care-list-title" className="hearth-record-h2">
          {t('carerecord.care.list')}
        </h2>
        <QueryErrorBanner query={list} />
        <div className="hearth-table-scroll" tabIndex={0} role="region" aria-label={t('carerecord.care.list')}>
          <HTMLTable striped className="hearth-card-table" style={{ minWidth: 640, width: '100%' }}>
            <thead>
              <tr>
                <th>{t('carerecord.care.time')}</th>
                <th>{t('carerecord.care.activity')}</th>
                <th>{t('carerecord.care.assistance')}</th>
                <th>{t('carerecord.health.source')}</th>
                <th>{t('carerecord.health.recordedBy')}</th>
              </tr>
            </thead>
            <tbody>
              {records.map((r) => (
                <tr key={r.recordId} data-testid="care-row" data-activity={r.activity}>
                  <td className="hearth-card-title hearth-cell-nowrap">{formatDateTime(r.time, zoneCode, language)}</td>
                  <td data-label={t('carerecord.care.activity')}>
                    {careLabel(t, ACTIVITY_KEYS, r.activity)}
                    {r.value != null ? ` · ${r.activity === CareMeals ? t('carerecord.care.mealValue', { value: num(r.value) }) : t('carerecord.care.sleepValue', { value: num(r.value) })}` : ''}
                    {r.note ? <div className="hearth-muted">{r.note}</div> : null}
                  </td>
                  <td data-label={t('carerecord.care.assistance')}>{r.assistance ? careLabel(t, ASSISTANCE_KEYS, r.assistance) : '–'}</td>
                  <td data-label={t('carerecord.health.source')}>{careLabel(t, SOURCE_KEYS, r.source)}</td>
                  <td data-label={t('carerecord.health.recordedBy')}>{r.recordedByName}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
          {records.length === 0 ? <TableEmpty loading={list.isPending} icon={<HeartIcon size={32} />} title={t('carerecord.care.emptyList')} /> : null}
        </div>
        <Pager current={paging.current} size={paging.size} total={list.data?.total ?? 0} sizes={PAGE_SIZES} onChange={(current, size) => setPaging({ current, size })} />
      </section>

      {recording ? <CareRecordDialog residentId={residentId} residentName={residentName} zone={zone} onClose={() => setRecording(false)} /> : null}
    </div>
  );
}
