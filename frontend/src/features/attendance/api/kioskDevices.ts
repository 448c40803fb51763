import { useQuery } from '@tanstack/react-query';
import type { KioskDevice, KioskDeviceIDQuery, KioskRegistration, RegisterKioskRequest } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { attendanceKey } from './keys';

export const kioskDevicesKey = [...attendanceKey, 'kioskDevices'] as const;

/** GET /api/care/kioskDevice/list (owner): the facility's door kiosks, active first. */
export function listKioskDevices(signal?: AbortSignal): Promise<KioskDevice[]> {
  return api.get<KioskDevice[] | null>('/care/kioskDevice/list', { signal }).then((l) => l ?? []);
}

export function useKioskDevices(enabled: boolean) {
  return useQuery({ queryKey: kioskDevicesKey, queryFn: ({ signal }) => listKioskDevices(signal), enabled });
}

/** POST /api/care/kioskDevice/register (owner): the answer carries the device credential, shown this once. */
export function registerKiosk(req: RegisterKioskRequest): Promise<KioskRegistration> {
  return api.post<KioskRegistration>('/care/kioskDevice/register', req, { handles: ['4022'] });
}

/** GET /api/care/kioskDevice/revoke (owner): the kiosk's credential stops working at once. */
export function revokeKiosk(query: KioskDeviceIDQuery): Promise<KioskDevice> {
  return api.get<KioskDevice>('/care/kioskDevice/revoke', { query: { ...query } });
}
