import { describe, expect, it } from 'vitest';
import { phoneOfflineText } from './offlineText';

describe('phoneOfflineText', () => {
  const at = (y: number, mo: number, d: number, h: number, mi: number) => new Date(y, mo - 1, d, h, mi).getTime();

  it('says nothing while what is on screen came from the server', () => {
    expect(phoneOfflineText(null, at(2026, 11, 28, 9, 0), 'en-US')).toBeNull();
  });

  it('names the time it was kept, and the date when that was not today', () => {
    expect(phoneOfflineText(at(2026, 11, 28, 7, 5), at(2026, 11, 28, 9, 0), 'en-US')).toEqual({ key: 'app.offline.phoneSince', time: '7:05 AM' });
    expect(phoneOfflineText(at(2026, 11, 27, 22, 40), at(2026, 11, 28, 6, 0), 'en-US')).toMatchObject({ key: 'app.offline.phoneSinceDate', time: '10:40 PM' });
  });

  it('writes the time as the rest of the app does in the reader\'s language', () => {
    expect(phoneOfflineText(at(2026, 11, 28, 22, 40), at(2026, 11, 28, 23, 0), 'es-ES')).toEqual({ key: 'app.offline.phoneSince', time: '22:40' });
    expect(phoneOfflineText(at(2026, 11, 28, 7, 5), at(2026, 11, 28, 9, 0), 'zh-CN')).toEqual({ key: 'app.offline.phoneSince', time: '07:05' });
  });
});
