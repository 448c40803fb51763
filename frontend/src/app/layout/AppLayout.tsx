import { lazy, Suspense, useState } from 'react';
import { Spinner } from '@blueprintjs/core';
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
import { Header } from './Header';
import { ChatLink } from './ChatLink';
import { ClockInPrompt, useHoldForClockStatus } from './ClockInPrompt';
import { loadSidebar } from './wideParts';
import { useNarrow } from '@/lib/ui/useNarrow';
import { serverNow } from '@/lib/time/serverClock';
import type { UserInfo } from '@/types/api.gen';
import './launcher.css';

const MAIN_ID = 'hearth-main';
// The narrow screens' menu drawer loads when it is first opened (docs/performance.md, slow phones).
const MenuDrawer = lazy(() => import('./MenuDrawer'));
// The password prompt (and Blueprint's dialog) loads only for someone whose password is due.
const PasswordExpiryPrompt = lazy(() => import('./PasswordExpiryPrompt'));
// The sidebar shows at once only on wide screens (on narrow ones it is in the drawer): see wideParts.ts.
const Sidebar = lazy(() => loadSidebar().then((m) => ({ default: m.Sidebar })));

/** Whether the password is past its next update time (90 days) when the layout was first shown. */
function passwordDue(userInfo: UserInfo | undefined, checkedAt: number): boolean {
  return userInfo !== undefined && userInfo.nextUpdatePasswordTime > 0 && checkedAt > userInfo.nextUpdatePasswordTime;
}

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
  // Once opened, the drawer stays mounted so that it closes with its animation.
  const [drawerUsed, setDrawerUsed] = useState(false);
  const setDrawerOpen = (open: boolean) => {
    if (open) setDrawerUsed(true);
    setDrawerOpenAt(open ? pathname : null);
  };
  const shell: ShellContext = { menu, userInfo };
  const holding = useHoldForClockStatus();
  const [checkedAt] = useState(() => serverNow());
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
      {narrow ? null : (
        <Suspense fallback={null}>
          <Sidebar menu={sidebarMenu} counts={counts.data} />
        </Suspense>
      )}
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
      {narrow && drawerUsed ? (
        <Suspense fallback={null}>
          <MenuDrawer isOpen={drawerOpen} onClose={() => setDrawerOpen(false)} menu={sidebarMenu} counts={counts.data} userInfo={userInfo} />
        </Suspense>
      ) : null}
      {passwordDue(userInfo, checkedAt) ? (
        <Suspense fallback={null}>
          <PasswordExpiryPrompt userInfo={userInfo} />
        </Suspense>
      ) : null}
      <ChatLink menu={sidebarMenu} />
    </div>
  );
}
