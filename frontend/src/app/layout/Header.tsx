import { lazy, Suspense, type ReactNode } from 'react';
import { Breadcrumb, Button, Tag, type BreadcrumbProps } from '@blueprintjs/core';
import { MenuIcon as MenuButtonIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { MenuItem, UserInfo } from '@/types/api.gen';
import { RoleSuperAdmin } from '@/types/api.gen';
import type { SidebarCounts } from '@/features/menu/api/sidebarReminderCount';
import { NotificationBell } from '@/features/notifications/components/NotificationBell';
import { useUnreadCount } from '@/features/tickets/api/unreadCount';
import { menuLabel } from '@/lib/i18n/labels';
import { useSessionStore } from '@/lib/session/store';
import { SUB_PAGES } from '../pageRegistry';
import { HELP_TICKETS_PATH, menuTrail, subPageFor } from '../routing';
import { attentionCount, badgeText } from './badges';
import { loadHeaderActions } from './wideParts';

// The header's actions on wide screens (the settings popover, the facility switcher, sign out and their
// dialogs); on narrow ones they are in the menu drawer. See wideParts.ts.
const HeaderActions = lazy(loadHeaderActions);

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
          <Suspense fallback={null}>
            <HeaderActions userInfo={userInfo} launcher={launcher} />
          </Suspense>
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
