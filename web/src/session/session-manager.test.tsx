import '../i18n';
import { SESSION_TIMEOUT_MS, SESSION_WARNING_MS } from '@domain';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DialogHost } from '../components/ui/dialog';
import type { SessionMessage } from './session-core';
import {
  SessionManager,
  endSessionManually,
  preloadSessionWarning,
  type BroadcastChannelLike,
  type SessionManagerProps,
} from './session-manager';

// The server is told of an extension through the keepSessionAlive callable.
const callMock = vi.hoisted(() => vi.fn((..._args: unknown[]) => Promise.resolve({ ok: true })));
vi.mock('../lib/call', () => ({ call: callMock }));

// The dialog is a lazy chunk in the app; loaded up front here so fake timers can drive it.
beforeAll(async () => {
  await preloadSessionWarning();
});

const START = Date.UTC(2025, 0, 6, 8, 0, 0);
const TIMEOUT = SESSION_TIMEOUT_MS;
const WARNING = SESSION_WARNING_MS;
const TEXTS = {
  title: 'Sesja wkrótce wygaśnie',
  stay: 'Pozostań zalogowany',
  logOut: 'Wyloguj teraz',
  timer: 'Pozostały czas',
  progress: 'Czas do końca sesji',
};

type Listener = (event: { data: unknown }) => void;
type FakeChannel = BroadcastChannelLike & { deliver: (data: unknown) => void };

/** An in-memory BroadcastChannel: a post reaches every other open channel of the hub, as across tabs. */
function createChannelHub() {
  const open = new Set<FakeChannel>();
  const sent: SessionMessage[] = [];
  function factory(): BroadcastChannelLike {
    const listeners = new Set<Listener>();
    const channel: FakeChannel = {
      postMessage(message) {
        sent.push(message);
        for (const other of open) if (other !== channel) other.deliver(message);
      },
      addEventListener: (_type, listener) => listeners.add(listener),
      removeEventListener: (_type, listener) => listeners.delete(listener),
      close: () => open.delete(channel),
      deliver: (data) => {
        for (const listener of listeners) listener({ data: structuredClone(data) });
      },
    };
    open.add(channel);
    return channel;
  }
  /** A message from a tab the test does not render. */
  function inject(data: SessionMessage) {
    act(() => {
      for (const channel of open) channel.deliver(data);
    });
  }
  return { factory, sent, inject };
}

type Hub = ReturnType<typeof createChannelHub>;

/** Renders one tab; its dialog renders inside its own host element, so two tabs can be told apart. */
function renderTab(hub: Hub, props: Partial<SessionManagerProps> = {}) {
  const host = document.body.appendChild(document.createElement('div'));
  const signOut = vi.fn<() => Promise<void>>(() => Promise.resolve());
  const baseProps: SessionManagerProps = {
    user: { uid: 'worker-1' },
    isAuthResolved: true,
    isRestoredSignIn: false,
    signOut,
    now: () => Date.now(),
    channelFactory: hub.factory,
    ...props,
  };
  const ui = (overrides: Partial<SessionManagerProps>) => (
    <DialogHost getContainer={() => host}>
      <SessionManager {...baseProps} {...overrides} />
    </DialogHost>
  );
  const view = render(ui({}), { container: host });
  return {
    host,
    signOut,
    tab: within(host),
    rerender: (overrides: Partial<SessionManagerProps>) => view.rerender(ui(overrides)),
  };
}

/** Moves the fake clock (Date.now included), running the one-second checks on the way. */
function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

function storedExpiry() {
  return localStorage.getItem('sessionExpiresAt');
}

// fireEvent rather than user-event: Testing Library's async wrapper waits on a setTimeout, which the fake
// timers hold back (it only knows how to advance Jest's).
function click(button: HTMLElement) {
  fireEvent.click(button);
}

