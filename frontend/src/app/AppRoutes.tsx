import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { NoticeHost } from './NoticeHost';
import { PAGE_REGISTRY } from './pageRegistry';
import { RouteGuard } from './RouteGuard';

const LoginPage = lazy(() => import('@/features/auth/pages/LoginPage'));
const ChangePasswordPage = lazy(() => import('@/features/auth/pages/ChangePasswordPage'));
const AppLayout = lazy(() => import('./layout/AppLayout'));
const ErrorPage = lazy(() => import('./pages/ErrorPage'));
const RedirectPage = lazy(() => import('./pages/RedirectPage'));

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
          </Route>
          <Route path="*" element={<Navigate to="/404" replace />} />
        </Route>
      </Routes>
      <NoticeHost />
    </>
  );
}
