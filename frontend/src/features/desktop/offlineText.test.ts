import { describe, expect, it } from 'vitest';
import { offlineBannerText } from './offlineText';

// Local wall-clock instants (the banner speaks in the computer's own time).
const at = (y: number, mo: number, d: number, h: number, mi: number) => new Date(y, mo - 1, d, h, mi).getTime();

describe('offline banner text', () => {
  const now = at(2026, 6, 10, 16, 30);

  it('is empty online', () => {
    expect(offlineBannerText(null, false, now, 'en-US')).toBeNull();
  });

  it('names the time the data is from, HH:MM, today', () => {
    expect(offlineBannerText(at(2026, 6, 10, 14, 5), false, now, 'en-US')).toEqual({ key: 'desktop.offline.since', time: '14:05' });
    expect(offlineBannerText(at(2026, 6, 10, 0, 7), false, now, 'en-US')).toEqual({ key: 'desktop.offline.since', time: '00:07' });
  });

  it('adds the date when it was not today', () => {
    expect(offlineBannerText(at(2026, 6, 9, 23, 50), false, now, 'en-US')).toEqual({ key: 'desktop.offline.sinceDate', date: '06/09/2026', time: '23:50' });
    expect(offlineBannerText(at(2026, 6, 9, 23, 50), false, now, 'zh-CN')).toMatchObject({ date: '2026/06/09' });
  });

  it('says the page was never opened here for 4134, whatever the time', () => {
    expect(offlineBannerText(at(2026, 6, 10, 14, 5), true, now, 'en-US')).toEqual({ key: 'desktop.offline.notCached' });
    expect(offlineBannerText(null, true, now, 'en-US')).toEqual({ key: 'desktop.offline.notCached' });
  });
});
