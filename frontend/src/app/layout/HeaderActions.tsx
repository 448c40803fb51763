import { useRef, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { UserInfo } from '@/types/api.gen';
import { AvatarThumbSide, RoleSuperAdmin } from '@/types/api.gen';
import { userInfoKey } from '@/features/auth/api/getUserInfo';
import { NotificationBell } from '@/features/notifications/components/NotificationBell';
import { useSessionStore } from '@/lib/session/store';
import { FacilitySwitcher } from './FacilitySwitcher';
import { HelpEntry } from './HelpEntry';
import { LogoutButton } from './LogoutButton';
import { SettingsPopover } from './SettingsPopover';

/**
 * The user's avatar, 64 × 64 and round (spec 001 §9). Its link is signed for 10 minutes: when it no longer
 * loads, the user info is asked again once for a fresh link.
 */
function HeaderAvatar({ src }: { src: string }) {
  const queryClient = useQueryClient();
  const retried = useRef<string | null>(null);
  return (
    <img
      className="hearth-avatar"
      src={src}
      alt=""
      width={AvatarThumbSide}
      height={AvatarThumbSide}
      data-testid="header-avatar"
      onError={() => {
        if (retried.current === src) return;
        retried.current = src;
        void queryClient.invalidateQueries({ queryKey: userInfoKey });
      }}
    />
  );
}

/**
 * Notifications, Help, the signed-in user, settings and sign out: in the header on wide screens, at the foot
 * of the menu drawer on narrow ones (where the bell stays in the header bar, in sight).
 */
export default function HeaderActions({ userInfo, inDrawer = false, launcher }: { userInfo: UserInfo | undefined; inDrawer?: boolean; launcher?: ReactNode }) {
  const superAdmin = useSessionStore((s) => s.session?.roles.includes(RoleSuperAdmin) ?? false);
  return (
    <div className={inDrawer ? 'hearth-drawer-actions' : 'hearth-header-actions'}>
      {launcher}
      {superAdmin || inDrawer ? null : <NotificationBell zoneCode={userInfo?.timeZone} />}
      {superAdmin ? null : <HelpEntry />}
      {userInfo?.avatar ? <HeaderAvatar src={userInfo.avatar} /> : null}
      <div className="hearth-header-user">
        {userInfo?.userName ? <span className="hearth-header-name">{userInfo.userName}</span> : null}
        {userInfo?.facilityName ? <span className="hearth-muted">{userInfo.facilityName}</span> : null}
      </div>
      <FacilitySwitcher />
      <SettingsPopover userInfo={userInfo} labelled={inDrawer} />
      <LogoutButton />
    </div>
  );
}
