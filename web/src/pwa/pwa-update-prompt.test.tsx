import { act, fireEvent, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../i18n';
import { NoticesProvider } from '../notices';
import { PwaUpdatePrompt } from './pwa-update-prompt';
import type { RegisterSWOptions } from './register-sw';
import { type FetchVersionFile, PWA_VERSION_STORAGE_KEY } from './update-check';

const { registerSW, updateSW } = vi.hoisted(() => {
  const updateSW = vi.fn(async (_reloadPage?: boolean) => undefined);
  return { updateSW, registerSW: vi.fn((_options?: RegisterSWOptions) => updateSW) };
});
// Stands in for `virtual:pwa-register`, which only exists in a Vite build with the PWA plugin.
vi.mock('./register-sw', () => ({ registerSW }));

const HOUR = 60 * 60 * 1000;
const PROMPT = 'A new version of the app is available.';

function serving(version: string) {
  return vi.fn<FetchVersionFile>(async () => ({ ok: true, json: async () => ({ version }) }));
}

function renderPrompt(fetchFn: FetchVersionFile = serving('2.0.0')) {
  return render(
    <StrictMode>
      <NoticesProvider>
        <PwaUpdatePrompt fetchFn={fetchFn} currentVersion="1.0.0" />
      </NoticesProvider>
    </StrictMode>,
  );
}

function registeredOptions(): RegisterSWOptions {
  const options = registerSW.mock.calls[0]?.[0];
  if (!options) throw new Error('registerSW was not called');
  return options;
}

async function needRefresh() {
  await act(async () => {
    registeredOptions().onNeedRefresh?.();
  });
}

function fakeRegistration() {
  return {
    installing: null,
    update: vi.fn(async () => undefined),
  } as unknown as ServiceWorkerRegistration & {
    update: ReturnType<typeof vi.fn>;
  };
}

beforeAll(async () => {
  await changeLanguage('en');
});

afterAll(async () => {
  await changeLanguage('pl');
});

beforeEach(() => {
  registerSW.mockClear();
  updateSW.mockClear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  delete window.appLogger;
});

describe('PwaUpdatePrompt', () => {
  it('registers the service worker once, even under StrictMode', () => {
    renderPrompt();
    expect(registerSW).toHaveBeenCalledOnce();
  });

  it('stores the running version on first run without prompting', () => {
    renderPrompt();
    expect(localStorage.getItem(PWA_VERSION_STORAGE_KEY)).toBe('1.0.0');
    expect(screen.queryByText(PROMPT)).not.toBeInTheDocument();
  });

  it('offers a reload in a persistent notice when a new version is waiting', async () => {
    const fetchFn = serving('2.0.0');
    renderPrompt(fetchFn);
    await needRefresh();
    expect(fetchFn).toHaveBeenCalledWith('/version.json', { cache: 'no-store' });
    expect(screen.getByRole('status')).toHaveTextContent(PROMPT);
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.queryByTestId('notice-progress')).not.toBeInTheDocument();
  });

  it('re-words the prompt in place when the language changes', async () => {
    renderPrompt();
    await needRefresh();
    await act(async () => {
      await changeLanguage('pl');
    });
    expect(screen.getByRole('status')).toHaveTextContent('Dostępna jest nowa wersja aplikacji.');
    expect(screen.getByRole('button', { name: 'Odśwież' })).toBeInTheDocument();
    await act(async () => {
      await changeLanguage('en');
    });
  });

  it('does not prompt when the waiting version is the stored one', async () => {
    localStorage.setItem(PWA_VERSION_STORAGE_KEY, '2.0.0');
    renderPrompt(serving('2.0.0'));
    await needRefresh();
    expect(screen.queryByText(PROMPT)).not.toBeInTheDocument();
  });

  it('stores the new version and activates the new worker on Reload', async () => {
    renderPrompt();
    await needRefresh();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    });
    expect(localStorage.getItem(PWA_VERSION_STORAGE_KEY)).toBe('2.0.0');
    expect(updateSW).toHaveBeenCalledWith(true);
    expect(screen.queryByText(PROMPT)).not.toBeInTheDocument();
  });

  it('hides the notice when dismissed, keeping the old version and worker', async () => {
    renderPrompt();
    await needRefresh();
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByText(PROMPT)).not.toBeInTheDocument();
    expect(localStorage.getItem(PWA_VERSION_STORAGE_KEY)).toBe('1.0.0');
    expect(updateSW).not.toHaveBeenCalled();
  });

  it('checks for updates every hour, only while online', () => {
    vi.useFakeTimers();
    renderPrompt();
    const registration = fakeRegistration();
    act(() => registeredOptions().onRegisteredSW?.('/sw.js', registration));
    act(() => {
      vi.advanceTimersByTime(HOUR - 1);
    });
    expect(registration.update).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(registration.update).toHaveBeenCalledOnce();

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => {
      vi.advanceTimersByTime(HOUR);
    });
    expect(registration.update).toHaveBeenCalledOnce();
  });

  it('stops checking when unmounted', () => {
    vi.useFakeTimers();
    const { unmount } = renderPrompt();
    const registration = fakeRegistration();
    act(() => registeredOptions().onRegisteredSW?.('/sw.js', registration));
    unmount();
    vi.advanceTimersByTime(3 * HOUR);
    expect(registration.update).not.toHaveBeenCalled();
  });

  it('logs registration errors', () => {
    const appLogger = { error: vi.fn() };
    window.appLogger = appLogger;
    renderPrompt();
    const error = new Error('no service worker');
    registeredOptions().onRegisterError?.(error);
    expect(appLogger.error).toHaveBeenCalledWith('Service worker registration failed', error);
  });
});
