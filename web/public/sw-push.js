// Web push, imported into the generated service worker (vite.config.ts
// importScripts). The functions send FCM data messages only (functions/src/push/send-push.ts); FCM
// delivers them wrapped as {data: {title, body, link, tag, notificationId}}, and this shows them.
// Plain JS without imports: it runs as it is, beside the Workbox code.

/**
 * The link as a path inside the app, else '/': a push cannot send the user elsewhere (not even with
 * '//host' or '/\\host', which the URL parser reads as another site).
 */
function appLink(link) {
  if (typeof link !== 'string') return '/';
  try {
    const url = new URL(link, self.location.origin);
    return url.origin === self.location.origin ? url.pathname + url.search + url.hash : '/';
  } catch {
    return '/';
  }
}

self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    return; // not one of ours
  }
  const data = message.data || {};
  if (!data.title && !data.body) return;
  const link = appLink(data.link);
  event.waitUntil(
    self.registration.showNotification(data.title || '', {
      body: data.body || '',
      // One notification per ticket: a newer push about it replaces the older one.
      tag: data.tag || undefined,
      renotify: Boolean(data.tag),
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { link },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = appLink(event.notification.data && event.notification.data.link);
  const target = new URL(link, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      // Reuse an open window of the app: focus it and let it show the ticket.
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        const focused = await open.focus();
        if ('navigate' in focused) {
          await focused.navigate(target);
          return;
        }
      }
      await self.clients.openWindow(target);
    })(),
  );
});
