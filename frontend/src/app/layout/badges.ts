import type { SidebarCounts } from '@/features/menu/api/sidebarReminderCount';
import type { MenuItem } from '@/types/api.gen';

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
  // Not one of the five: the facility documents missing, expired or expiring soon (owners and admins).
  '/inspection-status': (c) => c.facilityDocumentCount ?? 0,
  // Not one of the five: the chat's unread messages (spec 001 §7.11 GET /api/im/dashboard/ and the socket).
  '/message': (c) => c.unreadMessageCount ?? 0,
};

function countFor(menuUrl: string, counts: SidebarCounts | undefined): number | undefined {
  return counts && Object.hasOwn(COUNT_OF_PAGE, menuUrl) ? COUNT_OF_PAGE[menuUrl](counts) : undefined;
}

export function badgeFor(menuUrl: string, counts: SidebarCounts | undefined): string | undefined {
  return badgeText(countFor(menuUrl, counts));
}

/**
 * What the phone's menu button counts: the badges of the pages in the user's menu (each page once) plus
 * Help's tickets with an unread reply.
 */
export function attentionCount(menu: MenuItem[], counts: SidebarCounts | undefined, unread: number | undefined): number {
  const pages = new Set<string>();
  const walk = (items: MenuItem[]) => {
    for (const item of items) {
      pages.add(item.menuUrl);
      walk(item.children ?? []);
    }
  };
  walk(menu);
  let total = unread && unread > 0 ? unread : 0;
  for (const page of pages) total += Math.max(0, countFor(page, counts) ?? 0);
  return total;
}
