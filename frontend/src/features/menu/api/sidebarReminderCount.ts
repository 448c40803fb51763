import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { sidebarCountsKey } from '@/lib/api/queryKeys';

/** Sidebar counts (spec 000 §3 "Sidebar counts"). */
export interface SidebarCounts {
  applicationFormCount?: number;
  expiredTasksCount?: number;
  incidentReportCount?: number;
  medicationWarningCount?: number;
  expiredCertificateCount?: number;
  /** Not one of the spec's five: the home's document checklist items missing, expired or expiring soon. */
  facilityDocumentCount?: number;
  /** Not from sidebarReminderCount: the chat's unread messages, which the layout adds (features/chat). */
  unreadMessageCount?: number;
}

export { sidebarCountsKey };

/**
 * GET /api/care/resident/sidebarReminderCount. The call arrives with the care features; until the server
 * has it, a failure simply means "no badges", so it is asked quietly and never retried.
 */
export function sidebarReminderCount(): Promise<SidebarCounts> {
  return api.get<SidebarCounts | null>('/care/resident/sidebarReminderCount', { quiet: true, ignoreAuth: true }).then((c) => c ?? {});
}

export function useSidebarCounts(enabled: boolean) {
  return useQuery({
    queryKey: sidebarCountsKey,
    queryFn: () => sidebarReminderCount().catch(() => ({}) as SidebarCounts),
    enabled,
    retry: false,
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });
}
