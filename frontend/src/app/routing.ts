// Route guard and menu rules of spec 000 §2 "Routing rules", as pure functions the router applies.
import type { MenuItem } from '@/types/api.gen';

/** Routes a signed-out visitor may open. /change-password needs its e-mailed ?token= then. */
export const PUBLIC_PATHS = ['/login', '/change-password', '/signup', '/404', '/403', '/500'] as const;
/** Route families that never need a session (spec 000 §2: help and sso routes; /redirect only re-navigates). */
const PUBLIC_PREFIXES = ['/redirect/', '/help/', '/sso/'];
/** Pages any signed-in user may open whatever the menu says. */
const SIGNED_IN_FREE_PATHS = new Set(['/change-password', '/404', '/403', '/500']);

export const SUPER_ADMIN = 'SUPER_ADMIN';

/** The support tickets of a facility user, opened from the header's Help entry (spec 000 §2 "Layout"). */
export const HELP_TICKETS_PATH = '/help/support-ticket';
/** The super admin's support tickets, a menu page. */
export const TICKETS_MENU_PATH = '/support-ticket-manage';

/** A file id as the server makes them (a UUID), so the preview route cannot shadow a named route. */
const FILE_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The file preview page, /{fileId} (spec 000 §2 "Other screens"); the query (?preview=1) is not part of the match. */
export function filePreviewId(pathname: string): string | undefined {
  const id = pathname.startsWith('/') ? pathname.slice(1) : '';
  return FILE_ID_PATTERN.test(id) ? id.toLowerCase() : undefined;
}

/**
 * Pages outside the menu that need a session: the Help entry's tickets (facility users only; the super
 * admin has them in the menu) and the file preview (anyone signed in).
 */
export function isSignedInExtraPath(pathname: string, superAdmin: boolean): boolean {
  if (pathname === HELP_TICKETS_PATH) return !superAdmin;
  return filePreviewId(pathname) !== undefined;
}

function needsSession(pathname: string): boolean {
  return pathname === HELP_TICKETS_PATH || filePreviewId(pathname) !== undefined;
}

export function isPublicPath(pathname: string): boolean {
  if (needsSession(pathname)) return false;
  return (PUBLIC_PATHS as readonly string[]).includes(pathname) || PUBLIC_PREFIXES.some((p) => pathname.startsWith(p));
}

/** The menu without entries that have no page yet; a group stays only when some child stays. */
export function filterMenu(menu: readonly MenuItem[], hasPage: (url: string) => boolean): MenuItem[] {
  const kept: MenuItem[] = [];
  for (const item of menu) {
    const children = filterMenu(item.children ?? [], hasPage);
    if (children.length > 0) {
      kept.push({ ...item, children });
    } else if (item.menuUrl && hasPage(item.menuUrl)) {
      kept.push({ ...item, children: [] });
    }
  }
  return kept;
}

/** Every entry of the tree, depth first, with its depth (for the "Your menu" card). */
export function flattenMenu(menu: readonly MenuItem[], depth = 0): { item: MenuItem; depth: number }[] {
  return menu.flatMap((item) => [{ item, depth }, ...flattenMenu(item.children ?? [], depth + 1)]);
}

/** The page paths of a (filtered) menu. */
export function menuPaths(menu: readonly MenuItem[]): Set<string> {
  return new Set(flattenMenu(menu).map((e) => e.item.menuUrl).filter((url) => url !== ''));
}

/** Where a signed-in user starts: the first menu entry with a page, else the dashboard of their kind. */
export function startPath(filteredMenu: readonly MenuItem[], roles: readonly string[]): string {
  const first = flattenMenu(filteredMenu).find((e) => e.item.menuUrl !== '' && (e.item.children ?? []).length === 0);
  if (first) return first.item.menuUrl;
  return roles.includes(SUPER_ADMIN) ? '/admin-dashboard' : '/dashboard';
}

/** A sub page's pattern and the menu page it lives under (see SUB_PAGES in pageRegistry.ts). */
export interface SubPageRoute {
  path: string;
  parent: string;
}

