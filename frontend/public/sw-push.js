/* Web Push: the service worker shows the notifications the server pushes (see docs/frontend.md). */
/* Loaded by the generated worker (vite.config.ts importScripts) before Workbox's code. The payload is
   shared.PushPayload, already in the recipient's language: { title, body, url, tag, alert }. */
(() => {
  // Only a path of this app opens from a notification, never another site.
  const appPath = (url) => (typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') && !url.includes('\\') ? url : '/');

  const windows = () => self.clients.matchAll({ type: 'window', includeUncontrolled: true });

  self.addEventListener('push', (event) => {
    let data = {};
    try {
      data = event.data ? event.data.json() : {};
    } catch {
      data = { body: event.data ? event.data.text() : '' };
    }
    event.waitUntil(
      (async () => {
        // A chat message while the app is open in view is shown by the app itself (the chat's own socket).
        if (data.alert === 'CHAT_MESSAGE' && (await windows()).some((w) => w.visibilityState === 'visible')) return;
        await self.registration.showNotification(data.title || 'Hearth', {
          body: data.body || '',
          tag: data.tag || undefined,
          renotify: Boolean(data.tag),
          icon: '/icons/icon-192.png',
          badge: '/icons/icon-192.png',
          data: { url: appPath(data.url) },
        });
      })(),
    );
  });

  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const url = appPath(event.notification.data && event.notification.data.url);
    event.waitUntil(
      (async () => {
        const open = (await windows()).filter((w) => new URL(w.url).origin === self.location.origin);
        const client = open.find((w) => w.focused) || open[0];
        if (client) {
          const focused = await client.focus();
          if (focused && 'navigate' in focused) await focused.navigate(url).catch(() => undefined);
          return;
        }
        await self.clients.openWindow(url);
      })(),
    );
  });

  // The push service replaced this browser's subscription: subscribe again with the same server key, and tell
  // the open pages; the app sends the new one to the server (it holds the sign-in; lib/push/devicePush.ts
  // syncThisDevicePush runs on every start and when this message comes).
  self.addEventListener('pushsubscriptionchange', (event) => {
    event.waitUntil(
      (async () => {
        let sub = event.newSubscription || null;
        const key = event.oldSubscription && event.oldSubscription.options ? event.oldSubscription.options.applicationServerKey : null;
        if (!sub && key) {
          sub = await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }).catch(() => null);
        }
        for (const w of await windows()) w.postMessage({ type: 'hearth:push-changed', endpoint: sub ? sub.endpoint : '' });
      })(),
    );
  });
})();
