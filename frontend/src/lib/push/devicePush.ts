// This browser's Web Push subscription (issue 34, "Alerts that reach the phone"): what the settings dialog
// (features/push) turns on and off, and what sign-out forgets. The server keeps one subscription per device
// (the X-Device-Id the client sends); the service worker's public/sw-push.js shows what arrives.
import type { PushSubscribeRequest } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/** What this browser can do: push, push once Hearth is on the Home Screen (iPhone, iPad), or none. */
export type PushSupport = 'supported' | 'installFirst' | 'unsupported';

/** Why turning alerts on did not happen. */
export type PushRefusal = 'denied' | 'dismissed' | 'noWorker' | 'failed';

export class PushNotOn extends Error {
  constructor(readonly reason: PushRefusal) {
    super(`push not turned on: ${reason}`);
  }
}

function standalone(): boolean {
  return window.matchMedia?.('(display-mode: standalone)').matches === true || (navigator as { standalone?: boolean }).standalone === true;
}

/** Whether alerts can reach this browser: a service worker, the Push API and notifications are all needed. */
export function pushSupport(): PushSupport {
  const full = 'serviceWorker' in navigator && typeof window.PushManager !== 'undefined' && typeof window.Notification !== 'undefined';
  if (full) return 'supported';
  // Safari on iPhone and iPad offers push only to a web app added to the Home Screen (iOS 16.4 and later).
  const apple = /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
  return apple && !standalone() ? 'installFirst' : 'unsupported';
}

/** The notification permission of this site: granted, denied, or default (not asked yet). */
export function notificationPermission(): NotificationPermission {
  return typeof window.Notification === 'undefined' ? 'denied' : window.Notification.permission;
}

/** The service worker's registration, or undefined when none controls this app (a development server). */
async function registration(waitMs = 10_000): Promise<ServiceWorkerRegistration | undefined> {
  if (!('serviceWorker' in navigator)) return undefined;
  const existing = await navigator.serviceWorker.getRegistration();
  if (existing?.active) return existing;
  return Promise.race([navigator.serviceWorker.ready, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), waitMs))]);
}

/** This browser's current push subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() !== 'supported') return null;
  const reg = await registration(0).catch(() => undefined);
  return (await reg?.pushManager.getSubscription()) ?? null;
}

/** The VAPID key as the bytes PushManager.subscribe takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

function sameKey(sub: PushSubscription, key: Uint8Array): boolean {
  const had = sub.options.applicationServerKey;
  if (!had) return false;
  const a = new Uint8Array(had);
  return a.length === key.length && a.every((b, i) => b === key[i]);
}

/**
 * Asks for the notification permission (on the person's tap) and subscribes this browser with the server's
 * key; answers what /push/subscribe takes. Throws PushNotOn with the reason when it cannot.
 */
export async function subscribeThisBrowser(publicKey: string): Promise<PushSubscribeRequest> {
  const permission = await window.Notification.requestPermission();
  if (permission === 'denied') throw new PushNotOn('denied');
  if (permission !== 'granted') throw new PushNotOn('dismissed');
  const reg = await registration();
  if (!reg) throw new PushNotOn('noWorker');
  const key = keyBytes(publicKey);
  try {
    let sub = await reg.pushManager.getSubscription();
    // A subscription made with another server key (keys replaced) cannot be used: make a new one.
    if (sub && !sameKey(sub, key)) {
      await sub.unsubscribe();
      sub = null;
    }
    sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    const json = sub.toJSON();
    return { endpoint: json.endpoint ?? sub.endpoint, p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' };
  } catch (err) {
    if (err instanceof DOMException && err.name === 'NotAllowedError') throw new PushNotOn('denied');
    throw new PushNotOn('failed');
  }
}

/** Ends this browser's own subscription (the server's is removed by /push/unsubscribe). */
export async function unsubscribeThisBrowser(): Promise<void> {
  const sub = await currentSubscription().catch(() => null);
  await sub?.unsubscribe().catch(() => false);
  forgetSent();
}

/**
 * At sign-out, while the session still signs calls: the server forgets this device's subscription and the
 * browser ends its own, so the next person on this phone gets none of these alerts. Best effort and quiet:
 * signing out works offline too.
 */
export async function forgetThisDevicePush(): Promise<void> {
  if (pushSupport() !== 'supported') return;
  const sub = await currentSubscription().catch(() => null);
  if (!sub) return;
  await api.post('/system/push/unsubscribe', undefined, { quiet: true, noOutbox: true }).catch(() => undefined);
  await sub.unsubscribe().catch(() => false);
  forgetSent();
}

/** Who turned alerts on in this browser, and for which subscription (so a new one is sent, and only for them). */
const SENT_KEY = 'hearth.push.sent';

interface Sent {
  userId: string;
  endpoint: string;
}

/** Remembers that this person's subscription was sent from this browser. */
export function rememberSent(userId: string, endpoint: string): void {
  localStorage.setItem(SENT_KEY, JSON.stringify({ userId, endpoint } satisfies Sent));
}

export function forgetSent(): void {
  localStorage.removeItem(SENT_KEY);
}

function readSent(): Sent | undefined {
  try {
    const v = JSON.parse(localStorage.getItem(SENT_KEY) ?? 'null') as Sent | null;
    return v && typeof v.userId === 'string' && typeof v.endpoint === 'string' ? v : undefined;
  } catch {
    return undefined;
  }
}

/**
 * On every start of the signed-in app and when the service worker says the push service replaced the
 * subscription (pushsubscriptionchange): the person who turned alerts on here gets the new subscription sent to
 * the server; a subscription left by someone else (a sign-in that ended without signing out) is ended, so
 * their alerts stop reaching this phone. Quiet: nothing to show when it cannot.
 */
export async function syncThisDevicePush(userId: string): Promise<void> {
  if (!userId || pushSupport() !== 'supported') return;
  const sub = await currentSubscription().catch(() => null);
  if (!sub) return;
  const sent = readSent();
  if (!sent || sent.userId !== userId) {
    await sub.unsubscribe().catch(() => false);
    forgetSent();
    return;
  }
  if (sent.endpoint === sub.endpoint || notificationPermission() !== 'granted') return;
  const json = sub.toJSON();
  const req: PushSubscribeRequest = { endpoint: sub.endpoint, p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' };
  await api.post('/system/push/subscribe', req, { quiet: true, noOutbox: true });
  rememberSent(userId, sub.endpoint);
}

/** Calls syncThisDevicePush when the service worker reports a replaced subscription; answers the unlisten. */
export function listenForPushChanges(userId: string): () => void {
  if (!('serviceWorker' in navigator)) return () => undefined;
  const onMessage = (e: MessageEvent) => {
    if ((e.data as { type?: string } | null)?.type === 'hearth:push-changed') void syncThisDevicePush(userId).catch(() => undefined);
  };
  navigator.serviceWorker.addEventListener('message', onMessage);
  return () => navigator.serviceWorker.removeEventListener('message', onMessage);
}
