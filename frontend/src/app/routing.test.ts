import { describe, expect, it } from 'vitest';
import type { MenuItem } from '@/types/api.gen';
import {
  allowedRedirect,
  decideRoute,
  filePreviewId,
  filterMenu,
  flattenMenu,
  isSignedInExtraPath,
  menuPaths,
  menuTrail,
  startPath,
  type RouteContext,
  matchesPattern,
  subPageFor,
} from './routing';

function item(menuCode: string, menuUrl: string, children: MenuItem[] = []): MenuItem {
  return { menuCode, menuName: `menu.${menuCode}`, menuUrl, icon: 'dot', children };
}

const facilityMenu: MenuItem[] = [
  item('dashboard', '/dashboard'),
  item('calendar', '/calendar'),
  item('residentManagement', '', [item('residents', '/resident-management'), item('emars', '/emars')]),
  item('staffManagement', '', [item('staff', '/staff-management'), item('home', '/dashboard-copy')]),
];

const pages = new Set(['/dashboard', '/admin-dashboard', '/dashboard-copy']);
const hasPage = (url: string) => pages.has(url);

describe('filterMenu', () => {
  it('keeps entries with a page and groups with a kept child', () => {
    const kept = filterMenu(facilityMenu, hasPage);
    expect(kept.map((m) => m.menuCode)).toEqual(['dashboard', 'staffManagement']);
    expect(kept[1].children.map((m) => m.menuCode)).toEqual(['home']);
  });

  it('drops everything when no page exists, and copes with null children', () => {
    const odd = [{ ...item('x', '/x'), children: null as unknown as MenuItem[] }];
    expect(filterMenu(odd, () => false)).toEqual([]);
    expect(filterMenu(odd, () => true)).toHaveLength(1);
  });

  it('does not change the menu it was given', () => {
    const copy = structuredClone(facilityMenu);
    filterMenu(facilityMenu, hasPage);
    expect(facilityMenu).toEqual(copy);
  });
});

describe('flattenMenu and menuPaths', () => {
  it('lists every entry depth first', () => {
    expect(flattenMenu(facilityMenu).map((e) => `${e.depth}:${e.item.menuCode}`)).toEqual([
      '0:dashboard',
      '0:calendar',
      '0:residentManagement',
      '1:residents',
      '1:emars',
      '0:staffManagement',
      '1:staff',
      '1:home',
    ]);
    expect([...menuPaths(facilityMenu)]).toContain('/emars');
    expect(menuPaths(facilityMenu).has('')).toBe(false);
  });
});

describe('startPath', () => {
  it('is the first entry with a page', () => {
    expect(startPath(filterMenu(facilityMenu, hasPage), ['FACILITY_OWNER'])).toBe('/dashboard');
    expect(startPath([item('g', '', [item('a', '/admin-dashboard')])], ['SUPER_ADMIN'])).toBe('/admin-dashboard');
  });

  it('falls back to the dashboard of the user kind', () => {
    expect(startPath([], ['SUPER_ADMIN'])).toBe('/admin-dashboard');
    expect(startPath([], ['CAREGIVER_STAFF'])).toBe('/dashboard');
  });
});

describe('menuTrail', () => {
  it('gives the entries from the root to the page', () => {
    expect(menuTrail(facilityMenu, '/emars').map((m) => m.menuCode)).toEqual(['residentManagement', 'emars']);
    expect(menuTrail(facilityMenu, '/nowhere')).toEqual([]);
  });
});

describe('allowedRedirect', () => {
  const allowed = new Set(['/dashboard']);
  it.each([
    ['?redirect=%2Fdashboard%3Fx%3D1', '/dashboard?x=1'],
    ['?redirect=/dashboard', '/dashboard'],
    ['?redirect=/calendar', undefined],
    ['?redirect=//evil.example/dashboard', undefined],
    ['?redirect=https://evil.example/dashboard', undefined],
    ['?redirect=/\\evil', undefined],
    ['', undefined],
  ])('%s → %s', (search, want) => {
    expect(allowedRedirect(search, allowed)).toBe(want);
  });
});

