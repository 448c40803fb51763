import { describe, expect, it } from 'vitest';
import type { MedPass } from '@/types/api.gen';
import { LogRangeDaysMax } from '@/types/api.gen';
import { addDays, byDay, defaultRange, marMonths, monthLabel, rangeOf } from './logRules';

const pass = (day: string, timeOfDay: string, givenTime = 0): MedPass => ({ passId: `${day}-${timeOfDay}`, day, timeOfDay, givenTime, dueTime: 0 }) as unknown as MedPass;

describe('the med log range', () => {
  it('defaults to the last seven days and reads them on the facility clock', () => {
    const r = defaultRange('2026-11-24');
    expect(r).toEqual({ from: '2026-11-18', to: '2026-11-24' });
    const { startTime, endTime } = rangeOf(r, 'America/Los_Angeles');
    expect(new Date(startTime!).toISOString()).toBe('2026-11-18T08:00:00.000Z');
    expect(new Date(endTime!).toISOString()).toBe('2026-11-25T08:00:00.000Z');
  });

  it('crosses the end of daylight saving time on the facility clock', () => {
    const { startTime, endTime } = rangeOf({ from: '2026-10-31', to: '2026-11-01' }, 'America/Los_Angeles');
    expect(endTime! - startTime!).toBe(49 * 3600_000);
  });

  it('refuses a range the wrong way, too long, or not dates', () => {
    expect(rangeOf({ from: '2026-11-24', to: '2026-11-01' }, undefined).errors.to?.key).toBe('medications.rule.rangeOrder');
    expect(rangeOf({ from: '2026-01-01', to: addDays('2026-01-01', LogRangeDaysMax) }, undefined).errors.to?.key).toBe('medications.rule.rangeMax');
    expect(rangeOf({ from: '2026-01-01', to: addDays('2026-01-01', LogRangeDaysMax - 1) }, undefined).errors).toEqual({});
    expect(rangeOf({ from: '', to: '2026-13-01' }, undefined).errors).toEqual({ from: { key: 'medications.rule.required' }, to: { key: 'medications.rule.date' } });
  });
});

describe('records by day', () => {
  it('puts the newest day first and each day in its order', () => {
    const groups = byDay([pass('2026-11-23', '20:00'), pass('2026-11-24', '08:00'), pass('2026-11-23', '08:00')]);
    expect(groups.map((g) => g.day)).toEqual(['2026-11-24', '2026-11-23']);
    expect(groups[1].records.map((r) => r.timeOfDay)).toEqual(['08:00', '20:00']);
  });
});

describe('the MAR months', () => {
  it('offers this month and the eleven before, across a year', () => {
    const months = marMonths('2026-02-10');
    expect(months.slice(0, 3)).toEqual(['2026-02', '2026-01', '2025-12']);
    expect(months).toHaveLength(12);
  });

  it('names a month in the interface language', () => {
    expect(monthLabel('2026-11', 'en-US')).toBe('November 2026');
    expect(monthLabel('2026-11', 'zh-CN')).toBe('2026年11月');
  });
});
