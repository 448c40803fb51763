import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { periodText, scheduleText, timingText } from './scheduleText';

/** Answers the key and its values, so a test reads which message was chosen. */
const t = ((key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key)) as unknown as TFunction;

describe('scheduleText', () => {
  it('names the days of a weekly task and its session', () => {
    expect(scheduleText(t, { frequency: 'WEEKLY', daysOfWeek: [4, 1], timeSession: 'MORNING' }, 'en-US')).toBe(
      'care.summary.onDays {"frequency":"care.frequency.weekly","days":"care.weekday.short.mon, care.weekday.short.thu"} · care.session.morning',
    );
  });
  it('gives the interval of a custom task', () => {
    expect(scheduleText(t, { frequency: 'CUSTOM', repeatInterval: 3 }, 'en-US')).toBe('care.summary.everyDays {"n":3}');
  });
});

describe('timingText', () => {
  it('prefers the time of day, then the session, else nothing', () => {
    expect(timingText(t, { timeOfDay: '19:00', timeSession: 'EVENING' }, 'en-US')).toBe('7:00 PM');
    expect(timingText(t, { timeSession: 'EVENING' }, 'en-US')).toBe('care.session.evening');
    expect(timingText(t, {}, 'en-US')).toBe('');
  });
});

describe('periodText', () => {
  it('says from the start, or from start to end', () => {
    expect(periodText(t, { startDate: '2026-11-24', endDate: '' }, 'en-US')).toBe('care.summary.from {"date":"11/24/2026"}');
    expect(periodText(t, { startDate: '2026-11-24', endDate: '2026-12-24' }, 'en-US')).toBe('care.summary.fromTo {"start":"11/24/2026","end":"12/24/2026"}');
  });
});