describe('decideRoute (spec 000 §2 "Routing rules")', () => {
  const signedOut: RouteContext = {
    pathname: '/',
    search: '',
    signedIn: false,
    mustChangePassword: false,
    allowed: null,
    start: '/dashboard',
  };
  const signedIn: RouteContext = { ...signedOut, signedIn: true, allowed: new Set(['/dashboard']) };

  it('sends a signed-out deep link to /login with the original path and query', () => {
    expect(decideRoute({ ...signedOut, pathname: '/dashboard', search: '?x=1' })).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Fdashboard%3Fx%3D1',
    });
    expect(decideRoute({ ...signedOut, pathname: '/no-such-page' })).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Fno-such-page',
    });
    expect(decideRoute(signedOut)).toEqual({ kind: 'redirect', to: '/login' });
  });

  it.each(['/login', '/404', '/403', '/500', '/redirect/dashboard', '/help/faq', '/sso/callback'])(
    'lets a signed-out visitor open %s',
    (pathname) => {
      expect(decideRoute({ ...signedOut, pathname })).toEqual({ kind: 'render' });
    },
  );

  it('opens /change-password signed out only with an e-mailed token', () => {
    expect(decideRoute({ ...signedOut, pathname: '/change-password', search: '?token=abc' })).toEqual({ kind: 'render' });
    expect(decideRoute({ ...signedOut, pathname: '/change-password' })).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Fchange-password',
    });
  });

  it('loads the menu before deciding a signed-in route', () => {
    expect(decideRoute({ ...signedIn, allowed: null, pathname: '/dashboard' })).toEqual({ kind: 'load-menu' });
    expect(decideRoute({ ...signedIn, allowed: null, pathname: '/' })).toEqual({ kind: 'load-menu' });
    expect(decideRoute({ ...signedIn, allowed: null, pathname: '/login' })).toEqual({ kind: 'load-menu' });
  });

  it('sends / and /login to the start path when signed in', () => {
    expect(decideRoute({ ...signedIn, pathname: '/' })).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(decideRoute({ ...signedIn, pathname: '/login' })).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(decideRoute({ ...signedIn, pathname: '/', start: '/admin-dashboard' })).toEqual({
      kind: 'redirect',
      to: '/admin-dashboard',
    });
  });

  it('returns to the redirect target after sign-in when the menu has it', () => {
    expect(decideRoute({ ...signedIn, pathname: '/login', search: '?redirect=%2Fdashboard%3Fx%3D1' })).toEqual({
      kind: 'redirect',
      to: '/dashboard?x=1',
    });
    expect(decideRoute({ ...signedIn, pathname: '/login', search: '?redirect=%2Fcalendar' })).toEqual({
      kind: 'redirect',
      to: '/dashboard',
    });
  });

  it('renders menu routes and sends anything else to /404', () => {
    expect(decideRoute({ ...signedIn, pathname: '/dashboard' })).toEqual({ kind: 'render' });
    expect(decideRoute({ ...signedIn, pathname: '/no-such-page' })).toEqual({ kind: 'redirect', to: '/404' });
    expect(decideRoute({ ...signedIn, pathname: '/admin-dashboard' })).toEqual({ kind: 'redirect', to: '/404' });
  });

  it.each(['/404', '/403', '/500', '/change-password', '/redirect/dashboard'])('renders %s for a signed-in user', (pathname) => {
    expect(decideRoute({ ...signedIn, pathname })).toEqual({ kind: 'render' });
  });

  it('holds a user who must change a temporary password on /change-password', () => {
    const forced = { ...signedIn, mustChangePassword: true };
    expect(decideRoute({ ...forced, pathname: '/dashboard' })).toEqual({ kind: 'redirect', to: '/change-password' });
    expect(decideRoute({ ...forced, pathname: '/404' })).toEqual({ kind: 'redirect', to: '/change-password' });
    expect(decideRoute({ ...forced, pathname: '/change-password' })).toEqual({ kind: 'render' });
  });
});

