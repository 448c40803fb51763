import { Breadcrumbs, type BreadcrumbProps } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { MenuItem, UserInfo } from '@/types/api.gen';
import { menuLabel } from '@/lib/i18n/labels';
import { menuTrail } from '../routing';
import { LogoutButton } from './LogoutButton';
import { SettingsPopover } from './SettingsPopover';

/** The header (user, settings, sign out) and the breadcrumb subheader. */
export function Header({ menu, userInfo }: { menu: MenuItem[]; userInfo: UserInfo | undefined }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const trail = menuTrail(menu, pathname);
  const crumbs: BreadcrumbProps[] = trail.map((item, i) => ({
    text: menuLabel(t, item),
    href: undefined,
    current: i === trail.length - 1,
  }));
  return (
    <header className="hearth-header">
      <div className="hearth-header-bar">
        <div className="hearth-header-user">
          {userInfo?.userName ? <span className="hearth-header-name">{userInfo.userName}</span> : null}
          {userInfo?.facilityName ? <span className="hearth-muted">{userInfo.facilityName}</span> : null}
        </div>
        <SettingsPopover userInfo={userInfo} />
        <LogoutButton />
      </div>
      <div className="hearth-subheader" aria-label={t('layout.header.breadcrumb')}>
        <Breadcrumbs items={crumbs} />
      </div>
    </header>
  );
}
