import { describe, expect, it } from 'vitest';
import { formatTimeOfDay, parseTimeOfDay } from './timeOfDay';

describe('time of day', () => {
  it('shows 12-hour for en-US and 24-hour for es-ES and zh-CN', () => {
    expect(formatTimeOfDay('14:05', 'en-US')).toBe('2:05 PM');
    expect(formatTimeOfDay('00:30', 'en-US')).toBe('12:30 AM');
    expect(formatTimeOfDay('12:00', 'en-US')).toBe('12:00 PM');
    expect(formatTimeOfDay('14:05', 'es-ES')).toBe('14:05');
    expect(formatTimeOfDay('09:00', 'zh-CN')).toBe('09:00');
    expect(formatTimeOfDay('', 'en-US')).toBe('');
  });

  it('reads either writing', () => {
    expect(parseTimeOfDay('2:05 PM')).toBe('14:05');
    expect(parseTimeOfDay('02:05 pm')).toBe('14:05');
    expect(parseTimeOfDay('12:15 AM')).toBe('00:15');
    expect(parseTimeOfDay('12 pm')).toBe('12:00');
    expect(parseTimeOfDay('14:05')).toBe('14:05');
    expect(parseTimeOfDay('9')).toBe('09:00');
    expect(parseTimeOfDay('1405')).toBe('14:05');
  });

  it('refuses what is not a time', () => {
    expect(parseTimeOfDay('')).toBeUndefined();
    expect(parseTimeOfDay('24:00')).toBeUndefined();
    expect(parseTimeOfDay('13:00 PM')).toBeUndefined();
    expect(parseTimeOfDay('10:75')).toBeUndefined();
    expect(parseTimeOfDay('noon')).toBeUndefined();
  });
});
