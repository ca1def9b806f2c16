// Background Sync for the outbox (imported by the generated service worker, see vite.config.ts).
// A ticket or danger report sent with no connection waits in IndexedDB on the phone; the page registers the
// sync tag 'ticket-outbox' and the browser fires it here once the connection returns, even when
// the app's tab is in the background. Sending needs the worker's sign-in, which lives in the page,
// so the worker asks every open page of the app to send now and waits for their answer; when no
// page answers "sent", the sync fails and the browser tries again later. With no page open the
// outbox goes at the next start of the app (and at every reconnection while it is open).

const OUTBOX_SYNC_TAG = 'ticket-outbox';
const ANSWER_TIMEOUT_MS = 60000;

/** Posts 'outbox-send' to one page and resolves with its answer: 'sent', 'waiting' or 'timeout'. */
function askPage(page) {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve('timeout'), ANSWER_TIMEOUT_MS);
    channel.port1.onmessage = (event) => {
      clearTimeout(timer);
      resolve(event.data);
    };
    page.postMessage({ type: 'outbox-send' }, [channel.port2]);
  });
}

async function sendOutboxFromPages() {
  const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  if (pages.length === 0) throw new Error('No open page of the app to send the outbox');
  const answers = await Promise.all(pages.map(askPage));
  if (!answers.includes('sent')) throw new Error('The outbox is still waiting');
}

self.addEventListener('sync', (event) => {
  if (event.tag === OUTBOX_SYNC_TAG) event.waitUntil(sendOutboxFromPages());
});
