import { lazy, Suspense, useState } from 'react';
import { Button, ButtonGroup, Checkbox, HTMLTable, Intent, Spinner, Tag } from '@blueprintjs/core';
import { AddIcon, FlagIcon, PrintIcon, PulseIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { HealthMetricSeries } from '@/types/api.gen';
import { DateInput } from '@/components/DateInput';
import { Pager } from '@/components/Pager';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import { Select } from '@/components/Select';
import { careLabel } from '@/lib/care/taskLabels';
import { FormField } from '@/lib/form/FormField';
import { currentLanguage } from '@/lib/i18n';
import { formatDate, formatDateTime, formatTime } from '@/lib/time/dateTime';
import { useNow } from '@/lib/time/useNow';
import { zonedDate, zonedWallToEpoch } from '@/lib/time/zone';
import { TableEmpty } from '@/lib/ui/TableEmpty';
import { useMetrics, useReadings, useSeries } from '../api/health';
import {
  addDays,
  chartChoices,
  chartRows,
  defaultChart,
  normalBand,
  RANGE_KINDS,
  rangeDates,
  rangeProblem,
  summarize,
  yDomain,
  type RangeKind,
} from '../chartData';
import { METRIC_KEYS, SOURCE_KEYS, UNIT_KEYS } from '../labels';
import { PrintDialog } from './PrintDialog';
import { VitalsDialog } from './VitalsDialog';
import '../carerecord.css';

// Loaded with the tab's first chart only: recharts stays out of every other page's bundle.
const HealthChart = lazy(() => import('./HealthChart'));

const PAGE_SIZES = [10, 20, 50] as const;
const COLOURS = ['#2d72d2', '#7961db'];

interface HealthMonitorTabProps {
  residentId: string;
  residentName: string;
  zoneCode: string | undefined;
  zone: string | undefined;
  writable: boolean;
}

/**
 * The profile's "Health monitor" tab (spec 000 §2, §3 "Health metrics"): a chart per metric (blood pressure's
 * two lines together) over a day, a week, a month or a chosen range, with the normal range as a band and the
 * flagged readings marked; the chart in words; the readings as a paged table; Record vitals.
 */
export function HealthMonitorTab({ residentId, residentName, zoneCode, zone, writable }: HealthMonitorTabProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const now = useNow(60_000);
  const today = zonedDate(now, zone);
  const [kind, setKind] = useState<RangeKind>('week');
  const [custom, setCustom] = useState({ startDate: addDays(today, -13), endDate: today });
  const [chosen, setChosen] = useState<string | undefined>();
  const [flaggedOnly, setFlaggedOnly] = useState(false);
  const [paging, setPaging] = useState({ current: 1, size: PAGE_SIZES[0] as number });
  // ?record=1 (the eMAR card's and the residents list's "Vitals" link) opens the entry at once.
  const [params, setParams] = useSearchParams();
  const [recording, setRecording] = useState(() => writable && params.get('record') === '1');
  const stopRecording = () => {
    setRecording(false);
    if (params.has('record')) {
      const next = new URLSearchParams(params);
      next.delete('record');
      setParams(next, { replace: true });
    }
  };
  const [printing, setPrinting] = useState(false);
  const metrics = useMetrics(residentId);
  const range = rangeDates(kind, today, custom);
  const problem = rangeProblem(range.startDate, range.endDate);
  const series = useSeries({ residentId, startDate: range.startDate, endDate: range.endDate }, !problem);
  const infos = metrics.data ?? [];
  const choices = chartChoices(infos.map((m) => m.metric));
  const all: HealthMetricSeries[] = series.data?.series ?? [];
  const chartId = defaultChart(choices, all, chosen);
  const choice = choices.find((c) => c.id === chartId);
  const shownMetrics = choice?.metrics ?? [];
  // A metric without readings in range still has its band: its series comes from listMetrics.
  const shownSeries: HealthMetricSeries[] = shownMetrics.flatMap((m) => {
    const s = all.find((x) => x.metric === m);
    const info = infos.find((x) => x.metric === m);
    return s ? [s] : info ? [{ ...info, points: [], truncated: false }] : [];
  });
  const readings = useReadings(
    { ...paging, data: { residentId, metrics: shownMetrics, startDate: range.startDate, endDate: range.endDate, flaggedOnly } },
    !problem && shownMetrics.length > 0,
  );
  const rows = chartRows(shownSeries, shownMetrics);
  const domain = yDomain(shownSeries, shownMetrics);
  const unitOf = (unit: string) => careLabel(t, UNIT_KEYS, unit);
  const num = (v: number) => v.toLocaleString(language, { maximumFractionDigits: 1 });
  const lines = shownSeries.map((s, i) => ({
    metric: s.metric,
    name: careLabel(t, METRIC_KEYS, s.metric),
    unit: unitOf(s.unit),
    colour: COLOURS[i % COLOURS.length],
    band: normalBand(s, domain),
  }));
  const xDomain: [number, number] = [zonedWallToEpoch(range.startDate, zone), zonedWallToEpoch(addDays(range.endDate, 1), zone)];
  const summary = summarize(shownSeries, shownMetrics);
  const chartName = chartId ? careLabel(t, METRIC_KEYS, chartId) : '';
  const words = summary
    .map((s) => {
      const info = shownSeries.find((x) => x.metric === s.metric);
      const name = careLabel(t, METRIC_KEYS, s.metric);
      const unit = info ? unitOf(info.unit) : '';
      if (s.count === 0) return t('carerecord.health.summaryNone', { name });
      return t('carerecord.health.summary', {
        name,
        count: s.count,
        min: num(s.min ?? 0),
        max: num(s.max ?? 0),
        latest: num(s.latest ?? 0),
        unit,
        flagged: s.flagged,
      });
    })
    .join(' ');
  const bands = shownSeries
    .filter((s) => s.normalLow != null || s.normalHigh != null)
    .map((s) =>
      t(s.own ? 'carerecord.health.bandOwn' : 'carerecord.health.band', {
        name: careLabel(t, METRIC_KEYS, s.metric),
        low: s.normalLow != null ? num(s.normalLow) : '–',
        high: s.normalHigh != null ? num(s.normalHigh) : '–',
        unit: unitOf(s.unit),
      }),
    )
    .join(' · ');
  const records = readings.data?.records ?? [];
  const daySpan = kind === 'day';

  return (
    <div data-testid="health-tab">
      <div className="hearth-record-toolbar">
        <ButtonGroup className="hearth-record-ranges" role="group" aria-label={t('carerecord.health.range')}>
          {RANGE_KINDS.map((k) => (
            <Button
              key={k}
              active={kind === k}
              aria-pressed={kind === k}
              onClick={() => {
                setKind(k);
                setPaging((p) => ({ ...p, current: 1 }));
              }}
              data-testid={`health-range-${k}`}
            >
              {t(`carerecord.health.ranges.${k}`)}
            </Button>
          ))}
        </ButtonGroup>
        <span className="hearth-record-toolbar-buttons">
          <Button icon={<PrintIcon />} onClick={() => setPrinting(true)} data-testid="health-print">
            {t('carerecord.print.open')}
          </Button>
          {writable ? (
            <Button icon={<AddIcon />} intent={Intent.PRIMARY} onClick={() => setRecording(true)} data-testid="health-record">
              {t('carerecord.health.record')}
            </Button>
          ) : null}
        </span>
      </div>
      <div className="hearth-record-filters">
        <FormField id="health-chart" label={t('carerecord.health.metric')}>
          <Select
            id="health-chart"
            fill
            value={chartId ?? ''}
            onChange={(e) => {
              setChosen(e.currentTarget.value);
              setPaging((p) => ({ ...p, current: 1 }));
            }}
            data-testid="health-metric"
            options={choices.map((c) => ({ value: c.id, label: careLabel(t, METRIC_KEYS, c.id) }))}
          />
        </FormField>
        {kind === 'custom' ? (
          <>
            <FormField id="health-start" label={t('carerecord.filter.from')}>
              <DateInput id="health-start" value={custom.startDate} max={today} onChange={(v) => setCustom((c) => ({ ...c, startDate: v }))} />
            </FormField>
            <FormField id="health-end" label={t('carerecord.filter.to')} error={problem ? t(`carerecord.rule.range.${problem}`) : undefined}>
              <DateInput id="health-end" value={custom.endDate} max={today} onChange={(v) => setCustom((c) => ({ ...c, endDate: v }))} />
            </FormField>
          </>
        ) : null}
      </div>

      <QueryErrorBanner query={series} />
      <figure className="hearth-health-figure" aria-labelledby="health-chart-caption" data-testid="health-chart" data-chart={chartId} data-flagged={summary.reduce((n, s) => n + s.flagged, 0)}>
        <figcaption id="health-chart-caption">
          <strong>{chartName}</strong>{' '}
          <span className="hearth-muted">
            {formatDate(xDomain[0], zoneCode, language)} – {formatDate(xDomain[1] - 1, zoneCode, language)}
          </span>
          <span className="hearth-health-words" data-testid="health-summary">
            {series.isPending || metrics.isPending ? '' : words}
          </span>
          {bands ? <span className="hearth-muted hearth-health-words">{bands}</span> : null}
        </figcaption>
        {/* The drawing repeats the words above and the table below: screen readers take those. */}
        <div className="hearth-health-chart" aria-hidden="true">
          {series.isPending || metrics.isPending ? (
            <Spinner size={32} />
          ) : rows.length === 0 ? (
            <p className="hearth-muted hearth-health-empty">{t('carerecord.health.noReadings')}</p>
          ) : (
            <Suspense fallback={<Spinner size={32} />}>
              <HealthChart
                rows={rows}
                lines={lines}
                xDomain={xDomain}
                yDomain={domain}
                formatTick={(ms) => (daySpan ? formatTime(ms, zoneCode, language) : formatDate(ms, zoneCode, language).replace(/[/.-]?\d{4}[/.-]?/, ''))}
                formatTime={(ms) => formatDateTime(ms, zoneCode, language)}
                formatValue={num}
                flaggedLabel={t('carerecord.health.flagged')}
              />
            </Suspense>
          )}
        </div>
        {lines.length > 1 ? (
          <ul className="hearth-health-legend" aria-hidden="true">
            {lines.map((l) => (
              <li key={l.metric}>
                <span className="hearth-health-swatch" style={{ background: l.colour }} /> {l.name}
              </li>
            ))}
            <li>
              <span className="hearth-health-swatch hearth-health-swatch-flag" /> {t('carerecord.health.flagged')}
            </li>
          </ul>
        ) : null}
        {series.data?.series.some((s) => s.truncated) ? <p className="hearth-muted">{t('carerecord.health.truncated')}</p> : null}
      </figure>

      <section className="hearth-gap-top">
        <div className="hearth-record-toolbar">
          <h2 id="health-readings-title" className="hearth-record-h2">
            {t('carerecord.health.readings')}
          </h2>
          <Checkbox
            className="hearth-record-check"
            checked={flaggedOnly}
            label={t('carerecord.health.flaggedOnly')}
            onChange={(e) => {
              setFlaggedOnly(e.currentTarget.checked);
              setPaging((p) => ({ ...p, current: 1 }));
            }}
            data-testid="health-flagged-only"
          />
        </div>
        <QueryErrorBanner query={readings} />
        <div className="hearth-table-scroll" tabIndex={0} role="region" aria-label={t('carerecord.health.readings')}>
          <HTMLTable striped className="hearth-card-table" style={{ minWidth: 640, width: '100%' }}>
            <thead>
              <tr>
                <th>{t('carerecord.health.taken')}</th>
                <th>{t('carerecord.health.metric')}</th>
                <th>{t('carerecord.health.value')}</th>
                <th>{t('carerecord.health.source')}</th>
                <th>{t('carerecord.health.recordedBy')}</th>
              </tr>
            </thead>
            <tbody>
              {records.map((r) => (
                <tr key={r.readingId} data-testid="reading-row" data-metric={r.metric} data-flagged={r.flagged}>
                  <td className="hearth-card-title hearth-cell-nowrap">{formatDateTime(r.takenAt, zoneCode, language)}</td>
                  <td data-label={t('carerecord.health.metric')}>{careLabel(t, METRIC_KEYS, r.metric)}</td>
                  <td data-label={t('carerecord.health.value')} data-testid="reading-value">
                    <strong>{num(r.value)}</strong> {unitOf(r.unit)}{' '}
                    {r.flagged ? (
                      <Tag intent={Intent.DANGER} icon={<FlagIcon />} data-testid="reading-flagged">
                        {t('carerecord.health.flagged')}
                      </Tag>
                    ) : null}
                    {r.note ? <div className="hearth-muted">{r.note}</div> : null}
                  </td>
                  <td data-label={t('carerecord.health.source')}>{careLabel(t, SOURCE_KEYS, r.source)}</td>
                  <td data-label={t('carerecord.health.recordedBy')}>{r.recordedByName}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
          {records.length === 0 ? <TableEmpty loading={readings.isPending && readings.fetchStatus !== 'idle'} icon={<PulseIcon size={32} />} title={t('carerecord.health.noReadings')} /> : null}
        </div>
        <Pager current={paging.current} size={paging.size} total={readings.data?.total ?? 0} sizes={PAGE_SIZES} onChange={(current, size) => setPaging({ current, size })} />
      </section>

      {printing ? <PrintDialog residentId={residentId} residentName={residentName} today={today} from="healthMonitor" onClose={() => setPrinting(false)} /> : null}
      {recording && infos.length > 0 ? (
        <VitalsDialog residentId={residentId} residentName={residentName} metrics={infos} zone={zone} zoneCode={zoneCode} onClose={stopRecording} />
      ) : null}
    </div>
  );
}