beforeEach(() => {
  vi.useFakeTimers({ now: START });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('SessionManager in one tab', () => {
  it('starts a session at login: stores the expiry and announces SESSION_STARTED', () => {
    const hub = createChannelHub();
    localStorage.setItem('manualLogout', 'true');
    renderTab(hub);
    expect(storedExpiry()).toBe(String(START + TIMEOUT));
    expect(localStorage.getItem('manualLogout')).toBeNull();
    expect(hub.sent).toEqual([{ type: 'SESSION_STARTED', expiresAt: START + TIMEOUT, sentAt: START }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does nothing until auth has resolved, nor for a signed-out visitor', () => {
    const hub = createChannelHub();
    const { rerender, signOut } = renderTab(hub, { isAuthResolved: false });
    expect(storedExpiry()).toBeNull();
    rerender({ isAuthResolved: true, user: null });
    advance(TIMEOUT + 1000);
    expect(storedExpiry()).toBeNull();
    expect(hub.sent).toEqual([]);
    expect(signOut).not.toHaveBeenCalled();
  });

  it('shows the warning in the last minute with a countdown and a draining bar', () => {
    renderTab(createChannelHub());
    advance(TIMEOUT - WARNING - 1000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    advance(1000);
    const dialog = screen.getByRole('dialog', { name: TEXTS.title });
    expect(within(dialog).getByRole('timer', { name: TEXTS.timer })).toHaveTextContent('01:00');
    expect(dialog).toHaveTextContent('Twoja sesja zakończy się za 01:00.');
    expect(within(dialog).getByRole('progressbar', { name: TEXTS.progress })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );

    advance(30_000);
    expect(within(dialog).getByRole('timer')).toHaveTextContent('00:30');
    expect(within(dialog).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');

    advance(29_000);
    expect(within(dialog).getByRole('timer')).toHaveTextContent('00:01');
    expect(within(dialog).getByRole('button', { name: TEXTS.stay })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: TEXTS.logOut })).toBeInTheDocument();
  });

  it('"stay logged in" extends by the full timeout from now, closes the dialog and tells other tabs', () => {
    const hub = createChannelHub();
    const { signOut } = renderTab(hub);
    advance(TIMEOUT - 20_000);
    const clickedAt = Date.now();

    click(screen.getByRole('button', { name: TEXTS.stay }));

    expect(storedExpiry()).toBe(String(clickedAt + TIMEOUT));
    expect(hub.sent.at(-1)).toEqual({
      type: 'SESSION_EXTENDED',
      expiresAt: clickedAt + TIMEOUT,
      sentAt: clickedAt,
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    advance(20_000 + 5000);
    expect(signOut).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    advance(TIMEOUT - WARNING - 25_000);
    expect(screen.getByRole('timer')).toHaveTextContent('01:00');
  });

  it('"stay logged in" tells the server too, so its own 15-minute limit restarts', async () => {
    callMock.mockClear();
    renderTab(createChannelHub());
    advance(TIMEOUT - 20_000);
    expect(callMock).not.toHaveBeenCalled();
    click(screen.getByRole('button', { name: TEXTS.stay }));
    await vi.dynamicImportSettled();
    expect(callMock).toHaveBeenCalledWith('keepSessionAlive', {});
  });

  it('"log out now" is a manual logout: flag set, expiry removed, SESSION_ENDED manual, signOut', () => {
    const hub = createChannelHub();
    const { signOut } = renderTab(hub);
    advance(TIMEOUT - 10_000);

    click(screen.getByRole('button', { name: TEXTS.logOut }));

    expect(signOut).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('manualLogout')).toBe('true');
    expect(storedExpiry()).toBeNull();
    expect(hub.sent.at(-1)).toMatchObject({ type: 'SESSION_ENDED', manual: true });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    advance(20_000);
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('signs out at zero, removes the expiry and announces SESSION_ENDED (not manual)', () => {
    const hub = createChannelHub();
    const { signOut } = renderTab(hub);
    advance(TIMEOUT - 1000);
    expect(signOut).not.toHaveBeenCalled();
    expect(screen.getByRole('timer')).toHaveTextContent('00:01');

    advance(1000);
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(storedExpiry()).toBeNull();
    expect(localStorage.getItem('manualLogout')).toBeNull();
    expect(hub.sent.at(-1)).toEqual({ type: 'SESSION_ENDED', manual: false, sentAt: START + TIMEOUT });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    advance(5000);
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('honours a short test timeout', () => {
    const { signOut } = renderTab(createChannelHub(), { timeoutMs: 90_000 });
    expect(storedExpiry()).toBe(String(START + 90_000));
    advance(29_000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    advance(1000);
    expect(screen.getByRole('timer')).toHaveTextContent('01:00');
    advance(60_000);
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('ignores a message older than 5 s and adopts one exactly 5 s old', () => {
    const hub = createChannelHub();
    const { signOut } = renderTab(hub);
    advance(TIMEOUT - 30_000);
    const now = Date.now();

    hub.inject({ type: 'SESSION_EXTENDED', expiresAt: now + TIMEOUT, sentAt: now - 5001 });
    hub.inject({ type: 'SESSION_ENDED', manual: true, sentAt: now - 5001 });
    expect(screen.getByRole('dialog', { name: TEXTS.title })).toBeInTheDocument();
    expect(signOut).not.toHaveBeenCalled();

    hub.inject({ type: 'SESSION_EXTENDED', expiresAt: now + TIMEOUT, sentAt: now - 5000 });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    advance(30_000);
    expect(signOut).not.toHaveBeenCalled();
  });

  it('keeps a stale extension from saving the session at zero', () => {
    const hub = createChannelHub();
    const { signOut } = renderTab(hub);
    advance(TIMEOUT - 1000);
    hub.inject({ type: 'SESSION_EXTENDED', expiresAt: Date.now() + TIMEOUT, sentAt: Date.now() - 6000 });
    advance(1000);
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('follows storage events: a later expiry is adopted, a removed one ends the session', () => {
    const { signOut } = renderTab(createChannelHub());
    advance(TIMEOUT - 30_000);
    const later = Date.now() + TIMEOUT;
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', {
          key: 'sessionExpiresAt',
          newValue: String(later),
          storageArea: localStorage,
        }),
      );
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', {
          key: 'sessionExpiresAt',
          newValue: String(later - 1),
          storageArea: localStorage,
        }),
      );
    });
    advance(TIMEOUT - 30_000);
    expect(signOut).not.toHaveBeenCalled();

    localStorage.setItem('manualLogout', 'true');
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', { key: 'sessionExpiresAt', newValue: null, storageArea: localStorage }),
      );
    });
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('manualLogout')).toBe('true');
  });

  it('ends as a manual logout when another tab sets the manual-logout flag', () => {
    const { signOut } = renderTab(createChannelHub());
    localStorage.setItem('manualLogout', 'true');
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', { key: 'manualLogout', newValue: 'true', storageArea: localStorage }),
      );
    });
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(storedExpiry()).toBeNull();
  });
});

