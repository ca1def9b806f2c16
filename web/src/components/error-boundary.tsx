import { Button } from './ui/button';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import i18n from '../i18n';
import { logger } from '../lib/logger';

export type ErrorBoundaryProps = { children: ReactNode };
type ErrorBoundaryState = { hasError: boolean; isMissingPart: boolean };

/** Whether `error` is a chunk of the app's code that could not be fetched (no connection, not on this phone). */
export function isMissingPartError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(message);
}

const ERROR_RED = 'var(--color-primary)';

function ErrorIcon() {
  return (
    <svg width="56" height="56" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="11" fill={ERROR_RED} />
      <path d="M8 8l8 8M16 8l-8 8" stroke="var(--color-on-primary)" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * Catches render errors below it and shows a reload screen instead of a blank page.
 * A class because React offers error boundaries only as classes. The fallback reads texts from the
 * i18n instance directly (no hooks, no antd card or theme) because the context that failed may be the
 * very provider the hooks would need. Leaving the screen takes a full page reload.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { hasError: false, isMissingPart: false };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { hasError: true, isMissingPart: isMissingPartError(error) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    logger.error('Uncaught render error', { error, componentStack: info.componentStack });
  }

  override render(): ReactNode {
    if (!this.state.hasError) return this.props.children;
    // A part of the app's code that could not be fetched says so, not "something went wrong".
    const texts = this.state.isMissingPart ? 'missingPart' : 'errorBoundary';
    // Inline styles on purpose: this screen must show even when a lazy chunk and its stylesheet failed to load.
    return (
      <div
        style={{
          minHeight: '100vh',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          padding: 16,
          boxSizing: 'border-box',
        }}
      >
        <div
          role="alert"
          style={{
            maxWidth: 440,
            width: '100%',
            padding: '32px 24px',
            borderRadius: 12,
            border: '1px solid var(--color-separator)',
            boxShadow: '0 6px 16px var(--color-shadow-soft)',
            background: 'Canvas',
            color: 'CanvasText',
            textAlign: 'center',
          }}
        >
          <ErrorIcon />
          <h1 style={{ fontSize: 22, margin: '16px 0 8px' }}>{i18n.t(`${texts}.title`)}</h1>
          <p style={{ margin: '0 0 24px', lineHeight: 1.5 }}>{i18n.t(`${texts}.text`)}</p>
          <Button variant="primary" onClick={() => window.location.reload()}>
            {i18n.t(this.state.isMissingPart ? 'missingPart.retry' : 'errorBoundary.reload')}
          </Button>
        </div>
      </div>
    );
  }
}
