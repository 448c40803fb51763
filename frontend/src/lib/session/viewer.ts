import { RoleFacilityAdmin, RoleFacilityOwner, RoleFacilityOwnerRegister } from '@/types/api.gen';
import { ianaZone } from '@/lib/time/dateTime';
import { useSessionStore } from '@/lib/session/store';
import { useShell } from '@/lib/shell';

/** Who is looking at a facility page: user id, whether they manage the facility, the facility's zone. */
export interface FacilityViewer {
  userId: string | undefined;
  /** Owners and admins: they edit tasks and orders, clear expired items, acknowledge red med items. */
  manager: boolean;
  owner: boolean;
  /** The facility's zone code (PT, ET, ...): what the date formatters take. */
  zoneCode: string | undefined;
  /** Its IANA zone (undefined: the browser's). */
  zone: string | undefined;
}

export function useFacilityViewer(): FacilityViewer {
  const { userInfo } = useShell();
  const session = useSessionStore((s) => s.session);
  const roles: string[] = userInfo?.roles?.length ? userInfo.roles : (session?.roles ?? []);
  const zoneCode = userInfo?.timeZone || session?.timeZone || undefined;
  return {
    userId: userInfo?.userId || session?.userId,
    owner: roles.includes(RoleFacilityOwner) || roles.includes(RoleFacilityOwnerRegister),
    manager: roles.some((r) => r === RoleFacilityOwner || r === RoleFacilityOwnerRegister || r === RoleFacilityAdmin),
    zoneCode,
    zone: ianaZone(zoneCode),
  };
}
