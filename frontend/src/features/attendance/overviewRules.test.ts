import { describe, expect, it } from 'vitest';
import type { AttendanceSummary, ClockInRecord } from '@/types/api.gen';
import { dayHeading, overviewRows, overviewTotals } from './overviewRules';
import { weekAt } from './weekRules';

const LA = 'America/Los_Angeles';

describe('weekAt (the overview week, Sunday start, facility zone)', () => {
  it('this week, last week and the week before, with seven days each', () => {
    const now = Date.UTC(2026, 5, 10, 19); // Wed 2026-06-10 12:00 PDT
    const w = weekAt(now, 0, LA);
    expect(w.days).toEqual(['2026-06-07', '2026-06-08', '2026-06-09', '2026-06-10', '2026-06-11', '2026-06-12', '2026-06-13']);
    expect(new Date(w.start).toISOString()).toBe('2026-06-07T07:00:00.000Z');
    const last = weekAt(now, -1, LA);
    expect(last.days[0]).toBe('2026-05-31');
    expect(last.days[6]).toBe('2026-06-06');
    expect(last.end).toBe(w.start);
    expect(weekAt(now, -2, LA).days[0]).toBe('2026-05-24');
    expect(weekAt(now, 1, LA).days[0]).toBe('2026-06-14');
  });

  it('steps across the spring DST change without losing or repeating a day', () => {
    const now = Date.UTC(2026, 2, 16, 20); // Mon 2026-03-16, the week after DST began on 03-08
    const before = weekAt(now, -1, LA);
    expect(before.days).toEqual(['2026-03-08', '2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13', '2026-03-14']);
    expect((before.end - before.start) / 3_600_000).toBe(167);
    expect(weekAt(now, -2, LA).days[6]).toBe('2026-03-07');
  });

  it('Saturday night in LA is still the week that started Sunday, though UTC is already Sunday', () => {
    expect(weekAt(Date.UTC(2026, 5, 14, 6, 30), 0, LA).days[0]).toBe('2026-06-07');
  });
});

const days = ['2026-06-07', '2026-06-08', '2026-06-09', '2026-06-10', '2026-06-11', '2026-06-12', '2026-06-13'];

const summary: AttendanceSummary = {
  timeZone: 'PT',
  startDate: days[0],
  endDate: days[6],
  caregivers: [
    {
      caregiverId: 'c-wei',
      userId: 'u-wei',
      caregiverName: 'Wei Chen',
      color: '#2d72d2',
      totalMinutes: 960,
      days: days.map((date, i) => ({ date, minutes: i === 1 || i === 2 ? 480 : 0 })),
      weeks: [{ weekStart: days[0], minutes: 960 }],
      shifts: [],
      openShift: true,
      openSince: 1_781_000_000_000,
    },
    {
      caregiverId: 'c-amina',
      userId: 'u-amina',
      caregiverName: 'Amina Njoroge',
      color: '#29a634',
      totalMinutes: 450,
      // a day missing from the answer counts as nothing worked
      days: [{ date: days[0], minutes: 450 }],
      weeks: [{ weekStart: days[0], minutes: 450 }],
      shifts: [],
      openShift: false,
    },
    { caregiverId: '', userId: 'u-owner', caregiverName: 'Olivia Owner', totalMinutes: 0, days: [], weeks: [], shifts: [], openShift: false },
  ],
};

const punch = (userId: string, late: boolean): ClockInRecord => ({
  recordId: `${userId}-${Math.random()}`,
  clientPunchId: 'x',
  caregiverId: '',
  userId,
  caregiverName: '',
  punchType: 'IN',
  punchTime: 0,
  receivedTime: 0,
  source: 'KIOSK',
  late,
});

describe('overviewRows', () => {
  it('one row per person by name, hours on their days, the week total and the open shift', () => {
    const rows = overviewRows(summary, days);
    expect(rows.map((r) => r.name)).toEqual(['Amina Njoroge', 'Olivia Owner', 'Wei Chen']);
    expect(rows[0].dayMinutes).toEqual([450, 0, 0, 0, 0, 0, 0]);
    expect(rows[0].weekMinutes).toBe(450);
    expect(rows[0].openShift).toBe(false);
    expect(rows[2].dayMinutes).toEqual([0, 480, 480, 0, 0, 0, 0]);
    expect(rows[2].weekMinutes).toBe(960);
    expect(rows[2].openShift).toBe(true);
    expect(rows[2].openSince).toBe(1_781_000_000_000);
    expect(rows[1]).toMatchObject({ caregiverId: '', color: '', weekMinutes: 0 });
  });

  it('counts each person\'s late (offline-synced) punches and ignores punches that were not late', () => {
    const rows = overviewRows(summary, days, [punch('u-wei', true), punch('u-wei', true), punch('u-amina', false), punch('u-gone', true)]);
    expect(rows.map((r) => r.latePunches)).toEqual([0, 0, 2]);
  });

  it('no summary yet: no rows', () => {
    expect(overviewRows(undefined, days)).toEqual([]);
  });

  it('totals per day and for the week', () => {
    const totals = overviewTotals(overviewRows(summary, days));
    expect(totals.dayMinutes).toEqual([450, 480, 480, 0, 0, 0, 0]);
    expect(totals.weekMinutes).toBe(1410);
  });
});

describe('dayHeading', () => {
  it('names the weekday of the date itself, whatever the browser zone', () => {
    expect(dayHeading('2026-06-07', 'en-US')).toBe('Sun 6/7');
    expect(dayHeading('2026-06-13', 'en-US')).toBe('Sat 6/13');
    expect(dayHeading('2026-06-07', 'zh-CN')).toMatch(/^周日/);
    expect(dayHeading('2026-06-07', 'es-ES')).toMatch(/^dom/);
  });
});
