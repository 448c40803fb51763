import { describe, expect, it } from 'vitest';
import type { HealthMetricSeries } from '@/types/api.gen';
import {
  addDays,
  BLOOD_PRESSURE,
  chartChoices,
  chartRows,
  daysBetween,
  defaultChart,
  flaggedPoints,
  flatRows,
  normalBand,
  rangeDates,
  rangeProblem,
  summarize,
  yDomain,
  yTicks,
} from './chartData';

const series = (metric: string, points: [number, number, boolean?][], extra: Partial<HealthMetricSeries> = {}): HealthMetricSeries => ({
  metric,
  unit: 'mmHg',
  min: 40,
  max: 300,
  step: 1,
  own: false,
  truncated: false,
  points: points.map(([takenAt, value, flagged], i) => ({ readingId: `${metric}-${i}`, takenAt, value, flagged: !!flagged })),
  ...extra,
});

describe('ranges', () => {
  it('day, week and month end today; a week is 7 days and a month 30', () => {
    expect(rangeDates('day', '2026-11-24')).toEqual({ startDate: '2026-11-24', endDate: '2026-11-24' });
    expect(rangeDates('week', '2026-11-24')).toEqual({ startDate: '2026-11-18', endDate: '2026-11-24' });
    expect(rangeDates('month', '2026-03-01')).toEqual({ startDate: '2026-01-31', endDate: '2026-03-01' });
    expect(daysBetween('2026-01-31', '2026-03-01')).toBe(30);
  });
  it('custom keeps what was chosen', () => {
    expect(rangeDates('custom', '2026-11-24', { startDate: '2026-10-01', endDate: '2026-10-31' })).toEqual({ startDate: '2026-10-01', endDate: '2026-10-31' });
  });
  it('moves across months, leap days and years', () => {
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
  it('checks a custom range as the server does', () => {
    expect(rangeProblem('', '2026-11-24')).toBe('required');
    expect(rangeProblem('2026-02-30', '2026-11-24')).toBe('notDate');
    expect(rangeProblem('2026-11-25', '2026-11-24')).toBe('startAfterEnd');
    expect(rangeProblem('2026-11-24', '2026-11-24')).toBeUndefined();
    expect(rangeProblem('2025-11-23', '2026-11-23')).toBeUndefined(); // 366 days
    expect(rangeProblem('2025-11-22', '2026-11-23')).toBe('tooLong');
  });
});

describe('charts', () => {
  it('blood pressure is one chart of two lines, the rest one each, in order', () => {
    expect(chartChoices(['SYSTOLIC_BP', 'DIASTOLIC_BP', 'HEART_RATE', 'WEIGHT'])).toEqual([
      { id: BLOOD_PRESSURE, metrics: ['SYSTOLIC_BP', 'DIASTOLIC_BP'] },
      { id: 'HEART_RATE', metrics: ['HEART_RATE'] },
      { id: 'WEIGHT', metrics: ['WEIGHT'] },
    ]);
  });
  it('shows the chosen chart, else the first with readings', () => {
    const choices = chartChoices(['SYSTOLIC_BP', 'DIASTOLIC_BP', 'WEIGHT']);
    const data = [series('SYSTOLIC_BP', []), series('WEIGHT', [[1, 150]])];
    expect(defaultChart(choices, data)).toBe('WEIGHT');
    expect(defaultChart(choices, data, BLOOD_PRESSURE)).toBe(BLOOD_PRESSURE);
    expect(defaultChart(choices, data, 'PAIN')).toBe('WEIGHT');
    expect(defaultChart(choices, [])).toBe(BLOOD_PRESSURE);
  });
  it('readings taken together share a row, oldest first, with their flags', () => {
    const data = [
      series('SYSTOLIC_BP', [[2000, 168, true], [1000, 120]]),
      series('DIASTOLIC_BP', [[1000, 80], [2000, 95, true]]),
      series('HEART_RATE', [[1500, 70]]),
    ];
    const rows = chartRows(data, ['SYSTOLIC_BP', 'DIASTOLIC_BP']);
    expect(rows.map((r) => r.t)).toEqual([1000, 2000]);
    expect(flatRows(rows)).toEqual([
      { t: 1000, SYSTOLIC_BP: 120, DIASTOLIC_BP: 80 },
      { t: 2000, SYSTOLIC_BP: 168, DIASTOLIC_BP: 95 },
    ]);
    expect(flaggedPoints(rows)).toEqual([
      { t: 2000, metric: 'SYSTOLIC_BP', value: 168, readingId: 'SYSTOLIC_BP-0' },
      { t: 2000, metric: 'DIASTOLIC_BP', value: 95, readingId: 'DIASTOLIC_BP-1' },
    ]);
  });
  it('a reading of one side alone leaves the other out of its row', () => {
    const rows = chartRows([series('SYSTOLIC_BP', [[1000, 120]]), series('DIASTOLIC_BP', [])], ['SYSTOLIC_BP', 'DIASTOLIC_BP']);
    expect(flatRows(rows)).toEqual([{ t: 1000, SYSTOLIC_BP: 120 }]);
  });
});

describe('band and axis', () => {
  it('a band with both ends, one end open to the axis, or none', () => {
    expect(normalBand({ normalLow: 90, normalHigh: 140 }, [60, 200])).toEqual({ y1: 90, y2: 140 });
    expect(normalBand({ normalLow: 0, normalHigh: 3 }, [0, 10])).toEqual({ y1: 0, y2: 3 });
    expect(normalBand({ normalHigh: 3 }, [0, 10])).toEqual({ y1: 0, y2: 3 });
    expect(normalBand({ normalLow: 95, normalHigh: undefined }, [80, 100])).toEqual({ y1: 95, y2: 100 });
    expect(normalBand({}, [0, 10])).toBeUndefined();
    expect(normalBand(undefined, [0, 10])).toBeUndefined();
  });
  it('the axis holds the values and the band with room, on round steps, within the plausible bounds', () => {
    const s = series('SYSTOLIC_BP', [[1, 120], [2, 170]], { normalLow: 90, normalHigh: 140 });
    expect(yDomain([s], ['SYSTOLIC_BP'])).toEqual([80, 180]);
    const spo2 = series('OXYGEN_SATURATION', [[1, 99]], { min: 50, max: 100, normalLow: 95, normalHigh: 100 });
    expect(yDomain([spo2], ['OXYGEN_SATURATION'])).toEqual([94, 100]);
    expect(yDomain([series('WEIGHT', [], { min: 40, max: 700 })], ['WEIGHT'])).toEqual([40, 700]);
    expect(yDomain([series('WEIGHT', [[1, 150]], { min: 40, max: 700 })], ['WEIGHT'])).toEqual([135, 165]);
  });
});

describe('the chart in words', () => {
  it('counts, lowest, highest, latest and flagged per metric', () => {
    const data = [series('SYSTOLIC_BP', [[3, 130], [1, 120], [2, 168, true]])];
    expect(summarize(data, ['SYSTOLIC_BP', 'DIASTOLIC_BP'])).toEqual([
      { metric: 'SYSTOLIC_BP', count: 3, min: 120, max: 168, latest: 130, flagged: 1 },
      { metric: 'DIASTOLIC_BP', count: 0, flagged: 0 },
    ]);
  });
});

describe('y ticks', () => {
  it('at most six, on round steps', () => {
    expect(yTicks([40, 180])).toEqual([40, 80, 120, 160]);
    expect(yTicks([80, 180])).toEqual([80, 100, 120, 140, 160, 180]);
    expect(yTicks([94, 100])).toEqual([94, 96, 98, 100]);
    expect(yTicks([96.5, 100.5])).toEqual([97, 98, 99, 100]);
    expect(yTicks([5, 5])).toEqual([5]);
  });
});
