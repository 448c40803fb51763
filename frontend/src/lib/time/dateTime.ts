// Times are shown in the facility's time zone (spec 000 §3 "Login and session": time zones ET … HAT);
// the platform, which has no facility, sees the browser's zone.

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

/** Epoch milliseconds as date and time in the given facility zone code, in the interface language. */
export function formatDateTime(ms: number, zoneCode: string | undefined, language: string): string {
  if (!Number.isFinite(ms) || ms <= 0) return '';
  return new Intl.DateTimeFormat(language, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: ianaZone(zoneCode),
  }).format(ms);
}
