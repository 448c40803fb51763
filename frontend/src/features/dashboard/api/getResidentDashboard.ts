import { useQuery } from '@tanstack/react-query';
import type { ResidentDashboard } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/** GET /api/care/resident/getDashboardData: residents by status and occupied rooms. Quiet: no card on failure. */
export function getResidentDashboard(): Promise<ResidentDashboard | null> {
  return api.get<ResidentDashboard | null>('/care/resident/getDashboardData', { quiet: true });
}

/** Asked only when the user has a resident page; the same key family as the resident calls, so their changes refresh it. */
export function useResidentDashboard(enabled: boolean) {
  return useQuery({
    queryKey: ['care', 'resident', 'dashboard'],
    queryFn: getResidentDashboard,
    enabled,
    retry: false,
  });
}
