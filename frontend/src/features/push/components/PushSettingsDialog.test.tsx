import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import type { PushPreferences } from '@/types/api.gen';
import { fakeServer, renderScreen, screen } from '@/test/render';
import { PushSettingsDialog } from './PushSettingsDialog';

const ALL: PushPreferences = { medPass: true, prnCheck: true, shiftReminder: true, chatMessage: true };
// A VAPID public key: 65 bytes, base64url.
const KEY = 'BO7mWGAGGxS0TglNeWhuYFr33wQ3UUNkqiuwmKbuhC84vxGo8hvjBae2DqAoBoE9BBWo16cTXMhhdcNo98xZY-Y';

/** A browser with push: a service worker registration whose PushManager makes one subscription. */
function browserWithPush(permission: NotificationPermission) {
  let current: PushSubscription | null = null;
  const sub = {
    endpoint: 'https://push.example.com/send/abc',
    options: { applicationServerKey: null as ArrayBuffer | null },
    toJSON: () => ({ endpoint: 'https://push.example.com/send/abc', keys: { p256dh: 'BPp256dh', auth: 'authsecret' } }),
    unsubscribe: vi.fn(async () => {
      current = null;
      return true;
    }),
  };
  const subscribe = vi.fn(async (opts: PushSubscriptionOptionsInit) => {
    sub.options.applicationServerKey = (opts.applicationServerKey as Uint8Array).buffer as ArrayBuffer;
    current = sub as unknown as PushSubscription;
    return current;
  });
  const reg = { active: {}, pushManager: { getSubscription: async () => current, subscribe } };
  const requestPermission = vi.fn(async () => permission);
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { permission: 'default', requestPermission });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => reg, ready: Promise.resolve(reg), addEventListener: () => undefined, removeEventListener: () => undefined },
  });
  return { subscribe, requestPermission, sub };
}

function answers(subscribed = false, prefs: PushPreferences = ALL) {
  let on = subscribed;
  return fakeServer()
    .on('GET', '/system/push/status', () => ({ subscribed: on, devices: on ? 1 : 0 }))
    .on('GET', '/system/push/preferences', prefs)
    .on('GET', '/system/push/publicKey', { publicKey: KEY })
    .on('POST', '/system/push/subscribe', () => {
      on = true;
      return { subscribed: true, devices: 1 };
    })
    .on('POST', '/system/push/unsubscribe', () => {
      on = false;
      return { subscribed: false, devices: 0 };
    })
    .on('POST', '/system/push/savePreferences', (call) => call.body);
}

describe('alerts on this phone', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('says plainly when this browser cannot get alerts, and still lets the person choose them', async () => {
    answers();
    await renderScreen(<PushSettingsDialog onClose={() => undefined} />);
    expect(await screen.findByText('Not available on this browser')).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Alerts on this device' })).toBeNull();
    expect(await screen.findByRole('checkbox', { name: /Med pass due soon/ })).toBeTruthy();
  });

  it('turns alerts on for this device on the tap: permission, the browser subscribed with the server key, the subscription sent', async () => {
    const browser = browserWithPush('granted');
    const server = answers();
    const { user } = await renderScreen(<PushSettingsDialog onClose={() => undefined} />);
    const toggle = await screen.findByRole('checkbox', { name: 'Alerts on this device' });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    await user.click(toggle);
    await waitFor(() => expect(server.callsTo('/system/push/subscribe')).toHaveLength(1));
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    const opts = browser.subscribe.mock.calls[0][0];
    expect(opts.userVisibleOnly).toBe(true);
    expect((opts.applicationServerKey as Uint8Array).length).toBe(65);
    expect(server.lastBody('/system/push/subscribe')).toEqual({ endpoint: 'https://push.example.com/send/abc', p256dh: 'BPp256dh', auth: 'authsecret' });
    await waitFor(() => expect((screen.getByRole('checkbox', { name: 'Alerts on this device' }) as HTMLInputElement).checked).toBe(true));
    expect(screen.getByText(/Devices with your alerts: 1\./)).toBeTruthy();

    // Off again: the server forgets the device, and the browser its subscription.
    await user.click(screen.getByRole('checkbox', { name: 'Alerts on this device' }));
    await waitFor(() => expect(server.callsTo('/system/push/unsubscribe')).toHaveLength(1));
    await waitFor(() => expect(browser.sub.unsubscribe).toHaveBeenCalled());
  });

  it('explains a blocked permission and sends nothing', async () => {
    browserWithPush('denied');
    const server = answers();
    const { user } = await renderScreen(<PushSettingsDialog onClose={() => undefined} />);
    await user.click(await screen.findByRole('checkbox', { name: 'Alerts on this device' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/Notifications are blocked for Hearth in this browser/);
    expect(server.callsTo('/system/push/subscribe')).toHaveLength(0);
  });

  it('saves the choice of alerts', async () => {
    browserWithPush('granted');
    const server = answers(false);
    const { user } = await renderScreen(<PushSettingsDialog onClose={() => undefined} />);
    const chat = await screen.findByRole('checkbox', { name: /Chat messages/ });
    await waitFor(() => expect((chat as HTMLInputElement).checked).toBe(true));
    await user.click(chat);
    await waitFor(() => expect(server.callsTo('/system/push/savePreferences')).toHaveLength(1));
    expect(server.lastBody('/system/push/savePreferences')).toEqual({ ...ALL, chatMessage: false });
  });

  it('reads in Spanish', async () => {
    answers();
    await renderScreen(<PushSettingsDialog onClose={() => undefined} />, { language: 'es-ES' });
    expect(await screen.findByText('No disponible en este navegador')).toBeTruthy();
    expect(await screen.findByRole('checkbox', { name: /Toma de medicación próxima/ })).toBeTruthy();
  });

  it('reads in Chinese', async () => {
    answers();
    await renderScreen(<PushSettingsDialog onClose={() => undefined} />, { language: 'zh-CN' });
    expect(await screen.findByText('此浏览器不支持')).toBeTruthy();
    expect(await screen.findByRole('checkbox', { name: /班次提醒/ })).toBeTruthy();
  });
});
