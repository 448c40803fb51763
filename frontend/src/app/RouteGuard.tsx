import { Suspense, useEffect, useMemo } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import type { MenuItem, UserInfo } from '@/types/api.gen';
import { RoleFacilityOwner, RoleFacilityOwnerRegister } from '@/types/api.gen';
import { useUserInfo } from '@/features/auth/api/getUserInfo';
import { useUserMenu } from '@/features/menu/api/listUserMenuTree';
import { raiseNotice } from '@/lib/feedback/notices';
import { requirePasswordChange, useSessionStore } from '@/lib/session/store';
import { ianaZone } from '@/lib/time/dateTime';
import { warmZone } from '@/lib/time/zone';
import { hasPage, SUB_PAGES } from './pageRegistry';
import { FullPageSpinner } from './pages/FullPageSpinner';
import { decideRoute, filterMenu, menuPaths, startPath, subPageFor, SUPER_ADMIN } from './routing';

/** What the guard hands to the signed-in layout. */
export interface GuardContext {
  menu: MenuItem[];
  sidebarMenu: MenuItem[];
  userInfo: UserInfo | undefined;
}

/** A page the app has: a menu page or a sub page (a known route the user may lack answers /403). */
function knownPage(pathname: string): boolean {
  return hasPage(pathname) || subPageFor(SUB_PAGES, pathname) !== undefined;
}

/**
 * Applies the routing rules (spec 000 §2) to every route: session, forced password change, and the
 * menu the server returned, which is loaded before any menu route renders.
 */
export function RouteGuard({ preload }: { preload?: (pathname: string) => void } = {}) {
  const location = useLocation();
  const session = useSessionStore((s) => s.session);
  const signedIn = session !== null;
  const forced = session?.mustChangePassword === true;
  // A signed-in menu page's modules load while its user info and menu are asked.
  const menuPage = signedIn && !forced && hasPage(location.pathname) ? location.pathname : '';
  useEffect(() => {
    if (menuPage) preload?.(menuPage);
  }, [menuPage, preload]);
  // The home's zone is ready before the first page that shows its times (session.timeZone: its code).
  const zone = signedIn ? ianaZone(session.timeZone) : undefined;
  useEffect(() => (signedIn ? warmZone(zone) : undefined), [signedIn, zone]);

  const userInfo = useUserInfo(signedIn);
  // spec 000 §4: a non-owner with a temporary password must change it (owners, registering or not, are advised).
  const mustChange =
    userInfo.data !== undefined &&
    userInfo.data.useTempPassword &&
    !userInfo.data.roles?.some((r) => r === RoleFacilityOwner || r === RoleFacilityOwnerRegister);
  // The menu waits for the user info: a user who must change a temporary password gets no menu first.
  const menu = useUserMenu(signedIn && !forced && !mustChange && !userInfo.isPending);

  useEffect(() => {
    if (signedIn && !forced && mustChange) requirePasswordChange(true);
  }, [signedIn, forced, mustChange]);

  const menuFailed = signedIn && (menu.isError || (menu.isSuccess && menu.data.length === 0));
  useEffect(() => {
    // An expired session is reported by the client and the guard sends the user to /login instead.
    if (menuFailed && useSessionStore.getState().session !== null) raiseNotice({ kind: 'menu-failed' });
  }, [menuFailed]);

  const derived = useMemo(() => {
    if (!menu.data || menu.data.length === 0) return null;
    const sidebarMenu = filterMenu(menu.data, hasPage);
    return { sidebarMenu, allowed: menuPaths(sidebarMenu), start: startPath(sidebarMenu, session?.roles ?? []) };
  }, [menu.data, session?.roles]);

  const decision = decideRoute({
    pathname: location.pathname,
    search: location.search,
    signedIn,
    mustChangePassword: forced || mustChange,
    allowed: derived?.allowed ?? null,
    start: derived?.start ?? '/dashboard',
    superAdmin: session?.roles.includes(SUPER_ADMIN) ?? false,
    subPages: SUB_PAGES,
    knownPage,
  });

  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'load-menu') return <FullPageSpinner />;
  const context: GuardContext = {
    menu: menu.data ?? [],
    sidebarMenu: derived?.sidebarMenu ?? [],
    userInfo: userInfo.data,
  };
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Outlet context={context} />
    </Suspense>
  );
}
