// The offline banner's words (issue 6): "Offline — showing data from 14:05", with the date when that was
// not today, in the computer's own clock (it is about this computer's cache, not the facility's day).
import { formatDate } from '@/lib/time/dateTime';

export type OfflineBannerText =
  | { key: 'desktop.offline.notCached' }
  | { key: 'desktop.offline.since'; time: string }
  | { key: 'desktop.offline.sinceDate'; date: string; time: string };

function hhmm(d: Date): string {
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

/** What the banner says, or null when there is nothing to say (online). */
export function offlineBannerText(since: number | null, notCached: boolean, now: number, language: string): OfflineBannerText | null {
  if (notCached) return { key: 'desktop.offline.notCached' };
  if (since === null || !Number.isFinite(since) || since <= 0) return null;
  const then = new Date(since);
  const today = new Date(now);
  const sameDay =
    then.getFullYear() === today.getFullYear() && then.getMonth() === today.getMonth() && then.getDate() === today.getDate();
  if (sameDay) return { key: 'desktop.offline.since', time: hhmm(then) };
  const date = formatDate(since, undefined, language);
  return { key: 'desktop.offline.sinceDate', date, time: hhmm(then) };
}
