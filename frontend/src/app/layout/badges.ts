import type { SidebarCounts } from '@/features/menu/api/sidebarReminderCount';

/** spec 001 §9: sidebar badges show at most 99, then "99+". */
export const BADGE_MAX = 99;

export function badgeText(count: number | undefined): string | undefined {
  if (!count || count <= 0) return undefined;
  return count > BADGE_MAX ? `${BADGE_MAX}+` : String(count);
}

/** Which count belongs to which page (spec 000 §3 "Sidebar counts"). */
const COUNT_OF_PAGE: Record<string, (c: SidebarCounts) => number> = {
  '/task': (c) => c.expiredTasksCount ?? 0,
  '/emars': (c) => c.medicationWarningCount ?? 0,
  '/incident-management': (c) => c.incidentReportCount ?? 0,
  '/staff-management': (c) => (c.expiredCertificateCount ?? 0) + (c.applicationFormCount ?? 0),
  // A caregiver's counts are their own: overdue credentials and requests still waiting for an answer.
  '/your-status': (c) => (c.expiredCertificateCount ?? 0) + (c.applicationFormCount ?? 0),
};

export function badgeFor(menuUrl: string, counts: SidebarCounts | undefined): string | undefined {
  const count = counts && Object.hasOwn(COUNT_OF_PAGE, menuUrl) ? COUNT_OF_PAGE[menuUrl](counts) : undefined;
  return badgeText(count);
}
