import { useRef, type ReactNode } from 'react';
import { Breadcrumb, Button, Tag, type BreadcrumbProps } from '@blueprintjs/core';
import { MenuIcon as MenuButtonIcon } from '@blueprintjs/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { MenuItem, UserInfo } from '@/types/api.gen';
import { AvatarThumbSide, RoleSuperAdmin } from '@/types/api.gen';
import { userInfoKey } from '@/features/auth/api/getUserInfo';
import type { SidebarCounts } from '@/features/menu/api/sidebarReminderCount';
import { NotificationBell } from '@/features/notifications/components/NotificationBell';
import { useUnreadCount } from '@/features/tickets/api/unreadCount';
import { menuLabel } from '@/lib/i18n/labels';
import { useSessionStore } from '@/lib/session/store';
import { SUB_PAGES } from '../pageRegistry';
import { HELP_TICKETS_PATH, menuTrail, subPageFor } from '../routing';
import { attentionCount, badgeText } from './badges';
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
export function HeaderActions({ userInfo, inDrawer = false, launcher }: { userInfo: UserInfo | undefined; inDrawer?: boolean; launcher?: ReactNode }) {
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

/**
 * The header and the breadcrumb subheader. On narrow screens the header keeps only the menu button (which
 * opens the drawer holding the sidebar and the header's actions) and the facility's name.
 */
export function Header({
  menu,
  userInfo,
  narrow = false,
  counts,
  onOpenMenu,
  launcher,
}: {
  menu: MenuItem[];
  userInfo: UserInfo | undefined;
  narrow?: boolean;
  /** The sidebar counts; on narrow screens their sum (with Help's unread) is on the menu button. */
  counts?: SidebarCounts;
  onOpenMenu?: () => void;
  /**
   * The tools launcher (translator, help assistant, marketing centre): in the header bar, so it never floats
   * over a page's sticky action bar or its last row (issue 29 "Nothing floats over the work").
   */
  launcher?: ReactNode;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const superAdmin = useSessionStore((s) => s.session?.roles.includes(RoleSuperAdmin) ?? false);
  // The same query as Help's badge (shared cache), asked here only while the drawer hides Help.
  const unread = useUnreadCount(narrow && !superAdmin);
  const attention = narrow ? attentionCount(menu, counts, superAdmin ? 0 : unread.data) : 0;
  const menuBadge = badgeText(attention);
  const menuButtonLabel = menuBadge ? t('layout.sidebar.openAttention', { count: attention }) : t('layout.sidebar.open');
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
  const place = superAdmin ? t('layout.settings.platform') : (userInfo?.facilityName ?? '');
  return (
    <header className="hearth-header">
      <div className="hearth-header-bar">
        {narrow ? (
          <>
            <Button
              variant="minimal"
              size="large"
              icon={<MenuButtonIcon />}
              aria-label={menuButtonLabel}
              title={menuButtonLabel}
              data-testid="menu-button"
              className="hearth-menu-button"
              onClick={onOpenMenu}
            >
              {menuBadge ? (
                <Tag round intent="danger" className="hearth-menu-badge" data-testid="menu-badge" aria-hidden="true">
                  {menuBadge}
                </Tag>
              ) : null}
            </Button>
            <span className="hearth-header-place" data-testid="header-facility">
              {place}
            </span>
            {launcher}
            {superAdmin ? null : <NotificationBell zoneCode={userInfo?.timeZone} />}
          </>
        ) : (
          <HeaderActions userInfo={userInfo} launcher={launcher} />
        )}
      </div>
      {/* Blueprint's Breadcrumbs puts a measuring <div> inside its <ol> and names its <nav> in English only. */}
      <nav className="hearth-subheader" aria-label={t('layout.header.breadcrumb')}>
        <ol className="bp6-breadcrumbs">
          {crumbs.map((crumb, i) => (
            <li key={i}>
              <Breadcrumb {...crumb} />
            </li>
          ))}
        </ol>
      </nav>
    </header>
  );
}
