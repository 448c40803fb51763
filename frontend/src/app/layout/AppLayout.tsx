import { Suspense } from 'react';
import { Spinner } from '@blueprintjs/core';
import { Outlet, useOutletContext } from 'react-router';
import { useSidebarCounts } from '@/features/menu/api/sidebarReminderCount';
import { useSessionStore } from '@/lib/session/store';
import type { ShellContext } from '@/lib/shell';
import type { GuardContext } from '../RouteGuard';
import { SUPER_ADMIN } from '../routing';
import { Header } from './Header';
import { PasswordExpiryPrompt } from './PasswordExpiryPrompt';
import { Sidebar } from './Sidebar';

/** The signed-in frame: sidebar, header with breadcrumb, and the page. */
export default function AppLayout() {
  const { menu, sidebarMenu, userInfo } = useOutletContext<GuardContext>();
  const superAdmin = useSessionStore((s) => s.session?.roles.includes(SUPER_ADMIN) ?? false);
  // spec 000 §6: no sidebar counts for the super admin.
  const counts = useSidebarCounts(!superAdmin);
  const shell: ShellContext = { menu, userInfo };
  return (
    <div className="hearth-shell">
      <Sidebar menu={sidebarMenu} counts={counts.data} />
      <div className="hearth-main">
        <Header menu={sidebarMenu} userInfo={userInfo} />
        <main className="hearth-content">
          <Suspense
            fallback={
              <div className="hearth-center">
                <Spinner size={32} />
              </div>
            }
          >
            <Outlet context={shell} />
          </Suspense>
        </main>
      </div>
      <PasswordExpiryPrompt userInfo={userInfo} />
    </div>
  );
}
