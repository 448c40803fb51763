import { describe, expect, it } from 'vitest';
import type { Notification as AppNotification } from '@/types/api.gen';
import { arrivedSince, badgeText, isTimeParam, newSince, paramValues, relativeTime } from './notificationRules';

const note = (id: string, createTime: number, readTime = 0): AppNotification => ({
  notificationId: id,
  kind: 'MEDICATION',
  titleKey: 'notification.medication.overdueSoon.title',
  params: {},
  createTime,
  readTime,
});

describe('what is new since the last poll', () => {
  it('the first poll of a page only sets the mark', () => {
    expect(arrivedSince(undefined, { count: 3, latestTime: 1_000 })).toBe(false);
  });

  it('a newer unread notification is news; the same or an older newest is not', () => {
    expect(arrivedSince(1_000, { count: 4, latestTime: 2_000 })).toBe(true);
    expect(arrivedSince(1_000, { count: 3, latestTime: 1_000 })).toBe(false);
    // the newest was read elsewhere: fewer unread, an older newest
    expect(arrivedSince(2_000, { count: 1, latestTime: 500 })).toBe(false);
    // everything read
    expect(arrivedSince(2_000, { count: 0, latestTime: 0 })).toBe(false);
  });

  it('one read and one new at once is still news (the count alone would not show it)', () => {
    expect(arrivedSince(1_000, { count: 3, latestTime: 1_500 })).toBe(true);
  });

  it('newSince keeps the unread ones after the mark, newest first', () => {
    const records = [note('a', 900), note('b', 1_100), note('c', 1_300, 1_400), note('d', 1_200), note('e', 1_000)];
    expect(newSince(records, 1_000).map((n) => n.notificationId)).toEqual(['d', 'b']);
    expect(newSince(records, 2_000)).toEqual([]);
  });
});

describe('params', () => {
  // 2026-11-24 16:30 UTC = 08:30 in Pacific time (PST, UTC-8)
  const dueAt = Date.UTC(2026, 10, 24, 16, 30);

  it('a param named …At with epoch ms is a time', () => {
    expect(isTimeParam('dueAt', String(dueAt))).toBe(true);
    expect(isTimeParam('dueAt', 'soon')).toBe(false);
    expect(isTimeParam('resident', String(dueAt))).toBe(false);
  });

  it('times show on the facility clock in the reader’s writing; text as sent', () => {
    const sameDay = Date.UTC(2026, 10, 24, 18, 0);
    const params = { resident: 'Margaret Lee', medication: 'Lisinopril 10 mg', dueAt: String(dueAt) };
    expect(paramValues(params, 'PT', 'en-US', sameDay)).toEqual({ resident: 'Margaret Lee', medication: 'Lisinopril 10 mg', dueAt: '8:30 AM' });
    expect(paramValues(params, 'PT', 'es-ES', sameDay).dueAt).toBe('08:30');
    expect(paramValues(params, 'ET', 'zh-CN', sameDay).dueAt).toBe('11:30');
  });

  it('a time on another facility day carries its date', () => {
    const nextDay = Date.UTC(2026, 10, 25, 16, 0);
    expect(paramValues({ dueAt: String(dueAt) }, 'PT', 'en-US', nextDay).dueAt).toBe('11/24/2026, 8:30 AM');
    // 23:30 in Pacific is already the next day in New York
    const late = Date.UTC(2026, 10, 25, 7, 30);
    expect(paramValues({ dueAt: String(late) }, 'PT', 'es-ES', late).dueAt).toBe('23:30');
    expect(paramValues({ dueAt: String(late) }, 'ET', 'es-ES', Date.UTC(2026, 10, 24, 20, 0)).dueAt).toBe('25/11/2026, 02:30');
  });

  it('no params, no values', () => {
    expect(paramValues(undefined, 'PT', 'en-US', dueAt)).toEqual({});
  });
});

describe('relative time', () => {
  const now = Date.UTC(2026, 10, 24, 18, 0);
  const ago = (ms: number) => now - ms;

  it('under a minute is "just now" in the reader’s words', () => {
    expect(relativeTime(ago(30_000), now, 'en-US', 'PT', 'just now')).toBe('just now');
    expect(relativeTime(now + 5_000, now, 'en-US', 'PT', 'just now')).toBe('just now'); // a server clock a little ahead
  });

  it('minutes, hours and days in each language', () => {
    expect(relativeTime(ago(5 * 60_000), now, 'en-US', 'PT', '')).toBe('5 minutes ago');
    expect(relativeTime(ago(5 * 60_000), now, 'es-ES', 'PT', '')).toBe('hace 5 minutos');
    expect(relativeTime(ago(5 * 60_000), now, 'zh-CN', 'PT', '')).toBe('5分钟前');
    expect(relativeTime(ago(3 * 3_600_000), now, 'en-US', 'PT', '')).toBe('3 hours ago');
    expect(relativeTime(ago(26 * 3_600_000), now, 'en-US', 'PT', '')).toBe('yesterday');
    expect(relativeTime(ago(3 * 86_400_000), now, 'es-ES', 'PT', '')).toBe('hace 3 días');
  });

  it('a week or more is the date and time', () => {
    expect(relativeTime(Date.UTC(2026, 10, 10, 16, 30), now, 'en-US', 'PT', '')).toBe('11/10/2026, 8:30 AM');
  });
});

describe('badge', () => {
  it('shows nothing at 0 and 99+ above 99', () => {
    expect(badgeText(0)).toBeUndefined();
    expect(badgeText(undefined)).toBeUndefined();
    expect(badgeText(7)).toBe('7');
    expect(badgeText(100)).toBe('99+');
  });
});
