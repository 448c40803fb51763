import type { Notification as AppNotification, UnreadNotifications } from '@/types/api.gen';
import { formatDateTime, formatTime, ianaZone } from '@/lib/time/dateTime';
import { zonedDate } from '@/lib/time/zone';

/**
 * Whether a poll of the unread count shows something new since the one before: the newest unread
 * notification is newer than it was. The first poll of a page (no previous) only sets the mark, so
 * opening the app does not toast what the badge already shows; a poll that finds fewer unread (read
 * elsewhere) is not news either.
 */
export function arrivedSince(previousLatest: number | undefined, next: UnreadNotifications): boolean {
  return previousLatest !== undefined && next.latestTime > previousLatest;
}

/** The unread notifications made after `since`, newest first: what a toast announces. */
export function newSince(records: readonly AppNotification[], since: number): AppNotification[] {
  return records
    .filter((n) => !n.readTime && n.createTime > since)
    .sort((a, b) => b.createTime - a.createTime);
}

/** A param named …At holds epoch milliseconds (shared.NotificationDraft). */
export function isTimeParam(name: string, value: string): boolean {
  return /At$/.test(name) && /^\d{1,15}$/.test(value);
}

/**
 * The values that fill a notification's placeholders: text as sent, times (…At) on the facility's clock
 * in the reader's writing: the time alone when it is on the same facility day as now, else date and time.
 */
export function paramValues(
  params: Readonly<Record<string, string>> | undefined,
  zoneCode: string | undefined,
  language: string,
  now: number,
): Record<string, string> {
  const out: Record<string, string> = {};
  const zone = ianaZone(zoneCode);
  const day = (ms: number) => zonedDate(ms, zone);
  for (const [name, value] of Object.entries(params ?? {})) {
    if (isTimeParam(name, value)) {
      const ms = Number(value);
      out[name] = day(ms) === day(now) ? formatTime(ms, zoneCode, language) : formatDateTime(ms, zoneCode, language);
    } else {
      out[name] = value;
    }
  }
  return out;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long ago, in the reader's language (Intl.RelativeTimeFormat: "5 minutes ago", "hace 5 minutos",
 * "5分钟前"); under a minute `justNow`; a week or more, the date on the facility's clock.
 */
export function relativeTime(ms: number, now: number, language: string, zoneCode: string | undefined, justNow: string): string {
  const ago = Math.max(0, now - ms);
  if (ago < MINUTE) return justNow;
  const rtf = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  if (ago < HOUR) return rtf.format(-Math.floor(ago / MINUTE), 'minute');
  if (ago < DAY) return rtf.format(-Math.floor(ago / HOUR), 'hour');
  if (ago < 7 * DAY) return rtf.format(-Math.floor(ago / DAY), 'day');
  return formatDateTime(ms, zoneCode, language);
}

/** spec 001 §9: badges show at most 99, then "99+" (as the sidebar's). */
export const BADGE_MAX = 99;

export function badgeText(count: number | undefined): string | undefined {
  if (!count || count <= 0) return undefined;
  return count > BADGE_MAX ? `${BADGE_MAX}+` : String(count);
}
