/**
 * A time of day typed the way the interface language writes it: 12-hour with AM/PM for en-US (2:05 PM),
 * 24-hour for es-ES and zh-CN (14:05). The value is always HH:mm, as `datetime-local` sent it.
 */
export function uses12Hour(language: string): boolean {
  return language === 'en-US';
}

/** HH:mm → the language's text ("2:05 PM", "14:05"); "" for a value that is not HH:mm. */
export function formatTimeOfDay(hhmm: string, language: string): string {
  const m = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!m) return '';
  const h = Number(m[1]);
  if (!uses12Hour(language)) return hhmm;
  return `${h % 12 || 12}:${m[2]} ${h < 12 ? 'AM' : 'PM'}`;
}

/**
 * The language's text → HH:mm, or undefined. Either writing is accepted in every language ("2:05 pm",
 * "14:05", "1405", "9"); an hour of 13–23 with AM/PM, or 0 with PM, is not a time.
 */
export function parseTimeOfDay(text: string): string | undefined {
  const m = /^\s*(\d{1,2})(?:[:.h]?(\d{2}))?\s*([ap])?\.?\s*m?\.?\s*$/i.exec(text);
  if (!m) return undefined;
  let h = Number(m[1]);
  const min = m[2] === undefined ? 0 : Number(m[2]);
  if (min > 59) return undefined;
  const half = m[3]?.toLowerCase();
  if (half) {
    if (h < 1 || h > 12) return undefined;
    h = (h % 12) + (half === 'p' ? 12 : 0);
  } else if (h > 23) return undefined;
  return `${String(h).padStart(2, '0')}:${String(min).padStart(2, '0')}`;
}
