import { useRef } from 'react';
import { Breadcrumbs, type BreadcrumbProps } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { MenuItem, UserInfo } from '@/types/api.gen';
import { AvatarThumbSide, RoleSuperAdmin } from '@/types/api.gen';
import { userInfoKey } from '@/features/auth/api/getUserInfo';
import { menuLabel } from '@/lib/i18n/labels';
import { useSessionStore } from '@/lib/session/store';
import { SUB_PAGES } from '../pageRegistry';
import { HELP_TICKETS_PATH, menuTrail, subPageFor } from '../routing';
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

/** The header (user, settings, sign out) and the breadcrumb subheader. */
export function Header({ menu, userInfo }: { menu: MenuItem[]; userInfo: UserInfo | undefined }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const superAdmin = useSessionStore((s) => s.session?.roles.includes(RoleSuperAdmin) ?? false);
  const sub = subPageFor(SUB_PAGES, pathname);
  const trail = menuTrail(menu, sub ? sub.parent : pathname);
  const crumbs: BreadcrumbProps[] =
    pathname === HELP_TICKETS_PATH
      ? [{ text: t('layout.help.entry') }, { text: t('tickets.page.title'), current: true }]
      : [
          ...trail.map((item, i) => ({
            text: menuLabel(t, item),
            // A sub page's parent crumb leads back to the parent page.
            onClick: sub && i === trail.length - 1 ? () => void navigate(item.menuUrl) : undefined,
            current: !sub && i === trail.length - 1,
          })),
          // The key is registered with the sub page, so the locale check sees it there.
          ...(sub ? [{ text: t(sub.titleKey as never) as string, current: true }] : []),
        ];
  return (
    <header className="hearth-header">
      <div className="hearth-header-bar">
        {superAdmin ? null : <HelpEntry />}
        {userInfo?.avatar ? <HeaderAvatar src={userInfo.avatar} /> : null}
        <div className="hearth-header-user">
          {userInfo?.userName ? <span className="hearth-header-name">{userInfo.userName}</span> : null}
          {userInfo?.facilityName ? <span className="hearth-muted">{userInfo.facilityName}</span> : null}
        </div>
        <FacilitySwitcher />
        <SettingsPopover userInfo={userInfo} />
        <LogoutButton />
      </div>
      <div className="hearth-subheader" aria-label={t('layout.header.breadcrumb')}>
        <Breadcrumbs items={crumbs} />
      </div>
    </header>
  );
}
