import { useQuery } from '@tanstack/react-query';
import type { FacilityInfo, UpdateFacilityRequest } from '@/types/api.gen';
import { api } from '@/lib/api/client';

export const facilityKey = ['system', 'tenant', 'myFacility'] as const;

/** GET /api/system/tenant/getMyFacility: the signed-in user's facility. */
export function getMyFacility(): Promise<FacilityInfo> {
  return api.get<FacilityInfo>('/system/tenant/getMyFacility');
}

export function useMyFacility() {
  return useQuery({ queryKey: facilityKey, queryFn: getMyFacility });
}

/** POST /api/system/tenant/updateTenant: the owner changes their facility's details. */
export function updateFacility(req: UpdateFacilityRequest): Promise<FacilityInfo> {
  return api.post<FacilityInfo>('/system/tenant/updateTenant', req);
}
