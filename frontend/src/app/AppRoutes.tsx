import { lazy, Suspense } from 'react';
import { Navigate, Outlet, Route, Routes, useLocation } from 'react-router';
import { DesktopGate } from '@/features/desktop/components/DesktopGate';
import { PhoneOfflineBanner } from '@/features/pwa/components/PhoneOfflineBanner';
import { DESKTOP_SETUP_PATH, KIOSK_PATH, KIOSK_SETUP_PATH } from '@/features/desktop/desktopRoutes';
import { useNoticeStore } from '@/lib/feedback/notices';
import { lazyPage, preloadPage } from './lazyPage';
import { PAGE_REGISTRY, SUB_PAGES } from './pageRegistry';
import { FullPageSpinner } from './pages/FullPageSpinner';
import { RouteGuard } from './RouteGuard';
import { preloadWideParts } from './layout/wideParts';
import { filePreviewId, HELP_TICKETS_PATH } from './routing';

const LoginPage = lazy(() => import('@/features/auth/pages/LoginPage'));
// The notice dialogs (and Blueprint's dialog code with them) load when there is a notice to show.
const NoticeHost = lazy(() => import('./NoticeHost').then((m) => ({ default: m.NoticeHost })));
const ChangePasswordPage = lazy(() => import('@/features/auth/pages/ChangePasswordPage'));
const SignupPage = lazyPage(() => import('@/features/auth/pages/SignupPage'), ['platform']);
const AppLayout = lazyPage(() => import('./layout/AppLayout'), ['desktop', 'notifications', 'ai']);
const ErrorPage = lazy(() => import('./pages/ErrorPage'));
const RedirectPage = lazy(() => import('./pages/RedirectPage'));
const SupportTicketPage = lazy(() => import('@/features/tickets/pages/SupportTicketPage'));
const FilePreviewPage = lazy(() => import('@/features/files/pages/FilePreviewPage'));
const KioskPage = lazyPage(() => import('@/features/desktop/pages/KioskPage'), ['desktop']);
const DesktopSetupPage = lazyPage(() => import('@/features/desktop/pages/DesktopSetupPage'), ['desktop']);
const KioskSetupPage = lazyPage(() => import('@/features/desktop/pages/KioskSetupPage'), ['desktop']);
// The inspector's link (/inspector?token=…): an inspector is no user of the app, so the page sits outside the guard.
// Its records name codes in the words of the incidents, care record, residents and staff pages (lib/care, lib/staff).
const InspectorPage = lazyPage(() => import('@/features/inspector/pages/InspectorPage'), ['inspector', 'incidents', 'carerecord', 'residents', 'staff']);

/**
 * The signed-in layout (with its wide screens' parts on a wide screen) and the menu page asked for start loading
 * while the guard still waits for the user's menu, instead of one after the other once it has answered (a
 * phone's round trips: docs/performance.md).
 */
function preloadSignedIn(pathname: string) {
  preloadPage(AppLayout);
  preloadWideParts();
  if (Object.hasOwn(PAGE_REGISTRY, pathname)) preloadPage(PAGE_REGISTRY[pathname]);
}

function Notices() {
  const shown = useNoticeStore((s) => s.notice !== null);
  return shown ? (
    <Suspense fallback={null}>
      <NoticeHost />
    </Suspense>
  ) : null;
}

/** The desktop shell's screens need no sign-in, so they sit outside the guard and wait for their page here. */
function DesktopScreens() {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Outlet />
    </Suspense>
  );
}

/** Any other path: the file preview when it is /{fileId} (a server-shaped UUID), else /404. */
function OtherRoute() {
  const { pathname } = useLocation();
  const fileId = filePreviewId(pathname);
  return fileId ? <FilePreviewPage key={fileId} fileId={fileId} /> : <Navigate to="/404" replace />;
}

/**
 * Every route sits under the guard, which applies the routing rules; menu routes render only when the
 * user's menu holds them (the guard answers /404 otherwise). The desktop gate comes first: in the desktop
 * shell it may hold the app on /kiosk or the first-run setup; in a browser those screens answer /404.
 */
export function AppRoutes() {
  return (
    <DesktopGate fallback={<FullPageSpinner />}>
      <PhoneOfflineBanner />
      <Routes>
        <Route element={<DesktopScreens />}>
          <Route path={KIOSK_PATH} element={<KioskPage />} />
          <Route path={DESKTOP_SETUP_PATH} element={<DesktopSetupPage />} />
          <Route path={KIOSK_SETUP_PATH} element={<KioskSetupPage />} />
          <Route path="/inspector" element={<InspectorPage />} />
        </Route>
        <Route element={<RouteGuard preload={preloadSignedIn} />}>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/change-password" element={<ChangePasswordPage />} />
          <Route path="/signup" element={<SignupPage />} />
          <Route path="/redirect/*" element={<RedirectPage />} />
          <Route path="/404" element={<ErrorPage status={404} />} />
          <Route path="/403" element={<ErrorPage status={403} />} />
          <Route path="/500" element={<ErrorPage status={500} />} />
          <Route element={<AppLayout />}>
            {Object.entries(PAGE_REGISTRY).map(([path, Page]) => (
              <Route key={path} path={path} element={<Page />} />
            ))}
            {SUB_PAGES.map(({ path, page: Page }) => (
              <Route key={path} path={path} element={<Page />} />
            ))}
            <Route path={HELP_TICKETS_PATH} element={<SupportTicketPage />} />
          </Route>
          <Route path="*" element={<OtherRoute />} />
        </Route>
      </Routes>
      <Notices />
    </DesktopGate>
  );
}
