import { Suspense, useState } from 'react';
import { Drawer, Position, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useOutletContext } from 'react-router';
import { FloatingButtons } from '@/features/ai/components/FloatingButtons';
import { recordAudio } from '@/features/desktop/bridge';
import { useSidebarCounts } from '@/features/menu/api/sidebarReminderCount';
import { useChatConnection } from '@/features/chat/socket/connection';
import { useSessionStore } from '@/lib/session/store';
import type { ShellContext } from '@/lib/shell';
import type { GuardContext } from '../RouteGuard';
import { SUPER_ADMIN } from '../routing';
import { Header, HeaderActions } from './Header';
import { PasswordExpiryPrompt } from './PasswordExpiryPrompt';
import { Sidebar } from './Sidebar';
import { ChatLink } from './ChatLink';
import { ClockInPrompt, useHoldForClockStatus } from './ClockInPrompt';
import { useNarrow } from '@/lib/ui/useNarrow';
import './launcher.css';

const MAIN_ID = 'hearth-main';

/**
 * The signed-in frame: a skip link, the sidebar (a drawer opened from the header on narrow screens), the
 * header with its breadcrumb, and the page.
 */
export default function AppLayout() {
  const { t } = useTranslation();
  const { menu, sidebarMenu, userInfo } = useOutletContext<GuardContext>();
  const superAdmin = useSessionStore((s) => s.session?.roles.includes(SUPER_ADMIN) ?? false);
  // spec 000 §6: no sidebar counts for the super admin.
  const sidebarCounts = useSidebarCounts(!superAdmin);
  // The chat's unread messages (GET /api/im/dashboard/, then the socket's ImUnread) join the sidebar's counts.
  const chatUnread = useChatConnection((s) => s.unread);
  const counts = { data: sidebarCounts.data || chatUnread ? { ...sidebarCounts.data, unreadMessageCount: chatUnread } : undefined };
  const narrow = useNarrow();
  const { pathname } = useLocation();
  // The drawer is open on the page it was opened on: choosing a page in it closes it.
  const [drawerOpenAt, setDrawerOpenAt] = useState<string | null>(null);
  const drawerOpen = drawerOpenAt === pathname;
  const setDrawerOpen = (open: boolean) => setDrawerOpenAt(open ? pathname : null);
  const shell: ShellContext = { menu, userInfo };
  const holding = useHoldForClockStatus();
  const loading = (
    // A page on its way: its heading for a screen reader until the page's own arrives.
    <div className="hearth-center" role="status">
      <h1 className="hearth-sr-only">{t('app.status.loading')}</h1>
      <Spinner size={32} aria-label={t('app.status.loading')} />
    </div>
  );
  return (
    <div className="hearth-shell">
      <a
        className="hearth-skip-link"
        href={`#${MAIN_ID}`}
        onClick={(e) => {
          e.preventDefault();
          document.getElementById(MAIN_ID)?.focus();
        }}
      >
        {t('layout.skipToContent')}
      </a>
      {narrow ? null : <Sidebar menu={sidebarMenu} counts={counts.data} />}
      <div className="hearth-main">
        <Header
          menu={sidebarMenu}
          userInfo={userInfo}
          narrow={narrow}
          counts={counts.data}
          onOpenMenu={() => setDrawerOpen(true)}
          // spec 000 §2, §6: the tools by plan (translator, help assistant; the marketing centre for owners).
          launcher={<FloatingButtons desktopRecorder={recordAudio} />}
        />
        <main id={MAIN_ID} className="hearth-content" tabIndex={-1}>
          <ClockInPrompt />
          {holding ? loading : null}
          {/* Held out of sight (still loading) until the clock status is known: see useHoldForClockStatus. */}
          <div className="hearth-page-slot" hidden={holding}>
            <Suspense fallback={holding ? null : loading}>
              <Outlet context={shell} />
            </Suspense>
          </div>
        </main>
      </div>
      {narrow ? (
        <Drawer
          isOpen={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          position={Position.LEFT}
          size="min(300px, 85vw)"
          className="hearth-drawer"
          aria-label={t('layout.sidebar.navigation')}
        >
          <Sidebar menu={sidebarMenu} counts={counts.data} inDrawer onNavigate={() => setDrawerOpen(false)} />
          <HeaderActions userInfo={userInfo} inDrawer />
        </Drawer>
      ) : null}
      <PasswordExpiryPrompt userInfo={userInfo} />
      <ChatLink menu={sidebarMenu} />
    </div>
  );
}