describe('SessionManager under StrictMode (effects run twice in development)', () => {
  it('announces one start, and signs an expired restored sign-in out once', () => {
    const hub = createChannelHub();
    const signOut = vi.fn<() => Promise<void>>(() => Promise.resolve());
    const props = { isAuthResolved: true, signOut, now: () => Date.now(), channelFactory: hub.factory };
    const view = render(
      <StrictMode>
        <SessionManager {...props} user={{ uid: 'worker-1' }} isRestoredSignIn={false} />
      </StrictMode>,
    );
    expect(hub.sent.filter((message) => message.type === 'SESSION_STARTED')).toHaveLength(1);
    view.unmount();

    localStorage.setItem('sessionExpiresAt', String(START - 1));
    render(
      <StrictMode>
        <SessionManager {...props} user={{ uid: 'worker-1' }} isRestoredSignIn />
      </StrictMode>,
    );
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(storedExpiry()).toBeNull();
  });
});

describe('SessionManager with a restored sign-in', () => {
  it('signs out and removes the expiry when the stored expiry has passed', () => {
    const hub = createChannelHub();
    localStorage.setItem('sessionExpiresAt', String(START - 1));
    const { signOut } = renderTab(hub, { isRestoredSignIn: true });
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(storedExpiry()).toBeNull();
    expect(hub.sent).toEqual([]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    advance(TIMEOUT);
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('resumes a running stored session without shortening or lengthening it', () => {
    const hub = createChannelHub();
    localStorage.setItem('sessionExpiresAt', String(START + 2 * WARNING));
    const { signOut } = renderTab(hub, { isRestoredSignIn: true });
    expect(storedExpiry()).toBe(String(START + 2 * WARNING));
    expect(hub.sent).toEqual([]);
    advance(WARNING);
    expect(screen.getByRole('timer')).toHaveTextContent('01:00');
    advance(WARNING);
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('signs out when no expiry is stored (fail closed: nothing shows the session still runs)', () => {
    const { signOut } = renderTab(createChannelHub(), { isRestoredSignIn: true });
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('sessionExpiresAt')).toBeNull();
  });

  it('restarts with the manual-logout flag and clears the flag', () => {
    localStorage.setItem('sessionExpiresAt', String(START - 1));
    localStorage.setItem('manualLogout', 'true');
    const { signOut } = renderTab(createChannelHub(), { isRestoredSignIn: true });
    expect(signOut).not.toHaveBeenCalled();
    expect(storedExpiry()).toBe(String(START + TIMEOUT));
    expect(localStorage.getItem('manualLogout')).toBeNull();
  });

  it('treats a later sign-in on the same page as a login that starts a new session', () => {
    localStorage.setItem('sessionExpiresAt', String(START + 60_000));
    const { rerender } = renderTab(createChannelHub(), { isRestoredSignIn: true });
    expect(storedExpiry()).toBe(String(START + 60_000));
    rerender({ user: null, isRestoredSignIn: true });
    advance(5000);
    rerender({ user: { uid: 'worker-1' }, isRestoredSignIn: true });
    expect(storedExpiry()).toBe(String(START + 5000 + TIMEOUT));
  });
});

describe('SessionManager across two tabs', () => {
  it('extending in one tab extends the other at once', () => {
    const hub = createChannelHub();
    const tabA = renderTab(hub);
    const tabB = renderTab(hub);
    advance(TIMEOUT - 40_000);
    expect(tabA.tab.getByRole('dialog', { name: TEXTS.title })).toBeInTheDocument();
    expect(tabB.tab.getByRole('dialog', { name: TEXTS.title })).toBeInTheDocument();
    const clickedAt = Date.now();

    click(tabA.tab.getByRole('button', { name: TEXTS.stay }));

    expect(tabA.tab.queryByRole('dialog')).not.toBeInTheDocument();
    expect(tabB.tab.queryByRole('dialog')).not.toBeInTheDocument();
    advance(40_000);
    expect(tabA.signOut).not.toHaveBeenCalled();
    expect(tabB.signOut).not.toHaveBeenCalled();
    advance(TIMEOUT - WARNING - 40_000);
    expect(tabB.tab.getByRole('timer')).toHaveTextContent('01:00');
    expect(storedExpiry()).toBe(String(clickedAt + TIMEOUT));
  });

  it('lets the later expiry win and never shortens a session', () => {
    const hub = createChannelHub();
    const tabA = renderTab(hub);
    advance(2 * 60_000);
    // Tab B logs in two minutes later; tab A adopts B's later expiry.
    const tabB = renderTab(hub);
    const later = START + 2 * 60_000 + TIMEOUT;
    expect(storedExpiry()).toBe(String(later));

    // A message with an earlier expiry changes neither tab.
    hub.inject({ type: 'SESSION_EXTENDED', expiresAt: START + TIMEOUT, sentAt: Date.now() });
    advance(TIMEOUT - 2 * 60_000);
    expect(tabA.signOut).not.toHaveBeenCalled();
    expect(tabB.signOut).not.toHaveBeenCalled();
    expect(tabA.tab.queryByRole('dialog')).not.toBeInTheDocument();

    advance(2 * 60_000 - WARNING);
    expect(tabA.tab.getByRole('timer')).toHaveTextContent('01:00');
    expect(tabB.tab.getByRole('timer')).toHaveTextContent('01:00');
  });

  it('expiry in one tab signs out the other', () => {
    const hub = createChannelHub();
    const tabA = renderTab(hub);
    // Tab B's clock runs half a second behind, so at A's zero B would still have time left of its own.
    const tabB = renderTab(hub, { now: () => Date.now() - 500 });
    advance(TIMEOUT);
    expect(tabA.signOut).toHaveBeenCalledTimes(1);
    expect(tabB.signOut).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('manualLogout')).toBeNull();
    expect(hub.sent.filter((message) => message.type === 'SESSION_ENDED')).toHaveLength(1);
  });

  it('logging out in one tab signs out both and passes on the manual-logout flag', () => {
    const hub = createChannelHub();
    const tabA = renderTab(hub);
    const tabB = renderTab(hub);
    advance(TIMEOUT - 30_000);

    click(tabA.tab.getByRole('button', { name: TEXTS.logOut }));

    expect(tabA.signOut).toHaveBeenCalledTimes(1);
    expect(tabB.signOut).toHaveBeenCalledTimes(1);
    expect(tabB.tab.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem('manualLogout')).toBe('true');
    expect(storedExpiry()).toBeNull();
  });

  it('a stale SESSION_ENDED from another tab is ignored', () => {
    const hub = createChannelHub();
    const tabA = renderTab(hub);
    advance(10_000);
    hub.inject({ type: 'SESSION_ENDED', manual: false, sentAt: Date.now() - 5001 });
    expect(tabA.signOut).not.toHaveBeenCalled();
    expect(storedExpiry()).toBe(String(START + TIMEOUT));
  });
});

describe('endSessionManually', () => {
  it('lets the mounted manager end the session and calls the given signOut once', async () => {
    const hub = createChannelHub();
    const { signOut: propSignOut } = renderTab(hub);
    const signOut = vi.fn<() => Promise<void>>(() => Promise.resolve());

    await act(() => endSessionManually(signOut));

    expect(signOut).toHaveBeenCalledTimes(1);
    expect(propSignOut).not.toHaveBeenCalled();
    expect(localStorage.getItem('manualLogout')).toBe('true');
    expect(storedExpiry()).toBeNull();
    expect(hub.sent.at(-1)).toEqual({ type: 'SESSION_ENDED', manual: true, sentAt: START });
  });

  it('does the same on its own when no manager is mounted, and passes on a sign-out error', async () => {
    const hub = createChannelHub();
    const listener = vi.fn();
    hub.factory().addEventListener('message', listener);
    localStorage.setItem('sessionExpiresAt', String(START + 1000));
    const signOut = vi.fn<() => Promise<void>>(() => Promise.reject(new Error('offline')));

    await expect(endSessionManually(signOut, { channelFactory: hub.factory, now: () => 42 })).rejects.toThrow(
      'offline',
    );

    expect(signOut).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('manualLogout')).toBe('true');
    expect(storedExpiry()).toBeNull();
    expect(listener).toHaveBeenCalledWith({ data: { type: 'SESSION_ENDED', manual: true, sentAt: 42 } });
  });
});
