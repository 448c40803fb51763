import { useQuery } from '@tanstack/react-query';
import type { KioskHome } from '@/types/api.gen';
import { api } from '@/lib/api/client';

export const kioskHomeKey = ['desktop', 'kiosk', 'home'] as const;

/**
 * GET /api/care/kiosk/caregivers: facility, zone and the enabled caregivers. The shell adds the kiosk's
 * credential (the page never sees it) and answers from its cache while the cloud is away.
 */
export function getKioskHome(signal?: AbortSignal): Promise<KioskHome> {
  return api.get<KioskHome>('/care/kiosk/caregivers', { noAuth: true, ignoreAuth: true, quiet: true, signal });
}

/** Asked again every minute: avatar links are signed for 10 minutes and the on-shift markers move. */
export function useKioskHome() {
  return useQuery({ queryKey: kioskHomeKey, queryFn: ({ signal }) => getKioskHome(signal), refetchInterval: 60_000 });
}
