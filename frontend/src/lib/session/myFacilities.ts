// The facilities a signed-in user may work in, and moving the sign-in to another (the header switcher and
// the dashboard across an owner's homes).
import { useQuery } from '@tanstack/react-query';
import type { LoginResult, MyFacility, SwitchFacilityRequest } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { switchSession } from '@/lib/session/store';

export const myFacilitiesKey = ['system', 'user', 'myFacilities'] as const;

/** GET /api/system/user/listMyFacilities: the facilities this sign-in may move to, the current one marked. */
export function listMyFacilities(): Promise<MyFacility[]> {
  return api.get<MyFacility[]>('/system/user/listMyFacilities', { quiet: true });
}

/** Asked for facility users only (the super admin has no facility). */
export function useMyFacilities(enabled: boolean) {
  return useQuery({ queryKey: myFacilitiesKey, queryFn: listMyFacilities, enabled, staleTime: 5 * 60_000 });
}

/** POST /api/system/user/switchFacility: a token pair for another of the user's facilities, same sign-in, no new code. */
export function switchFacility(req: SwitchFacilityRequest): Promise<LoginResult> {
  return api.post<LoginResult>('/system/user/switchFacility', req);
}

/** Moves this sign-in to another of the user's facilities, then loads `path` there (every page, menu and count is the new facility's). */
export async function moveToFacility(tenantId: string, path: string): Promise<void> {
  const result = await switchFacility({ tenantId });
  switchSession(result);
  window.location.assign(path);
}
