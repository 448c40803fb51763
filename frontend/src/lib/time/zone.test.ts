import { describe, expect, it } from 'vitest';
import { epochToZonedWall, weekAt, zonedDate, zonedWallToEpoch } from './zone';

const LA = 'America/Los_Angeles';

describe('zonedWallToEpoch', () => {
  it('reads a wall clock in the zone, on either side of daylight saving time', () => {
    expect(new Date(zonedWallToEpoch('2026-03-07T09:00', LA)).toISOString()).toBe('2026-03-07T17:00:00.000Z');
    expect(new Date(zonedWallToEpoch('2026-03-09T09:00', LA)).toISOString()).toBe('2026-03-09T16:00:00.000Z');
    expect(new Date(zonedWallToEpoch('2026-11-22', 'America/New_York')).toISOString()).toBe('2026-11-22T05:00:00.000Z');
  });

  it('refuses what is not a real date', () => {
    expect(zonedWallToEpoch('2026-02-30T08:00', LA)).toBeNaN();
    expect(zonedWallToEpoch('22/11/2026', LA)).toBeNaN();
    expect(zonedWallToEpoch('', LA)).toBeNaN();
  });

  it('round-trips with epochToZonedWall', () => {
    const ms = zonedWallToEpoch('2026-11-01T01:30', LA); // the first 01:30 of the autumn change
    expect(epochToZonedWall(ms, LA)).toBe('2026-11-01T01:30');
  });
});

describe('weekAt', () => {
  it('gives seven Sunday-first days and 167 hours across the spring change', () => {
    const week = weekAt(Date.UTC(2026, 2, 10, 12), 0, LA);
    expect(week.days).toEqual(['2026-03-08', '2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13', '2026-03-14']);
    expect((week.end - week.start) / 3_600_000).toBe(167);
    expect(zonedDate(week.start, LA)).toBe('2026-03-08');
  });

  it('steps whole weeks back', () => {
    expect(weekAt(Date.UTC(2026, 2, 10, 12), -1, LA).days[0]).toBe('2026-03-01');
  });
});
