import { describe, expect, it } from 'vitest';
import { formatDateTime, ianaZone } from './dateTime';

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
    expect(formatDateTime(noonUtc, 'PT', 'en-US')).toBe('01/15/2026, 04:30 AM');
    expect(formatDateTime(noonUtc, 'ET', 'en-US')).toBe('01/15/2026, 07:30 AM');
    expect(formatDateTime(noonUtc, 'HAT', 'en-US')).toBe('01/15/2026, 02:30 AM');
  });

  it('writes it the way the interface language does', () => {
    expect(formatDateTime(noonUtc, 'PT', 'es-ES')).toBe('15/01/2026, 04:30');
    expect(formatDateTime(noonUtc, 'PT', 'zh-CN')).toBe('2026/01/15 04:30');
  });

  it('shows nothing for a missing time', () => {
    expect(formatDateTime(0, 'PT', 'en-US')).toBe('');
  });
});
