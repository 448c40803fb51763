import { afterEach, describe, expect, it, vi } from 'vitest';
import { noteServerTime, onServerClockChange, resetServerClock, serverNow } from './serverClock';

afterEach(() => {
  resetServerClock();
  vi.useRealTimers();
});

describe("the server's clock as the pages' now", () => {
  it('is the device clock until an answer says otherwise', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    noteServerTime(null, 0, 10);
    noteServerTime('not a time', 0, 10);
    expect(serverNow()).toBe(1_000_000);
  });

  it("follows a server whose clock is hours ahead of a phone's, from half-way through the round trip", () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const changed = vi.fn();
    const stop = onServerClockChange(changed);
    // The call left at 999,900 and came back at 1,000,000; the server read 5 hours later than the phone.
    noteServerTime(String(999_950 + 5 * 3_600_000), 999_900, 1_000_000);
    expect(serverNow()).toBe(1_000_000 + 5 * 3_600_000);
    expect(changed).toHaveBeenCalledTimes(1);
    // Kept for the next page load, which reads sessions before any answer comes.
    expect(localStorage.getItem('hearth.serverClockOffset')).toBe(String(5 * 3_600_000));
    stop();
  });

  it('keeps the quickest round trip of the last minute, then takes the next one', () => {
    vi.useFakeTimers({ now: 100_000 });
    noteServerTime('100010', 99_990, 100_010); // 20 ms round trip, offset 10
    noteServerTime('200000', 99_000, 100_020); // slow: 1 s round trip, ignored
    expect(serverNow() - Date.now()).toBe(10);
    vi.setSystemTime(170_000);
    noteServerTime('170500', 169_000, 170_000); // a minute on: taken although slower
    expect(serverNow() - Date.now()).toBe(1_000);
  });

  it('is whole milliseconds (a signed call sends it as t=, an integer)', () => {
    vi.useFakeTimers({ now: 100_000 });
    noteServerTime('100000', 99_990, 100_001); // half of an 11 ms round trip
    expect(Number.isInteger(serverNow())).toBe(true);
  });
});