describe('pages outside the menu: Help tickets and the file preview', () => {
  const fileId = '01a2017c-a8cb-7b73-854c-83d8051b8f45';
  const signedOut: RouteContext = {
    pathname: '/',
    search: '',
    signedIn: false,
    mustChangePassword: false,
    allowed: null,
    start: '/dashboard',
  };
  const facilityUser: RouteContext = { ...signedOut, signedIn: true, allowed: new Set(['/dashboard']) };
  const superAdmin: RouteContext = {
    ...facilityUser,
    allowed: new Set(['/admin-dashboard', '/support-ticket-manage']),
    start: '/admin-dashboard',
    superAdmin: true,
  };

  it('knows a file id only when it is shaped like the server\'s UUIDs', () => {
    expect(filePreviewId(`/${fileId}`)).toBe(fileId);
    expect(filePreviewId(`/${fileId.toUpperCase()}`)).toBe(fileId);
    for (const path of ['/dashboard', '/404', `/${fileId}/x`, `/x${fileId}`, '/01a2017c-a8cb-7b73-854c', '/', '']) {
      expect(filePreviewId(path), path).toBeUndefined();
    }
  });

  it('offers Help tickets to facility users and the preview to everyone signed in', () => {
    expect(isSignedInExtraPath('/help/support-ticket', false)).toBe(true);
    expect(isSignedInExtraPath('/help/support-ticket', true)).toBe(false);
    expect(isSignedInExtraPath(`/${fileId}`, true)).toBe(true);
    expect(isSignedInExtraPath('/help/faq', false)).toBe(false);
    expect(isSignedInExtraPath('/calendar', false)).toBe(false);
  });

  it('renders them for a signed-in facility user once the menu is loaded', () => {
    expect(decideRoute({ ...facilityUser, pathname: '/help/support-ticket' })).toEqual({ kind: 'render' });
    expect(decideRoute({ ...facilityUser, pathname: `/${fileId}`, search: '?preview=1' })).toEqual({ kind: 'render' });
    expect(decideRoute({ ...facilityUser, allowed: null, pathname: '/help/support-ticket' })).toEqual({ kind: 'load-menu' });
  });

  it('sends the super admin from Help to the menu page, and lets them preview files', () => {
    expect(decideRoute({ ...superAdmin, pathname: '/help/support-ticket' })).toEqual({ kind: 'redirect', to: '/support-ticket-manage' });
    expect(decideRoute({ ...superAdmin, allowed: new Set(['/admin-dashboard']), pathname: '/help/support-ticket' })).toEqual({
      kind: 'redirect',
      to: '/404',
    });
    expect(decideRoute({ ...superAdmin, pathname: `/${fileId}` })).toEqual({ kind: 'render' });
  });

  it('asks a signed-out visitor to sign in first (they need a session), other help routes stay public', () => {
    expect(decideRoute({ ...signedOut, pathname: '/help/support-ticket' })).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Fhelp%2Fsupport-ticket',
    });
    expect(decideRoute({ ...signedOut, pathname: `/${fileId}`, search: '?preview=1' })).toEqual({
      kind: 'redirect',
      to: `/login?redirect=%2F${fileId}%3Fpreview%3D1`,
    });
    expect(decideRoute({ ...signedOut, pathname: '/help/faq' })).toEqual({ kind: 'render' });
  });

  it('returns there after sign-in', () => {
    expect(decideRoute({ ...facilityUser, pathname: '/login', search: '?redirect=%2Fhelp%2Fsupport-ticket' })).toEqual({
      kind: 'redirect',
      to: '/help/support-ticket',
    });
    expect(decideRoute({ ...facilityUser, pathname: '/login', search: `?redirect=%2F${fileId}%3Fpreview%3D1` })).toEqual({
      kind: 'redirect',
      to: `/${fileId}?preview=1`,
    });
    expect(decideRoute({ ...superAdmin, pathname: '/login', search: '?redirect=%2Fhelp%2Fsupport-ticket' })).toEqual({
      kind: 'redirect',
      to: '/admin-dashboard',
    });
    expect(allowedRedirect('?redirect=/x', new Set(), (p) => p === '/x')).toBe('/x');
  });

  it('still sends other unknown paths to /404', () => {
    expect(decideRoute({ ...facilityUser, pathname: '/01a2017c' })).toEqual({ kind: 'redirect', to: '/404' });
    expect(decideRoute({ ...facilityUser, pathname: '/help/faq' })).toEqual({ kind: 'redirect', to: '/404' });
  });
});

describe('sub pages (spec 000 §2: detail and add pages under a menu page)', () => {
  const subPages = [
    { path: '/staff-management/detail/:id', parent: '/staff-management' },
    { path: '/resident-management/detail', parent: '/resident-management' },
  ];
  const ctx: RouteContext = {
    pathname: '/',
    search: '',
    signedIn: true,
    mustChangePassword: false,
    allowed: new Set(['/dashboard', '/staff-management']),
    start: '/dashboard',
    subPages,
  };

  it('matches patterns with parameters, and nothing longer or shorter', () => {
    expect(matchesPattern('/staff-management/detail/:id', '/staff-management/detail/abc')).toBe(true);
    expect(matchesPattern('/staff-management/detail/:id', '/staff-management/detail/')).toBe(false);
    expect(matchesPattern('/staff-management/detail/:id', '/staff-management/detail/a/b')).toBe(false);
    expect(subPageFor(subPages, '/resident-management/detail')?.parent).toBe('/resident-management');
  });

  it('opens a sub page when its parent menu page is allowed', () => {
    expect(decideRoute({ ...ctx, pathname: '/staff-management/detail/42' })).toEqual({ kind: 'render' });
  });

  it('sends a sub page whose parent the menu does not allow to /404', () => {
    expect(decideRoute({ ...ctx, pathname: '/resident-management/detail', search: '?residentId=1' })).toEqual({
      kind: 'redirect',
      to: '/404',
    });
  });

  it('answers /403, not /404, for a page the app has but the user lacks (a caregiver at an owner URL)', () => {
    const knownPage = (p: string) => ['/staff-management', '/resident-management'].includes(p) || subPageFor(subPages, p) !== undefined;
    expect(decideRoute({ ...ctx, knownPage, pathname: '/resident-management' })).toEqual({ kind: 'redirect', to: '/403' });
    expect(decideRoute({ ...ctx, knownPage, pathname: '/resident-management/detail', search: '?residentId=1' })).toEqual({
      kind: 'redirect',
      to: '/403',
    });
    expect(decideRoute({ ...ctx, knownPage, pathname: '/staff-management/detail/42' })).toEqual({ kind: 'render' });
    expect(decideRoute({ ...ctx, knownPage, pathname: '/no-such-page' })).toEqual({ kind: 'redirect', to: '/404' });
  });

  it('honours a sign-in redirect to an allowed sub page', () => {
    expect(decideRoute({ ...ctx, pathname: '/login', search: '?redirect=%2Fstaff-management%2Fdetail%2F42' })).toEqual({
      kind: 'redirect',
      to: '/staff-management/detail/42',
    });
  });
});
