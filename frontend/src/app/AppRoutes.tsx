import { lazy } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { NoticeHost } from './NoticeHost';
import { PAGE_REGISTRY, SUB_PAGES } from './pageRegistry';
import { RouteGuard } from './RouteGuard';
import { filePreviewId, HELP_TICKETS_PATH } from './routing';

const LoginPage = lazy(() => import('@/features/auth/pages/LoginPage'));
const ChangePasswordPage = lazy(() => import('@/features/auth/pages/ChangePasswordPage'));
const AppLayout = lazy(() => import('./layout/AppLayout'));
const ErrorPage = lazy(() => import('./pages/ErrorPage'));
const RedirectPage = lazy(() => import('./pages/RedirectPage'));
const SupportTicketPage = lazy(() => import('@/features/tickets/pages/SupportTicketPage'));
const FilePreviewPage = lazy(() => import('@/features/files/pages/FilePreviewPage'));

/** Any other path: the file preview when it is /{fileId} (a server-shaped UUID), else /404. */
function OtherRoute() {
  const { pathname } = useLocation();
  const fileId = filePreviewId(pathname);
  return fileId ? <FilePreviewPage key={fileId} fileId={fileId} /> : <Navigate to="/404" replace />;
}

/**
 * Every route sits under the guard, which applies the routing rules; menu routes render only when the
 * user's menu holds them (the guard answers /404 otherwise).
 */
export function AppRoutes() {
  return (
    <>
      <Routes>
        <Route element={<RouteGuard />}>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/change-password" element={<ChangePasswordPage />} />
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
      <NoticeHost />
    </>
  );
}
