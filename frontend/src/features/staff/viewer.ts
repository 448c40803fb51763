import { useState } from 'react';
import { RoleFacilityAdmin, RoleFacilityOwner, RoleFacilityOwnerRegister } from '@/types/api.gen';
import { ianaZone } from '@/lib/time/dateTime';
import { useSessionStore } from '@/lib/session/store';
import { useShell } from '@/lib/shell';
import { zonedDate } from '@/lib/time/zone';
import { serverNow } from '@/lib/time/serverClock';

/** Who is looking: roles, user id, the facility's zone code and IANA zone, and today there. */
export function useViewer() {
  const { userInfo } = useShell();
  const session = useSessionStore((s) => s.session);
  const [now] = useState(() => serverNow());
  const roles: string[] = userInfo?.roles?.length ? userInfo.roles : (session?.roles ?? []);
  const zoneCode = userInfo?.timeZone || session?.timeZone || undefined;
  const zone = ianaZone(zoneCode);
  return {
    roles,
    userId: userInfo?.userId || session?.userId,
    owner: roles.includes(RoleFacilityOwner) || roles.includes(RoleFacilityOwnerRegister),
    manager: roles.some((r) => r === RoleFacilityOwner || r === RoleFacilityOwnerRegister || r === RoleFacilityAdmin),
    zoneCode,
    zone,
    today: zonedDate(now, zone),
  };
}
