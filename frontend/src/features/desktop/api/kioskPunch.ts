import type { KioskPunchRequest, KioskPunchResult } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/**
 * POST /api/care/kiosk/punch. The kiosk screen shows every failure itself (4120, 4121, 4122, 4132, network),
 * so the call is quiet; the answer is kept only by the kiosk session, never in the query cache.
 */
export function kioskPunch(req: KioskPunchRequest): Promise<KioskPunchResult> {
  return api.post<KioskPunchResult>('/care/kiosk/punch', req, { noAuth: true, ignoreAuth: true, quiet: true, timeoutMs: 30_000 });
}
