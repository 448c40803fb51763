import { Drawer, Position } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { MenuItem, UserInfo } from '@/types/api.gen';
import type { SidebarCounts } from '@/features/menu/api/sidebarReminderCount';
import HeaderActions from './HeaderActions';
import { Sidebar } from './Sidebar';

/**
 * The menu on narrow screens: the sidebar and the header's actions in a drawer from the left. Its module
 * (and Blueprint's drawer) loads when the menu is first opened, not with every page.
 */
export default function MenuDrawer({
  isOpen,
  onClose,
  menu,
  counts,
  userInfo,
}: {
  isOpen: boolean;
  onClose: () => void;
  menu: MenuItem[];
  counts: SidebarCounts | undefined;
  userInfo: UserInfo | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Drawer isOpen={isOpen} onClose={onClose} position={Position.LEFT} size="min(300px, 85vw)" className="hearth-drawer" aria-label={t('layout.sidebar.navigation')}>
      <Sidebar menu={menu} counts={counts} inDrawer onNavigate={onClose} />
      <HeaderActions userInfo={userInfo} inDrawer />
    </Drawer>
  );
}
