import { Button, Tag, Tooltip } from '@blueprintjs/core';
import { MenuClosedIcon, MenuOpenIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import type { MenuItem } from '@/types/api.gen';
import type { SidebarCounts } from '@/features/menu/api/sidebarReminderCount';
import { menuLabel } from '@/lib/i18n/labels';
import { badgeFor } from './badges';
import { MenuIcon } from './MenuIcon';
import { useLayoutStore } from './store';

/** spec 001 §9: sidebar width 210, collapsed 64. */
export const SIDEBAR_WIDTH = 210;
export const SIDEBAR_COLLAPSED_WIDTH = 64;

function Entry({
  item,
  collapsed,
  counts,
  onNavigate,
}: {
  item: MenuItem;
  collapsed: boolean;
  counts: SidebarCounts | undefined;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const label = menuLabel(t, item);
  const badge = badgeFor(item.menuUrl, counts);
  const link = (
    <NavLink
      to={item.menuUrl}
      className={({ isActive }) => `hearth-nav-link${isActive ? ' hearth-nav-active' : ''}`}
      aria-label={collapsed ? label : undefined}
      data-menu-code={item.menuCode}
      onClick={onNavigate}
    >
      <MenuIcon name={item.icon} />
      {collapsed ? null : <span className="hearth-nav-label">{label}</span>}
      {badge ? (
        <Tag round intent="danger" className="hearth-nav-badge">
          {badge}
        </Tag>
      ) : null}
    </NavLink>
  );
  return (
    <li>
      {collapsed ? (
        // A plain wrapper: the tooltip merges classes into its target, and NavLink's className is a function.
        <Tooltip content={label} placement="right" fill>
          <div>{link}</div>
        </Tooltip>
      ) : (
        link
      )}
    </li>
  );
}

/**
 * The sidebar: the server's menu, limited to pages the UI has, grouped as the server groups it. In the
 * narrow layout's drawer it is always expanded and has no collapse toggle.
 */
export function Sidebar({
  menu,
  counts,
  inDrawer = false,
  onNavigate,
}: {
  menu: MenuItem[];
  counts: SidebarCounts | undefined;
  inDrawer?: boolean;
  /** Called when an entry is chosen (the drawer closes, also when the entry is the page already shown). */
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const collapsed = useLayoutStore((s) => s.sidebarCollapsed) && !inDrawer;
  const toggle = useLayoutStore((s) => s.toggleSidebar);
  const toggleLabel = collapsed ? t('layout.sidebar.expand') : t('layout.sidebar.collapse');
  return (
    <nav
      className={`hearth-sidebar${collapsed ? ' hearth-sidebar-collapsed' : ''}${inDrawer ? ' hearth-sidebar-drawer' : ''}`}
      style={inDrawer ? undefined : { width: collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH }}
      aria-label={t('layout.sidebar.navigation')}
    >
      <div className="hearth-sidebar-brand">
        <img src="/favicon.svg" alt="" width={28} height={28} />
        {collapsed ? null : <span>{t('app.brand.name')}</span>}
      </div>
      <ul className="hearth-nav">
        {menu.map((item) =>
          item.children?.length ? (
            <li key={item.menuCode} className="hearth-nav-group">
              {collapsed ? <hr /> : <div className="hearth-nav-group-title">{menuLabel(t, item)}</div>}
              <ul>
                {item.children.map((child) => (
                  <Entry key={child.menuCode} item={child} collapsed={collapsed} counts={counts} onNavigate={onNavigate} />
                ))}
              </ul>
            </li>
          ) : (
            <Entry key={item.menuCode} item={item} collapsed={collapsed} counts={counts} onNavigate={onNavigate} />
          ),
        )}
      </ul>
      {inDrawer ? null : (
        <div className="hearth-sidebar-toggle">
          <Button
            variant="minimal"
            fill
            icon={collapsed ? <MenuOpenIcon /> : <MenuClosedIcon />}
            aria-label={toggleLabel}
            title={toggleLabel}
            onClick={toggle}
          />
        </div>
      )}
    </nav>
  );
}
