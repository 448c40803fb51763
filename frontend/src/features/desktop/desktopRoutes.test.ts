import { describe, expect, it } from 'vitest';
import type { DesktopStatus } from '@/types/api.gen';
import { decideDesktopRoute } from './desktopRoutes';

const owner: DesktopStatus = {
  mode: 'OWNER',
  version: '1.0.0',
  cloudUrl: 'https://hearth.example.org',
  defaultCloudUrl: '',
  online: true,
  kioskSetUp: false,
  outboxWaiting: 0,
  outboxFailed: 0,
  medWaiting: 0,
  medAttention: 0,
  audioCapture: false,
};
const kiosk: DesktopStatus = { ...owner, mode: 'KIOSK', kioskSetUp: true, deviceName: 'Front door' };
const firstRun: DesktopStatus = { ...owner, cloudUrl: '' };

describe('desktop routes', () => {
  it('in a browser: everything as before, and the desktop screens are unknown pages', () => {
    expect(decideDesktopRoute('/dashboard', null)).toEqual({ kind: 'pass' });
    expect(decideDesktopRoute('/login', null)).toEqual({ kind: 'pass' });
    for (const p of ['/kiosk', '/desktop/setup', '/desktop/kiosk-setup']) expect(decideDesktopRoute(p, null)).toEqual({ kind: 'redirect', to: '/404' });
  });

  it('in kiosk mode: only /kiosk, every other path leads there', () => {
    expect(decideDesktopRoute('/kiosk', kiosk)).toEqual({ kind: 'pass' });
    for (const p of ['/', '/login', '/dashboard', '/staff-management', '/desktop/setup', '/404']) {
      expect(decideDesktopRoute(p, kiosk)).toEqual({ kind: 'redirect', to: '/kiosk' });
    }
  });

  it('on the first run: the setup until a server address is saved', () => {
    expect(decideDesktopRoute('/desktop/setup', firstRun)).toEqual({ kind: 'pass' });
    expect(decideDesktopRoute('/login', firstRun)).toEqual({ kind: 'redirect', to: '/desktop/setup' });
    expect(decideDesktopRoute('/desktop/kiosk-setup', firstRun)).toEqual({ kind: 'redirect', to: '/desktop/setup' });
  });

  it("in the owner's window: the app, the setup screens, and no kiosk", () => {
    expect(decideDesktopRoute('/dashboard', owner)).toEqual({ kind: 'pass' });
    expect(decideDesktopRoute('/desktop/setup', owner)).toEqual({ kind: 'pass' });
    expect(decideDesktopRoute('/desktop/kiosk-setup', owner)).toEqual({ kind: 'pass' });
    expect(decideDesktopRoute('/kiosk', owner)).toEqual({ kind: 'redirect', to: '/' });
  });
});
