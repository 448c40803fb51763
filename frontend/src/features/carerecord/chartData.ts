// The health monitor's chart data, as plain functions (vitest: chartData.test.ts): the dates of a range
// (day, week, month, custom), the charts a resident has (blood pressure's two lines together, every other
// metric alone), the rows recharts draws, the normal band, the flagged points, the y axis and the chart's
// words for screen readers.
import type { HealthMetric, HealthMetricSeries } from '@/types/api.gen';
import { MetricDiastolicBP, MetricSystolicBP, RecordRangeDaysMax } from '@/types/api.gen';

export type RangeKind = 'day' | 'week' | 'month' | 'custom';
export const RANGE_KINDS: readonly RangeKind[] = ['day', 'week', 'month', 'custom'];

/** Days a range covers, today included (a week is the last 7 days, a month the last 30). */
const RANGE_DAYS: Record<Exclude<RangeKind, 'custom'>, number> = { day: 1, week: 7, month: 30 };

const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a calendar date (undefined when it is not one). */
function dayNumber(ymd: string): number | undefined {
  const m = YMD.exec(ymd);
  if (!m) return undefined;
  const ms = Date.UTC(+m[1], +m[2] - 1, +m[3]);
  const d = new Date(ms);
  if (d.getUTCFullYear() !== +m[1] || d.getUTCMonth() !== +m[2] - 1 || d.getUTCDate() !== +m[3]) return undefined;
  return Math.round(ms / 86_400_000);
}

function fromDayNumber(n: number): string {
  return new Date(n * 86_400_000).toISOString().slice(0, 10);
}

/** A calendar date moved by whole days ("2026-03-01" - 1 = "2026-02-28"). */
export function addDays(ymd: string, days: number): string {
  const n = dayNumber(ymd);
  return n === undefined ? ymd : fromDayNumber(n + days);
}

/** Days from start to end, both included (0 when either is not a date or end is before start). */
export function daysBetween(start: string, end: string): number {
  const a = dayNumber(start);
  const b = dayNumber(end);
  return a === undefined || b === undefined || b < a ? 0 : b - a + 1;
}

/** The calendar dates a range covers, ending today in the facility's zone; custom keeps what was chosen. */
export function rangeDates(kind: RangeKind, today: string, custom?: { startDate: string; endDate: string }): { startDate: string; endDate: string } {
  if (kind === 'custom') return custom ?? { startDate: addDays(today, -6), endDate: today };
  return { startDate: addDays(today, -(RANGE_DAYS[kind] - 1)), endDate: today };
}

/** What is wrong with a custom range, as a message key (the server's rule: start not after end, at most a year and a day). */
export function rangeProblem(startDate: string, endDate: string): 'required' | 'notDate' | 'startAfterEnd' | 'tooLong' | undefined {
  if (!startDate || !endDate) return 'required';
  const a = dayNumber(startDate);
  const b = dayNumber(endDate);
  if (a === undefined || b === undefined) return 'notDate';
  if (a > b) return 'startAfterEnd';
  if (b - a + 1 > RecordRangeDaysMax) return 'tooLong';
  return undefined;
}

/** A chart: blood pressure carries systolic and diastolic, every other metric is alone. */
export interface ChartChoice {
  id: string;
  metrics: HealthMetric[];
}

export const BLOOD_PRESSURE = 'BLOOD_PRESSURE';

/** The charts of the metrics in order (HealthMetrics order); blood pressure's two metrics make one chart. */
export function chartChoices(metrics: readonly HealthMetric[]): ChartChoice[] {
  const out: ChartChoice[] = [];
  for (const m of metrics) {
    if (m === MetricSystolicBP || m === MetricDiastolicBP) {
      if (!out.some((c) => c.id === BLOOD_PRESSURE)) out.push({ id: BLOOD_PRESSURE, metrics: [MetricSystolicBP, MetricDiastolicBP] });
    } else out.push({ id: m, metrics: [m] });
  }
  return out;
}

/** The chart shown first: the chosen one when the resident has it, else the first with readings, else the first. */
export function defaultChart(choices: readonly ChartChoice[], series: readonly HealthMetricSeries[], chosen?: string): string | undefined {
  if (chosen && choices.some((c) => c.id === chosen)) return chosen;
  const withData = choices.find((c) => c.metrics.some((m) => series.some((s) => s.metric === m && s.points.length > 0)));
  return (withData ?? choices[0])?.id;
}

/** One x position of the chart: a time and each metric's value then (undefined: no reading of it). */
export interface ChartRow {
  t: number;
  values: Record<string, number | undefined>;
  flagged: Record<string, boolean>;
  ids: Record<string, string>;
}

