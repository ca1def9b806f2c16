import { fireEvent, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../i18n';
import { ErrorBoundary } from './error-boundary';

function Boom(): never {
  throw new Error('kaboom');
}

const originalLocation = window.location;
const reload = vi.fn();

beforeAll(async () => {
  await changeLanguage('en');
});

afterAll(async () => {
  await changeLanguage('pl');
});

beforeEach(() => {
  // jsdom's location.reload cannot be spied on, so the whole location is swapped for the test.
  Object.defineProperty(window, 'location', { configurable: true, value: { ...originalLocation, reload } });
  // React reports caught render errors on the console too; keep the test output quiet.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  Object.defineProperty(window, 'location', { configurable: true, value: originalLocation });
  delete window.appLogger;
  reload.mockReset();
  vi.restoreAllMocks();
});

describe('ErrorBoundary', () => {
  it('renders its children while nothing fails', () => {
    render(
      <ErrorBoundary>
        <p>All good</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText('All good')).toBeInTheDocument();
  });

  it('shows the error screen with the exact texts when a child throws', () => {
    render(
      <ErrorBoundary>
        <Boom />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong.' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'An unexpected error occurred. Please try refreshing the page or contact support if the problem persists.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload Page' })).toBeInTheDocument();
  });

  it('says a part of the app is not on this phone yet when its code could not be fetched', () => {
    function MissingChunk(): never {
      throw new TypeError('Failed to fetch dynamically imported module: http://x/assets/page-1.js');
    }
    render(
      <ErrorBoundary>
        <MissingChunk />
      </ErrorBoundary>,
    );
    expect(
      screen.getByRole('heading', { name: 'This part of the app is not on this phone yet' }),
    ).toBeInTheDocument();
    expect(screen.getByText('It opens once the connection returns.')).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong.')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('reloads the whole page from the button', () => {
    render(
      <ErrorBoundary>
        <Boom />
      </ErrorBoundary>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Reload Page' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('stays on the error screen when re-rendered with healthy children', () => {
    const { rerender } = render(
      <ErrorBoundary>
        <Boom />
      </ErrorBoundary>,
    );
    rerender(
      <ErrorBoundary>
        <p>All good</p>
      </ErrorBoundary>,
    );
    expect(screen.queryByText('All good')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Something went wrong.' })).toBeInTheDocument();
  });

  it('sends the error to window.appLogger when the page has one', () => {
    const appLogger = { error: vi.fn() };
    window.appLogger = appLogger;
    render(
      <ErrorBoundary>
        <Boom />
      </ErrorBoundary>,
    );
    expect(appLogger.error).toHaveBeenCalledWith(
      'Uncaught render error',
      expect.objectContaining({ error: expect.objectContaining({ message: 'kaboom' }) }),
    );
    expect(console.error).not.toHaveBeenCalledWith('Uncaught render error', expect.anything());
  });

  it('falls back to console.error without a global logger', () => {
    render(
      <ErrorBoundary>
        <Boom />
      </ErrorBoundary>,
    );
    expect(console.error).toHaveBeenCalledWith(
      'Uncaught render error',
      expect.objectContaining({ error: expect.objectContaining({ message: 'kaboom' }) }),
    );
  });

  it('speaks the chosen language', async () => {
    await changeLanguage('pl');
    render(
      <ErrorBoundary>
        <Boom />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Coś poszło nie tak.' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Odśwież stronę' })).toBeInTheDocument();
    await changeLanguage('en');
  });
});
