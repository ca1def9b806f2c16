import { act, fireEvent, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n, { changeLanguage } from '../i18n';
import { NoticesProvider } from './notices-provider';
import { useNotices } from './notices-context';
import type { NoticesApi } from './notice-types';

let notices: NoticesApi;

function CaptureApi() {
  const api = useNotices();
  useEffect(() => {
    notices = api;
  }, [api]);
  return null;
}

function renderNotices() {
  return render(
    <NoticesProvider>
      <CaptureApi />
    </NoticesProvider>,
  );
}

/** Runs an API call the way an event handler would, letting React commit it. */
function call<T>(run: () => T): T {
  let result: T | undefined;
  act(() => {
    result = run();
  });
  return result as T;
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

beforeAll(async () => {
  await changeLanguage('en');
});

afterAll(async () => {
  await changeLanguage('pl');
});

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('notices', () => {
  it('renders every type, errors as alerts and the rest as status messages', () => {
    renderNotices();
    call(() => {
      notices.success('Saved');
      notices.info('For your information');
      notices.warning('Careful');
      notices.loading('Working');
      notices.error('Broken');
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Broken');
    const statuses = screen.getAllByRole('status').map((element) => element.textContent);
    expect(statuses).toEqual(['Saved', 'For your information', 'Careful', 'Working']);
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('defaults to the info type', () => {
    renderNotices();
    call(() => notices.show({ message: 'Plain' }));
    expect(screen.getByRole('status')).toHaveClass('message-box', 'is-info');
  });

  it('disappears after 5000 ms by default', () => {
    renderNotices();
    call(() => notices.success('Saved'));
    advance(4999);
    expect(screen.getByText('Saved')).toBeInTheDocument();
    advance(1);
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('honours a custom duration', () => {
    renderNotices();
    call(() => notices.info('Quick', { duration: 1000 }));
    advance(999);
    expect(screen.getByText('Quick')).toBeInTheDocument();
    advance(1);
    expect(screen.queryByText('Quick')).not.toBeInTheDocument();
  });

  it('keeps persistent and loading notices until they are closed', () => {
    renderNotices();
    call(() => {
      notices.info('Sticky', { isPersistent: true });
      notices.loading('Working');
    });
    advance(60_000);
    expect(screen.getByText('Sticky')).toBeInTheDocument();
    expect(screen.getByText('Working')).toBeInTheDocument();
    expect(screen.queryByTestId('notice-progress')).not.toBeInTheDocument();
  });

  it('shows a progress bar that drains over the duration and pauses while hovered', () => {
    renderNotices();
    call(() => notices.info('Timed', { duration: 3000 }));
    const bar = screen.getByTestId('notice-progress');
    expect(bar).toHaveClass('app-notice__progress');
    expect(bar.style.animationDuration).toBe('3000ms');
    expect(bar.style.animationPlayState).toBe('running');
    const keyframes = document.head.querySelector('style[data-href="app-notices"]')?.textContent ?? '';
    expect(keyframes).toMatch(
      /@keyframes app-notice-drain\s*{\s*from { transform: scaleX\(1\); }\s*to { transform: scaleX\(0\); }/,
    );

    advance(2000);
    fireEvent.mouseEnter(screen.getByRole('status').parentElement as HTMLElement);
    expect(screen.getByTestId('notice-progress').style.animationPlayState).toBe('paused');
    advance(10_000);
    expect(screen.getByText('Timed')).toBeInTheDocument();
    fireEvent.mouseLeave(screen.getByRole('status').parentElement as HTMLElement);
    advance(999);
    expect(screen.getByText('Timed')).toBeInTheDocument();
    advance(1);
    expect(screen.queryByText('Timed')).not.toBeInTheDocument();
  });

  it('runs the action handler and then closes', () => {
    renderNotices();
    const onClick = vi.fn();
    const onClose = vi.fn();
    call(() =>
      notices.info('Update ready', { isPersistent: true, action: { label: 'Reload', onClick }, onClose }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(onClick).toHaveBeenCalledOnce();
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByText('Update ready')).not.toBeInTheDocument();
  });

  it('closes from its translated close button and calls onClose', () => {
    renderNotices();
    const onClose = vi.fn();
    call(() => notices.warning('Heads up', { onClose }));
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByText('Heads up')).not.toBeInTheDocument();
  });

  it('calls onClose when the notice times out or is dismissed', () => {
    renderNotices();
    const onTimeout = vi.fn();
    const onDismiss = vi.fn();
    call(() => notices.success('Timed', { onClose: onTimeout }));
    const id = call(() => notices.loading('Dismissed', { onClose: onDismiss }));
    advance(5000);
    expect(onTimeout).toHaveBeenCalledOnce();
    call(() => notices.dismiss(id));
    expect(onDismiss).toHaveBeenCalledOnce();
    expect(screen.queryByText('Dismissed')).not.toBeInTheDocument();
  });

  it('turns a loading notice into a success that then closes itself', () => {
    renderNotices();
    const id = call(() => notices.loading('Saving role…'));
    advance(20_000);
    call(() => notices.update(id, { type: 'success', message: 'Role saved' }));
    expect(screen.getByRole('status')).toHaveTextContent('Role saved');
    expect(screen.getByRole('status')).toHaveClass('message-box', 'is-success');
    expect(screen.getByTestId('notice-progress')).toBeInTheDocument();
    advance(4999);
    expect(screen.getByText('Role saved')).toBeInTheDocument();
    advance(1);
    expect(screen.queryByText('Role saved')).not.toBeInTheDocument();
  });

  it('restarts the countdown when a notice is updated', () => {
    renderNotices();
    const id = call(() => notices.info('First'));
    advance(4000);
    call(() => notices.update(id, { message: 'Second' }));
    advance(4000);
    expect(screen.getByText('Second')).toBeInTheDocument();
    advance(1000);
    expect(screen.queryByText('Second')).not.toBeInTheDocument();
  });

  it('replaces a notice shown again with the same id instead of stacking it', () => {
    renderNotices();
    call(() => notices.info('One', { id: 'same' }));
    call(() => notices.info('Two', { id: 'same' }));
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent('Two');
  });

  it('clears its timers when the provider unmounts', () => {
    const { unmount } = renderNotices();
    const onClose = vi.fn();
    call(() => notices.success('Saved', { onClose }));
    unmount();
    expect(vi.getTimerCount()).toBe(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('refuses to work without a provider', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<CaptureApi />)).toThrow(/NoticesProvider/);
    consoleError.mockRestore();
  });

  it('follows the UI language for the close button', async () => {
    vi.useRealTimers();
    await changeLanguage('pl');
    renderNotices();
    call(() => notices.info('Cześć'));
    expect(screen.getByRole('button', { name: 'Zamknij powiadomienie' })).toBeInTheDocument();
    expect(i18n.language).toBe('pl');
  });
});
