import { Button } from './ui/button';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import i18n from '../i18n';
import { logger } from '../lib/logger';

export type ErrorBoundaryProps = { children: ReactNode };
type ErrorBoundaryState = { hasError: boolean };

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
  override state: ErrorBoundaryState = { hasError: false };

  static getDerivedStateFromError(): ErrorBoundaryState {
    return { hasError: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    logger.error('Uncaught render error', { error, componentStack: info.componentStack });
  }

  override render(): ReactNode {
    if (!this.state.hasError) return this.props.children;
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
          <h1 style={{ fontSize: 22, margin: '16px 0 8px' }}>{i18n.t('errorBoundary.title')}</h1>
          <p style={{ margin: '0 0 24px', lineHeight: 1.5 }}>{i18n.t('errorBoundary.text')}</p>
          <Button variant="primary" onClick={() => window.location.reload()}>
            {i18n.t('errorBoundary.reload')}
          </Button>
        </div>
      </div>
    );
  }
}
