import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';

// web/public/sw-push.js runs in the service worker; here it runs against a fake `self` that records
// its listeners, shown notifications and windows.
const SOURCE = readFileSync(path.join(__dirname, '../../public/sw-push.js'), 'utf8');

type Listener = (event: Record<string, unknown>) => void;

function loadWorker(windows: { url: string; focus: () => Promise<unknown> }[] = []) {
  const listeners: Record<string, Listener> = {};
  const worker = {
    location: { origin: 'https://tickets.example' },
    addEventListener: (type: string, listener: Listener) => {
      listeners[type] = listener;
    },
    registration: { showNotification: vi.fn(() => Promise.resolve()) },
    clients: {
      matchAll: vi.fn(() => Promise.resolve(windows)),
      openWindow: vi.fn(() => Promise.resolve(null)),
    },
  };
  new Function('self', SOURCE)(worker);
  /** Dispatches an event and waits for what it asked to wait for. */
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    let pending: Promise<unknown> = Promise.resolve();
    listeners[type]?.({ ...event, waitUntil: (promise: Promise<unknown>) => (pending = promise) });
    await pending;
  };
  return { worker, dispatch };
}

const pushOf = (payload: unknown) => ({ data: { json: () => payload } });

describe('sw-push.js', () => {
  it('shows an FCM data message with its text, tag and link', async () => {
    const { worker, dispatch } = loadWorker();
    await dispatch(
      'push',
      pushOf({
        data: { title: 'Site Tickets', body: 'Ticket T-1: resolved', link: '/ticket/t1', tag: 'ticket-t1' },
      }),
    );
    expect(worker.registration.showNotification).toHaveBeenCalledWith('Site Tickets', {
      body: 'Ticket T-1: resolved',
      tag: 'ticket-t1',
      renotify: true,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { link: '/ticket/t1' },
    });
  });

  it.each(['https://evil.example', '//evil.example/ticket/t1', '/\\evil.example', 'javascript:alert(1)'])(
    'follows no link that leaves the app (%s)',
    async (link) => {
      const { worker, dispatch } = loadWorker();
      await dispatch('push', pushOf({ data: { title: 'X', body: 'Y', link } }));
      expect(worker.registration.showNotification).toHaveBeenCalledWith(
        'X',
        expect.objectContaining({ data: { link: '/' } }),
      );
    },
  );

  it('ignores a push that is not one of ours', async () => {
    const { worker, dispatch } = loadWorker();
    await dispatch('push', { data: { json: () => JSON.parse('not json') as unknown } });
    await dispatch('push', pushOf({ something: 'else' }));
    expect(worker.registration.showNotification).not.toHaveBeenCalled();
  });

  it('a click focuses an open window of the app and takes it to the ticket', async () => {
    const navigate = vi.fn(() => Promise.resolve());
    const open = { url: 'https://tickets.example/history', focus: () => Promise.resolve({ navigate }) };
    const { worker, dispatch } = loadWorker([open]);
    const close = vi.fn();
    await dispatch('notificationclick', { notification: { close, data: { link: '/ticket/t1' } } });
    expect(close).toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith('https://tickets.example/ticket/t1');
    expect(worker.clients.openWindow).not.toHaveBeenCalled();
  });

  it('a click opens a new window when none is open', async () => {
    const { worker, dispatch } = loadWorker();
    await dispatch('notificationclick', { notification: { close: vi.fn(), data: { link: '/ticket/t1' } } });
    expect(worker.clients.openWindow).toHaveBeenCalledWith('https://tickets.example/ticket/t1');
  });
});
