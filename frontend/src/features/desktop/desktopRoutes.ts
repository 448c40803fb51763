// Which screen the desktop shell shows (issue 6), as a pure rule the DesktopGate applies before the
// signed-in routing: a kiosk shows only /kiosk; a shell without a cloud URL shows the first-run setup.
import { DesktopKiosk, type DesktopStatus } from '@/types/api.gen';

export const KIOSK_PATH = '/kiosk';
export const DESKTOP_SETUP_PATH = '/desktop/setup';
export const KIOSK_SETUP_PATH = '/desktop/kiosk-setup';

/** Screens that exist only in the shell (a browser gets /404 for them). */
export function isDesktopOnlyPath(pathname: string): boolean {
  return pathname === KIOSK_PATH || pathname === DESKTOP_SETUP_PATH || pathname === KIOSK_SETUP_PATH;
}

export type DesktopDecision = { kind: 'pass' } | { kind: 'redirect'; to: string };

/**
 * `status` is null outside the shell (or before the shell first answered): the desktop screens are then
 * unknown pages. In kiosk mode every path leads to /kiosk; with no cloud URL yet, to the setup.
 */
export function decideDesktopRoute(pathname: string, status: DesktopStatus | null): DesktopDecision {
  if (status === null) return isDesktopOnlyPath(pathname) ? { kind: 'redirect', to: '/404' } : { kind: 'pass' };
  if (status.mode === DesktopKiosk) return pathname === KIOSK_PATH ? { kind: 'pass' } : { kind: 'redirect', to: KIOSK_PATH };
  if (status.cloudUrl === '') return pathname === DESKTOP_SETUP_PATH ? { kind: 'pass' } : { kind: 'redirect', to: DESKTOP_SETUP_PATH };
  if (pathname === KIOSK_PATH) return { kind: 'redirect', to: '/' };
  return { kind: 'pass' };
}
