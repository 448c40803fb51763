/* The offline outbox: Background Sync wakes the open pages to send what was saved on this phone (see docs/frontend.md). */
// The writes wait in the page's IndexedDB (lib/phone/outboxStore.ts) and are signed with the session the page
// holds (localStorage, which a worker cannot read), so the worker does not send them itself: when the browser
// says the network is back it asks every open page of the app to send (lib/phone/outboxSend.ts listens). With
// no page open the sync fails, so the browser tries again later; the next open sends them in any case.
self.addEventListener('sync', (event) => {
  if (event.tag !== 'hearth-outbox') return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((pages) => {
      for (const page of pages) page.postMessage({ type: 'hearth-outbox-send' });
      if (pages.length === 0) throw new Error('no page open to send the outbox');
    }),
  );
});
