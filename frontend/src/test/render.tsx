// The one way a render test shows a screen: with the providers App has (TanStack Query, Blueprint's portal
// and overlay providers, the router), the interface strings of a language, a signed-in person of a role,
// and a fake server behind the real HTTP client (./fakeServer.ts). Tests find things by role and label and
// act through user-event, as a person would (docs/frontend.md "Render tests").
import type { ReactElement } from 'react';
import { OverlaysProvider, PortalProvider } from '@blueprintjs/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { MemoryRouter, Outlet, Route, Routes, useLocation, type Location } from 'react-router';
import type { LoginResult, MenuItem, Role, UserInfo } from '@/types/api.gen';
import { RoleCaregiverStaff } from '@/types/api.gen';
import { i18n, initI18n, loadFeatureStrings, type LanguageCode, type StringsFeature } from '@/lib/i18n';
import { loadPlatform } from '@/lib/i18n/resources';
import { LANGUAGE_KEY } from '@/lib/session/session';
import { endSession, signIn } from '@/lib/session/store';
import type { ShellContext } from '@/lib/shell';
import { installFakeServer, type FakeServer } from './fakeServer';

export { invalid, refuse, type FakeCall, type FakeServer } from './fakeServer';
export { screen, within };

/** The person signed in for the test. */
export interface TestUser {
  roles: Role[];
  userId?: string;
  userName?: string;
  /** The facility's zone code (PT, ET, …); times on the screen are on this clock. */
  timeZone?: string;
  plan?: string;
}

export interface ScreenOptions {
  /** The URL the screen opens at (path and query). */
  route?: string;
  /** The route pattern the screen is mounted under (`/chat/:id`); the route's path by default. */
  path?: string;
  language?: LanguageCode;
  /** The features whose strings the screen uses (its lazyPage list in app/pageRegistry.ts). */
  strings?: readonly StringsFeature[];
  /** The signed-in person (a caregiver by default); null for a signed-out screen such as /login. */
  user?: TestUser | null;
  /** What the signed-in layout hands the page (useShell): the user info and the menu. */
  shell?: Partial<ShellContext>;
}

export interface Screen extends RenderResult {
  /** Clicks and typing, as a person does them. */
  user: UserEvent;
  queryClient: QueryClient;
  /** Where the router is now (after a link or a navigate). */
  location: () => Location;
}

let server: FakeServer | undefined;

/**
 * The fake server for this test, installed as the client's `fetch`: give it the answers before rendering
 * (`fakeServer().on('GET', '/system/dashboard/listCards', [...])`) and read the calls after.
 */
export function fakeServer(): FakeServer {
  server ??= installFakeServer();
  return server;
}

/**
 * After each test (src/test/dom.ts): the next test gets a new fake server. A screen that called something
 * nobody answered would show a failure the test did not look at, so that fails the test.
 */
export function endFakeServer(): void {
  const unanswered = server?.unanswered ?? [];
  server = undefined;
  if (unanswered.length > 0) throw new Error(`the fake server had no answer for: ${unanswered.join(', ')}`);
}

let started: Promise<unknown> | undefined;

/** The interface in a language, with the platform strings and the features' fragments, as main.tsx loads them. */
export async function setLanguage(language: LanguageCode, strings: readonly StringsFeature[] = []): Promise<void> {
  localStorage.setItem(LANGUAGE_KEY, language);
  started ??= initI18n();
  await started;
  if (i18n.language !== language) {
    const platform = language === 'en-US' ? undefined : await loadPlatform(language);
    if (platform) i18n.addResourceBundle(language, 'translation', platform, true, false);
    await i18n.changeLanguage(language);
    document.documentElement.lang = language;
  }
  await loadFeatureStrings(strings);
}

function jwt(expSeconds: number): string {
  const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
  return `${b64({ alg: 'HS256' })}.${b64({ exp: expSeconds })}.sig`;
}

/** Signs a person in as the login answer would (session store and localStorage). */
export function signInAs(user: TestUser): void {
  const result: LoginResult = {
    token: jwt(Math.floor(Date.now() / 1000) + 3600),
    refreshToken: 'refresh-test',
    refreshTokenExpireTime: Date.now() + 86_400_000,
    loginUserInfo: {
      userId: user.userId ?? 'user-1',
      roles: user.roles.join(','),
      timeZoneId: user.timeZone ?? 'PT',
      tenantId: 'tenant-maple',
      userName: user.userName ?? 'Grace Kim',
    },
    subscriptionPlan: user.plan ?? 'PREMIUM_PLAN',
    twoFactorAuthentication: false,
    sendEmailVerifyCode: false,
  };
  signIn(result);
}

/** The user info the layout reads for the signed-in person (getUserInfo). */
export function userInfoOf(user: TestUser): UserInfo {
  return {
    userId: user.userId ?? 'user-1',
    userName: user.userName ?? 'Grace Kim',
    account: 'grace',
    email: 'grace@example.com',
    avatar: '',
    facilityName: 'Maple House',
    tenantId: 'tenant-maple',
    timeZone: user.timeZone ?? 'PT',
    loginTime: Date.now(),
    useTempPassword: false,
    nextUpdatePasswordTime: 0,
    roles: user.roles,
    subscriptionPlan: user.plan ?? 'PREMIUM_PLAN',
    packageId: '',
  };
}

/**
 * The part of the page a heading names (a Blueprint Section or card is labelled by its title), for
 * `within(...)`: what a person reads under that title.
 */
export async function findSection(name: string | RegExp): Promise<HTMLElement> {
  const heading = await screen.findByRole('heading', { name });
  const section = heading.id ? document.querySelector<HTMLElement>(`[aria-labelledby~="${heading.id}"]`) : null;
  if (!section) throw new Error(`nothing is labelled by the heading "${heading.textContent}"`);
  return section;
}

function LocationSpy({ onChange }: { onChange: (l: Location) => void }) {
  onChange(useLocation());
  return null;
}

/**
 * Renders a screen as a person meets it and waits for its strings. The screen sits in a router at
 * `options.route` under a layout route that hands it the shell context, like AppLayout does.
 */
export async function renderScreen(ui: ReactElement, options: ScreenOptions = {}): Promise<Screen> {
  const route = options.route ?? '/';
  const path = options.path ?? route.split('?')[0];
  const person = options.user === undefined ? { roles: [RoleCaregiverStaff] } : options.user;
  fakeServer();
  await setLanguage(options.language ?? 'en-US', options.strings);
  if (person) signInAs(person);
  else endSession();
  // As App's client: the client reports failures itself, so nothing is retried.
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
  });
  const shell: ShellContext = {
    menu: [] as MenuItem[],
    userInfo: person ? userInfoOf(person) : undefined,
    ...options.shell,
  };
  let where: Location | undefined;
  const result = render(
    <QueryClientProvider client={queryClient}>
      <PortalProvider>
        <OverlaysProvider>
          <MemoryRouter initialEntries={[route]}>
            <LocationSpy onChange={(l) => (where = l)} />
            <Routes>
              <Route element={<Outlet context={shell} />}>
                <Route path={path} element={ui} />
                <Route path="*" element={<p>left for {'another page'}</p>} />
              </Route>
            </Routes>
          </MemoryRouter>
        </OverlaysProvider>
      </PortalProvider>
    </QueryClientProvider>,
  );
  return {
    ...result,
    // No pause between keystrokes: the screen reacts to each one at once (act), and tests stay quick.
    user: userEvent.setup({ delay: null }),
    queryClient,
    location: () => where as Location,
  };
}