/** Whether a react-router style pattern ("/a/detail/:id") matches a pathname. */
export function matchesPattern(pattern: string, pathname: string): boolean {
  const want = pattern.split('/');
  const got = pathname.replace(/\/+$/, '').split('/');
  if (want.length !== got.length) return false;
  return want.every((part, i) => (part.startsWith(':') ? got[i] !== '' : part === got[i]));
}

/** The sub page a pathname opens, if any. */
export function subPageFor<T extends SubPageRoute>(subPages: readonly T[], pathname: string): T | undefined {
  return subPages.find((p) => matchesPattern(p.path, pathname));
}

/** The menu entries leading to a path, outermost first (for the breadcrumb). */
export function menuTrail(menu: readonly MenuItem[], pathname: string): MenuItem[] {
  for (const item of menu) {
    if (item.menuUrl === pathname) return [item];
    const inner = menuTrail(item.children ?? [], pathname);
    if (inner.length > 0) return [item, ...inner];
  }
  return [];
}

export function loginUrl(target: string): string {
  return target === '/' || target === '' ? '/login' : `/login?redirect=${encodeURIComponent(target)}`;
}

/**
 * The ?redirect= target of a login URL when it is a local path the user's menu allows (or `alsoAllowed`
 * accepts); else undefined.
 */
export function allowedRedirect(
  search: string,
  allowed: ReadonlySet<string>,
  alsoAllowed: (path: string) => boolean = () => false,
): string | undefined {
  const target = new URLSearchParams(search).get('redirect');
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.includes('\\')) return undefined;
  const path = target.split(/[?#]/)[0];
  return allowed.has(path) || alsoAllowed(path) ? target : undefined;
}

export interface RouteContext {
  pathname: string;
  search: string;
  signedIn: boolean;
  mustChangePassword: boolean;
  /** Page paths the user may open (menu ∩ page registry); null while the menu is not loaded. */
  allowed: ReadonlySet<string> | null;
  /** The start path; meaningful once the menu is loaded. */
  start: string;
  /** The user is the platform's super admin (no Help entry: the tickets are in the menu). */
  superAdmin?: boolean;
  /** Sub pages: one renders when its parent menu page is allowed. */
  subPages?: readonly SubPageRoute[];
  /** Whether the app has a page at a path (a menu page or a sub page); such a page the user lacks answers /403, not /404. */
  knownPage?: (pathname: string) => boolean;
}

export type RouteDecision = { kind: 'render' } | { kind: 'redirect'; to: string } | { kind: 'load-menu' };

export function decideRoute(ctx: RouteContext): RouteDecision {
  const { pathname, search } = ctx;
  if (!ctx.signedIn) {
    const emailedLink = pathname !== '/change-password' || new URLSearchParams(search).has('token');
    if (isPublicPath(pathname) && emailedLink) return { kind: 'render' };
    return { kind: 'redirect', to: loginUrl(pathname + search) };
  }
  if (ctx.mustChangePassword && pathname !== '/change-password') {
    return { kind: 'redirect', to: '/change-password' };
  }
  if (SIGNED_IN_FREE_PATHS.has(pathname) || pathname.startsWith('/redirect/')) return { kind: 'render' };
  if (ctx.allowed === null) return { kind: 'load-menu' };
  const superAdmin = ctx.superAdmin ?? false;
  const allowed = ctx.allowed;
  const extra = (path: string) => {
    const sub = subPageFor(ctx.subPages ?? [], path);
    return sub !== undefined ? allowed.has(sub.parent) : isSignedInExtraPath(path, superAdmin);
  };
  if (pathname === '/login') {
    return { kind: 'redirect', to: allowedRedirect(search, ctx.allowed, extra) ?? ctx.start };
  }
  if (pathname === '/' || pathname === '') return { kind: 'redirect', to: ctx.start };
  if (ctx.allowed.has(pathname) || extra(pathname)) return { kind: 'render' };
  // The super admin's tickets are a menu page; the Help route leads there.
  if (pathname === HELP_TICKETS_PATH && ctx.allowed.has(TICKETS_MENU_PATH)) return { kind: 'redirect', to: TICKETS_MENU_PATH };
  // A page the app has but this user's role or plan does not include: forbidden, not missing.
  if (ctx.knownPage?.(pathname)) return { kind: 'redirect', to: '/403' };
  return { kind: 'redirect', to: '/404' };
}
