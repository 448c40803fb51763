import { useQuery } from '@tanstack/react-query';
import type { PlatformSummary, TenantDetailsSummary, TenantWeek } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/** Query keys of the super admin's platform dashboard. */
export const platformDashboardKey = ['system', 'dashboard', 'platform'] as const;

/** GET /api/system/dashboard/platformSummary (super admin): active users, residents, tickets, AI usage, failed jobs. */
export function getPlatformSummary(signal?: AbortSignal): Promise<PlatformSummary> {
  return api.get<PlatformSummary>('/system/dashboard/platformSummary', { signal });
}

/** GET /api/system/tenant/tenantDetailsSummary (super admin): homes by review status, plan and state. */
export function getTenantDetailsSummary(signal?: AbortSignal): Promise<TenantDetailsSummary> {
  return api.get<TenantDetailsSummary>('/system/tenant/tenantDetailsSummary', { signal });
}

/** GET /api/system/tenant/tenantDateSummary (super admin): sign-ups, approvals and refusals per week, the latest 12. */
export function getTenantDateSummary(signal?: AbortSignal): Promise<TenantWeek[]> {
  return api.get<TenantWeek[] | null>('/system/tenant/tenantDateSummary', { signal }).then((weeks) => weeks ?? []);
}

// The figures change as homes work; the page reads them again every five minutes while it is open.
const refetchInterval = 300_000;

export function usePlatformSummary() {
  return useQuery({ queryKey: [...platformDashboardKey, 'summary'], queryFn: ({ signal }) => getPlatformSummary(signal), refetchInterval });
}

export function useTenantDetailsSummary() {
  return useQuery({ queryKey: [...platformDashboardKey, 'homes'], queryFn: ({ signal }) => getTenantDetailsSummary(signal), refetchInterval });
}

export function useTenantDateSummary() {
  return useQuery({ queryKey: [...platformDashboardKey, 'weeks'], queryFn: ({ signal }) => getTenantDateSummary(signal), refetchInterval });
}
