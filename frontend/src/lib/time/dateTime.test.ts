import { describe, expect, it } from 'vitest';
import { parseCalendarDate, formatCalendarDate, formatRecent, formatDate, formatDateTime, formatTime, ianaZone, zoneName } from './dateTime';

describe('ianaZone', () => {
  it('maps the facility codes and leaves the rest to the browser', () => {
    expect(ianaZone('PT')).toBe('America/Los_Angeles');
    expect(ianaZone('HAT')).toBe('Pacific/Honolulu');
    expect(ianaZone(undefined)).toBeUndefined();
    expect(ianaZone('')).toBeUndefined();
    expect(ianaZone('toString')).toBeUndefined();
  });
});

describe('formatDateTime', () => {
  const noonUtc = Date.UTC(2026, 0, 15, 12, 30);
  it('shows the time in the facility zone', () => {
    expect(formatDateTime(noonUtc, 'PT', 'en-US')).toBe('01/15/2026, 4:30 AM');
    expect(formatDateTime(noonUtc, 'ET', 'en-US')).toBe('01/15/2026, 7:30 AM');
    expect(formatDateTime(noonUtc, 'HAT', 'en-US')).toBe('01/15/2026, 2:30 AM');
  });

  it('writes it the way the interface language does', () => {
    expect(formatDateTime(noonUtc, 'PT', 'es-ES')).toBe('15/01/2026, 04:30');
    expect(formatDateTime(noonUtc, 'PT', 'zh-CN')).toBe('2026/01/15 04:30');
  });

  it('follows daylight saving time in the facility zone', () => {
    const julyNoonUtc = Date.UTC(2026, 6, 15, 12, 30);
    expect(formatDateTime(julyNoonUtc, 'PT', 'en-US')).toBe('07/15/2026, 5:30 AM');
    // Hawaii keeps standard time all year.
    expect(formatDateTime(julyNoonUtc, 'HAT', 'en-US')).toBe('07/15/2026, 2:30 AM');
  });

  it('names the zone where times cross zones', () => {
    expect(formatDateTime(noonUtc, 'PT', 'en-US', { withZone: true })).toBe('01/15/2026, 4:30 AM PST');
    expect(formatDateTime(Date.UTC(2026, 6, 15, 12, 30), 'ET', 'en-US', { withZone: true })).toBe('07/15/2026, 8:30 AM EDT');
    expect(zoneName(noonUtc, 'America/Chicago', 'es-ES')).toMatch(/^(CST|GMT-6|UTC-6)$/);
  });

  it('shows nothing for a missing time', () => {
    expect(formatDateTime(0, 'PT', 'en-US')).toBe('');
    expect(formatDateTime(Number.NaN, 'PT', 'en-US')).toBe('');
  });
});

describe('formatDate and formatTime', () => {
  // 22 Nov 2026 02:00 UTC is still the evening of 21 Nov on both coasts.
  const late = Date.UTC(2026, 10, 22, 2, 0);
  it('takes the calendar day of the facility zone', () => {
    expect(formatDate(late, 'PT', 'en-US')).toBe('11/21/2026');
    expect(formatDate(late, 'ET', 'en-US')).toBe('11/21/2026');
    expect(formatDate(Date.UTC(2026, 10, 22, 12), 'ET', 'en-US')).toBe('11/22/2026');
    expect(formatDate(Date.UTC(2026, 10, 22, 12), 'ET', 'es-ES')).toBe('22/11/2026');
    expect(formatDate(Date.UTC(2026, 10, 22, 12), 'ET', 'zh-CN')).toBe('2026/11/22');
  });

  it('writes the time with a 12-hour clock in English and a 24-hour clock otherwise', () => {
    expect(formatTime(Date.UTC(2026, 10, 22, 21, 5), 'PT', 'en-US')).toBe('1:05 PM');
    expect(formatTime(Date.UTC(2026, 10, 22, 21, 5), 'PT', 'es-ES')).toBe('13:05');
    expect(formatTime(Date.UTC(2026, 10, 22, 21, 5), 'PT', 'zh-CN')).toBe('13:05');
  });
});

describe('formatCalendarDate', () => {
  it('writes a date without a time in the interface language, whatever the zone', () => {
    expect(formatCalendarDate('2026-11-22', 'en-US')).toBe('11/22/2026');
    expect(formatCalendarDate('2026-11-22', 'es-ES')).toBe('22/11/2026');
    expect(formatCalendarDate('2026-11-22', 'zh-CN')).toBe('2026/11/22');
  });

  it('leaves anything else as it is', () => {
    expect(formatCalendarDate('', 'en-US')).toBe('');
    expect(formatCalendarDate('—', 'en-US')).toBe('—');
  });
});

describe('parseCalendarDate', () => {
  it('reads a date typed the way the interface language writes it', () => {
    expect(parseCalendarDate('11/22/2026', 'en-US')).toBe('2026-11-22');
    expect(parseCalendarDate('6/2/1941', 'en-US')).toBe('1941-06-02');
    expect(parseCalendarDate('22/11/2026', 'es-ES')).toBe('2026-11-22');
    expect(parseCalendarDate('22-11-2026', 'es-ES')).toBe('2026-11-22');
    expect(parseCalendarDate('2026/11/22', 'zh-CN')).toBe('2026-11-22');
  });

  it('also takes YYYY-MM-DD in every language', () => {
    expect(parseCalendarDate('1941-06-02', 'es-ES')).toBe('1941-06-02');
  });

  it('refuses what is not a real date or not in the language’s order', () => {
    expect(parseCalendarDate('22/11/2026', 'en-US')).toBeUndefined();
    expect(parseCalendarDate('02/30/2026', 'en-US')).toBeUndefined();
    expect(parseCalendarDate('', 'en-US')).toBeUndefined();
    expect(parseCalendarDate('tomorrow', 'zh-CN')).toBeUndefined();
  });
});

describe('formatRecent', () => {
  // A message at 6:58 PM Pacific on 21 Nov 2026 (02:58 UTC on the 22nd), looked at the next evening.
  const sent = Date.UTC(2026, 10, 22, 2, 58);
  it('shows the date for a message of the day before, in every zone', () => {
    const nextEvening = Date.UTC(2026, 10, 23, 6, 0); // 10 PM Pacific, 1 AM Eastern on the 23rd
    expect(formatRecent(sent, nextEvening, 'PT', 'en-US')).toBe('11/21/2026');
    expect(formatRecent(sent, nextEvening, 'ET', 'en-US')).toBe('11/21/2026');
    expect(formatRecent(sent, nextEvening, 'HAT', 'es-ES')).toBe('21/11/2026');
    expect(formatRecent(sent, nextEvening, 'AKT', 'zh-CN')).toBe('2026/11/21');
  });
  it("shows the time for one of today on the facility's clock, whatever day it is in UTC", () => {
    const sameEvening = Date.UTC(2026, 10, 22, 5, 30); // 9:30 PM Pacific, still the 21st there
    expect(formatRecent(sent, sameEvening, 'PT', 'en-US')).toBe('6:58 PM');
    expect(formatRecent(sent, sameEvening, 'PT', 'es-ES')).toBe('18:58');
    // In New York it is already 12:30 AM of the 22nd: the 9:58 PM message was yesterday.
    expect(formatRecent(sent, sameEvening, 'ET', 'en-US')).toBe('11/21/2026');
    expect(formatRecent(sent, sameEvening, 'HAT', 'zh-CN')).toBe('16:58');
  });
  it('shows nothing for a chat without a message', () => {
    expect(formatRecent(0, Date.now(), 'PT', 'en-US')).toBe('');
  });
});
