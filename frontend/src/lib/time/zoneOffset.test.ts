import { tzOffset } from '@date-fns/tz';
import { describe, expect, it } from 'vitest';

// The build keeps @date-fns/tz's offsets per zone and hour (vite.config.ts dateFnsTzOffsetByHour; the
// tests load the package through the same transform). Every answer must be the browser's own.

const formats = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset in minutes at `time`, straight from Intl. */
function browserOffset(zone: string, time: number): number {
  let format = formats.get(zone);
  if (!format) formats.set(zone, (format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })));
  const name = format
    .formatToParts(new Date(time))
    .find((p) => p.type === 'timeZoneName')!.value;
  const m = /GMT([+-])(\d\d):(\d\d)/.exec(name);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

const HOUR = 3_600_000;
const MINUTE = 60_000;
// Homes' zones, a half-hour zone, a 30-minute change (Lord Howe), the southern hemisphere, no change at all.
const ZONES = ['America/Los_Angeles', 'America/New_York', 'America/Phoenix', 'Pacific/Honolulu', 'Europe/London', 'Asia/Kolkata', 'Australia/Lord_Howe', 'America/St_Johns', 'Australia/Sydney'];

describe("a zone's offset, kept by hour", () => {
  it('is the transformed tzOffset', () => {
    expect(String(tzOffset)).toContain('byHour');
  });

  for (const zone of ZONES) {
    it(`${zone}: the browser's offset every hour of 2026, and every minute around each change`, { timeout: 120_000 }, () => {
      const start = Date.UTC(2026, 0, 1);
      const end = Date.UTC(2027, 0, 1);
      let previous = browserOffset(zone, start);
      for (let t = start; t < end; t += HOUR) {
        // Within the hour, so the instant is not the hour's first millisecond.
        const at = t + 17 * MINUTE + 123;
        const now = browserOffset(zone, at);
        expect(tzOffset(zone, new Date(at)), `${zone} ${new Date(at).toISOString()}`).toBe(now);
        if (now !== previous) {
          for (let u = t - 3 * HOUR; u < t + 3 * HOUR; u += MINUTE) {
            for (const x of [u, u + 1, u + 59_999]) expect(tzOffset(zone, new Date(x)), `${zone} ${new Date(x).toISOString()}`).toBe(browserOffset(zone, x));
          }
        }
        previous = now;
      }
    });
  }
});
