import { describe, expect, it } from 'vitest';
import { decimalHours, hoursAndMinutes, minutesBetween, weekBounds, zonedDate } from './weekRules';
import { guessablePin, pinInput, pinProblem } from './pinRules';
import { nextPunch, newPunchId, pressAllowed, PUNCH_SETTLE_MS } from './punchRules';

const LA = 'America/Los_Angeles';

describe('weekBounds (weeks start on Sunday, in the facility zone)', () => {
  it('a Wednesday in Los Angeles belongs to the week from Sunday 00:00 PDT', () => {
    // Wed 2026-06-10 12:00 PDT = 19:00 UTC
    const b = weekBounds(Date.UTC(2026, 5, 10, 19), LA);
    expect(new Date(b.start).toISOString()).toBe('2026-06-07T07:00:00.000Z');
    expect(new Date(b.end).toISOString()).toBe('2026-06-14T07:00:00.000Z');
  });

  it('Saturday late evening in LA is still that week though UTC is already Sunday', () => {
    // Sat 2026-06-13 23:30 PDT = Sun 06:30 UTC
    const b = weekBounds(Date.UTC(2026, 5, 14, 6, 30), LA);
    expect(new Date(b.start).toISOString()).toBe('2026-06-07T07:00:00.000Z');
  });

  it('Sunday midnight starts a new week', () => {
    const b = weekBounds(Date.UTC(2026, 5, 14, 7, 0), LA);
    expect(new Date(b.start).toISOString()).toBe('2026-06-14T07:00:00.000Z');
  });

  it('the week of the spring DST change is 167 hours long', () => {
    // DST starts Sun 2026-03-08 in the US
    const b = weekBounds(Date.UTC(2026, 2, 10, 12), LA);
    expect(new Date(b.start).toISOString()).toBe('2026-03-08T08:00:00.000Z');
    expect((b.end - b.start) / 3_600_000).toBe(167);
  });

  it('Honolulu has no DST', () => {
    const b = weekBounds(Date.UTC(2026, 0, 1, 12), 'Pacific/Honolulu');
    expect(new Date(b.start).toISOString()).toBe('2025-12-28T10:00:00.000Z');
  });

  it('zonedDate gives the calendar day in the zone', () => {
    expect(zonedDate(Date.UTC(2026, 5, 14, 6, 30), LA)).toBe('2026-06-13');
    expect(zonedDate(Date.UTC(2026, 5, 14, 6, 30), 'America/New_York')).toBe('2026-06-14');
  });
});

describe('hours', () => {
  it('splits minutes into hours and minutes', () => {
    expect(hoursAndMinutes(450)).toEqual({ hours: 7, minutes: 30 });
    expect(hoursAndMinutes(59.6)).toEqual({ hours: 1, minutes: 0 });
    expect(hoursAndMinutes(-5)).toEqual({ hours: 0, minutes: 0 });
    expect(hoursAndMinutes(Number.NaN)).toEqual({ hours: 0, minutes: 0 });
  });

  it('writes decimal hours with two places', () => {
    expect(decimalHours(450)).toBe('7.50');
    expect(decimalHours(20)).toBe('0.33');
    expect(decimalHours(0)).toBe('0.00');
  });

  it('an open shift counts up to now', () => {
    expect(minutesBetween(0, undefined, 90 * 60_000)).toBe(90);
    expect(minutesBetween(0, 30 * 60_000, 90 * 60_000)).toBe(30);
    expect(minutesBetween(100, 50, 200)).toBe(0);
  });
});

describe('next punch', () => {
  it('clocks out while a shift is open, else in', () => {
    expect(nextPunch(true)).toBe('OUT');
    expect(nextPunch(false)).toBe('IN');
  });

  it('makes a fresh id each time, in the form the server takes, even where crypto.randomUUID is missing', () => {
    // Served over plain http on a LAN address the page is not a secure context, which has no randomUUID.
    const randomUUID = globalThis.crypto.randomUUID;
    Object.defineProperty(globalThis.crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const a = newPunchId();
      expect(a).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
      expect(newPunchId()).not.toBe(a);
    } finally {
      Object.defineProperty(globalThis.crypto, 'randomUUID', { value: randomUUID, configurable: true });
    }
  });

  it('rests after a punch, so a late second press of a double press does not clock straight back out', () => {
    expect(pressAllowed(null, 1000)).toBe(true);
    expect(pressAllowed(1000, 1000 + PUNCH_SETTLE_MS - 1)).toBe(false);
    expect(pressAllowed(1000, 1000 + PUNCH_SETTLE_MS)).toBe(true);
  });
});

describe('kiosk PIN', () => {
  it('takes 4 to 6 digits, confirmed', () => {
    expect(pinProblem('', '')).toBe('required');
    expect(pinProblem('12a4', '12a4')).toBe('digits');
    expect(pinProblem('123', '123')).toBe('length');
    expect(pinProblem('1234567', '1234567')).toBe('length');
    expect(pinProblem('4826', '4827')).toBe('mismatch');
    expect(pinProblem('4826', '4826')).toBeNull();
    expect(pinProblem('975310', '975310')).toBeNull();
  });

  it('refuses guessable PINs before sending, as the server does', () => {
    expect(pinProblem('1234', '1234')).toBe('guessable');
    expect(pinProblem('0000', '')).toBe('guessable');
    for (const pin of ['0000', '1111', '111111', '99999', '1234', '0123', '012345', '456789', '4321', '3210', '987654', '543210']) {
      expect(guessablePin(pin), pin).toBe(true);
    }
    // the demo PINs, the journey's PIN and near misses are fine
    for (const pin of ['2468', '1357', '4826', '9753', '975310', '7890', '8901', '1123', '0001', '1212', '123457']) {
      expect(guessablePin(pin), pin).toBe(false);
    }
    expect(pinProblem('2468', '2468')).toBeNull();
    expect(pinProblem('1357', '1357')).toBeNull();
  });

  it('keeps only digits while typing, at most 6', () => {
    expect(pinInput('12 a3-45678')).toBe('123456');
  });
});

import { epochToZonedWall, zonedWallToEpoch } from './weekRules';

describe('wall-clock times in the facility zone', () => {
  it('reads a datetime-local value in Los Angeles', () => {
    expect(new Date(zonedWallToEpoch('2026-06-10T08:30', LA)).toISOString()).toBe('2026-06-10T15:30:00.000Z');
    expect(new Date(zonedWallToEpoch('2026-01-10T08:30', LA)).toISOString()).toBe('2026-01-10T16:30:00.000Z');
    expect(zonedWallToEpoch('bad', LA)).toBeNaN();
  });

  it('writes it back', () => {
    expect(epochToZonedWall(Date.UTC(2026, 5, 10, 15, 30), LA)).toBe('2026-06-10T08:30');
  });
});