/** The rows of a chart, oldest first: readings of its metrics taken at the same time share a row (a blood pressure). */
export function chartRows(series: readonly HealthMetricSeries[], metrics: readonly HealthMetric[]): ChartRow[] {
  const rows = new Map<number, ChartRow>();
  for (const s of series) {
    if (!metrics.includes(s.metric)) continue;
    for (const p of s.points) {
      const row = rows.get(p.takenAt) ?? { t: p.takenAt, values: {}, flagged: {}, ids: {} };
      row.values[s.metric] = p.value;
      row.flagged[s.metric] = p.flagged;
      row.ids[s.metric] = p.readingId;
      rows.set(p.takenAt, row);
    }
  }
  return [...rows.values()].sort((a, b) => a.t - b.t);
}

/** recharts' flat rows: { t, SYSTOLIC_BP: 120, DIASTOLIC_BP: 80 }. */
export function flatRows(rows: readonly ChartRow[]): Record<string, number>[] {
  return rows.map((r) => {
    const out: Record<string, number> = { t: r.t };
    for (const [k, v] of Object.entries(r.values)) if (v !== undefined) out[k] = v;
    return out;
  });
}

/** A flagged point: outside the normal range in force when it was recorded. */
export interface FlaggedPoint {
  t: number;
  metric: HealthMetric;
  value: number;
  readingId: string;
}

export function flaggedPoints(rows: readonly ChartRow[]): FlaggedPoint[] {
  const out: FlaggedPoint[] = [];
  for (const r of rows) {
    for (const [metric, flagged] of Object.entries(r.flagged)) {
      const value = r.values[metric];
      if (flagged && value !== undefined) out.push({ t: r.t, metric, value, readingId: r.ids[metric] });
    }
  }
  return out;
}

/** The normal band of a metric (ReferenceArea y1..y2); an open end runs to the axis. undefined when it has none. */
export function normalBand(s: Pick<HealthMetricSeries, 'normalLow' | 'normalHigh'> | undefined, domain: readonly [number, number]): { y1: number; y2: number } | undefined {
  if (!s) return undefined;
  const low = s.normalLow ?? undefined;
  const high = s.normalHigh ?? undefined;
  if (low === undefined && high === undefined) return undefined;
  return { y1: low ?? domain[0], y2: high ?? domain[1] };
}

/** The y axis: every value and the normal bands in view, with a little room above and below, within the plausible bounds. */
export function yDomain(series: readonly HealthMetricSeries[], metrics: readonly HealthMetric[]): [number, number] {
  const shown = series.filter((s) => metrics.includes(s.metric));
  const values: number[] = [];
  for (const s of shown) {
    for (const p of s.points) values.push(p.value);
    if (s.normalLow != null) values.push(s.normalLow);
    if (s.normalHigh != null) values.push(s.normalHigh);
  }
  const floor = Math.min(...shown.map((s) => s.min));
  const ceiling = Math.max(...shown.map((s) => s.max));
  if (values.length === 0) return shown.length ? [floor, ceiling] : [0, 1];
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const pad = Math.max((hi - lo) * 0.1, hi === lo ? Math.max(Math.abs(hi) * 0.1, 1) : 0);
  // Ends on a round step, so the axis reads 80, 100, 120 rather than 82.4.
  const span = hi - lo + 2 * pad;
  const step = span > 100 ? 20 : span > 40 ? 10 : span > 10 ? 5 : span > 2 ? 1 : 0.1;
  const down = Math.round(Math.floor((lo - pad) / step) * step * 10) / 10;
  const up = Math.round(Math.ceil((hi + pad) / step) * step * 10) / 10;
  return [Math.max(floor, down), Math.min(ceiling, up)];
}

/** What a chart says in words (its text alternative): per metric, how many readings, lowest, highest, latest, flagged. */
export interface SeriesSummary {
  metric: HealthMetric;
  count: number;
  min?: number;
  max?: number;
  latest?: number;
  flagged: number;
}

export function summarize(series: readonly HealthMetricSeries[], metrics: readonly HealthMetric[]): SeriesSummary[] {
  return metrics.map((metric) => {
    const points = series.find((s) => s.metric === metric)?.points ?? [];
    if (points.length === 0) return { metric, count: 0, flagged: 0 };
    const values = points.map((p) => p.value);
    const latest = [...points].sort((a, b) => a.takenAt - b.takenAt)[points.length - 1].value;
    return { metric, count: points.length, min: Math.min(...values), max: Math.max(...values), latest, flagged: points.filter((p) => p.flagged).length };
  });
}

/** The y axis' ticks: at most six, on a round step (1, 2, 2.5, 4 or 5 times a power of ten) inside the domain. */
export function yTicks([lo, hi]: readonly [number, number]): number[] {
  if (!(hi > lo)) return [lo];
  const raw = (hi - lo) / 5;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 4, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  const out: number[] = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + step * 1e-9; v += step) out.push(Math.round(v * 1000) / 1000);
  return out;
}
