// The one way the UI shows dates and times: written the way the interface language writes them (en-US
// 11/22/2026, es-ES 22/11/2026, zh-CN 2026/11/22), on the facility's clock (spec 000 §3 "Login and
// session": time zones ET … HAT). The platform, which has no facility, sees the browser's zone, and its
// views name the zone because its times come from facilities in several zones.
import { format, isValid, parse } from 'date-fns';
import { browserZone, inZone } from './zone';

/** The IANA zone of each facility time-zone code. */
export const FACILITY_TIME_ZONES = {
  ET: 'America/New_York',
  CT: 'America/Chicago',
  MT: 'America/Denver',
  PT: 'America/Los_Angeles',
  AKT: 'America/Anchorage',
  HAT: 'Pacific/Honolulu',
} as const;

/** The IANA zone of a facility code; undefined (the browser's zone) for none or an unknown code. */
export function ianaZone(code: string | undefined): string | undefined {
  return code !== undefined && Object.hasOwn(FACILITY_TIME_ZONES, code)
    ? FACILITY_TIME_ZONES[code as keyof typeof FACILITY_TIME_ZONES]
    : undefined;
}

interface Patterns {
  date: string;
  time: string;
  dateTime: string;
}

/**
 * date-fns patterns per interface language (US: month first and a 12-hour clock without a leading zero,
 * "7:00 AM" as US style guides write it; Spain: day first; China: year first).
 */
const PATTERNS: Record<string, Patterns> = {
  'en-US': { date: 'MM/dd/yyyy', time: 'h:mm a', dateTime: 'MM/dd/yyyy, h:mm a' },
  'es-ES': { date: 'dd/MM/yyyy', time: 'HH:mm', dateTime: 'dd/MM/yyyy, HH:mm' },
  'zh-CN': { date: 'yyyy/MM/dd', time: 'HH:mm', dateTime: 'yyyy/MM/dd HH:mm' },
};

function patternsOf(language: string): Patterns {
  return PATTERNS[language] ?? PATTERNS['en-US'];
}

export interface ZoneOptions {
  /** Add the zone's short name ("PST", "GMT-8"): for views whose times come from several zones. */
  withZone?: boolean;
}

/** The zone's short name at an instant, in the interface language. */
export function zoneName(ms: number, zone: string | undefined, language: string): string {
  const parts = new Intl.DateTimeFormat(language, { timeZone: zone ?? browserZone(), timeZoneName: 'short' }).formatToParts(ms);
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
}

function show(ms: number, zoneCode: string | undefined, language: string, pattern: keyof Patterns, opts: ZoneOptions): string {
  if (!Number.isFinite(ms) || ms <= 0) return '';
  const zone = ianaZone(zoneCode);
  const text = format(inZone(ms, zone), patternsOf(language)[pattern]);
  return opts.withZone ? `${text} ${zoneName(ms, zone, language)}` : text;
}

/** Epoch milliseconds as date and time in the facility zone code, in the interface language. */
export function formatDateTime(ms: number, zoneCode: string | undefined, language: string, opts: ZoneOptions = {}): string {
  return show(ms, zoneCode, language, 'dateTime', opts);
}

/** Epoch milliseconds as the calendar date in the facility zone code. */
export function formatDate(ms: number, zoneCode: string | undefined, language: string, opts: ZoneOptions = {}): string {
  return show(ms, zoneCode, language, 'date', opts);
}

/** Epoch milliseconds as the time of day in the facility zone code. */
export function formatTime(ms: number, zoneCode: string | undefined, language: string, opts: ZoneOptions = {}): string {
  return show(ms, zoneCode, language, 'time', opts);
}

/**
 * A list's "when" (chats, notifications): the time for an instant of today on the facility's clock, the
 * date for an earlier day. Both days are taken in the facility's zone, never the browser's.
 */
export function formatRecent(ms: number, now: number, zoneCode: string | undefined, language: string): string {
  if (!Number.isFinite(ms) || ms <= 0) return '';
  const zone = ianaZone(zoneCode);
  const sameDay = format(inZone(ms, zone), 'yyyy-MM-dd') === format(inZone(now, zone), 'yyyy-MM-dd');
  return sameDay ? formatTime(ms, zoneCode, language) : formatDate(ms, zoneCode, language);
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written YYYY-MM-DD. */
export function isDateString(value: string): boolean {
  const m = DATE_PATTERN.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/**
 * A calendar date without a time (a birth date, a hire date, an expiry: "YYYY-MM-DD", no zone) as the
 * interface language writes it; anything else comes back as it is, and "" stays "".
 */
export function formatCalendarDate(value: string, language: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return value;
  return format(new Date(+m[1], +m[2] - 1, +m[3]), patternsOf(language).date);
}

/** What people type for a date, per language (single-digit months and days allowed). */
const INPUT_PATTERNS: Record<string, string> = { 'en-US': 'M/d/yyyy', 'es-ES': 'd/M/yyyy', 'zh-CN': 'yyyy/M/d' };

/**
 * A typed calendar date as YYYY-MM-DD: the interface language's way (11/22/2026, 22/11/2026, 2026/11/22,
 * with "-" or "." as well as "/") or YYYY-MM-DD itself; undefined when it is neither or not a real date.
 */
export function parseCalendarDate(text: string, language: string): string | undefined {
  const v = text.trim();
  if (/^\d{4}-\d{1,2}-\d{1,2}$/.test(v)) return checked(parse(v, 'yyyy-M-d', new Date(2000, 0, 1)));
  const pattern = INPUT_PATTERNS[language] ?? INPUT_PATTERNS['en-US'];
  return checked(parse(v.replace(/[.-]/g, '/'), pattern, new Date(2000, 0, 1)));
}

function checked(date: Date): string | undefined {
  return isValid(date) && date.getFullYear() >= 1000 ? format(date, 'yyyy-MM-dd') : undefined;
}
