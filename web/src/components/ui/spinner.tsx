import type { ReactNode } from 'react';

export type SpinnerProps = {
  /** What is loading, for screen readers; without it the spinner is decoration. */
  label?: string;
  size?: 'small' | 'middle' | 'large';
  /** Centred with room around it, in place of a whole page or panel. */
  isBlock?: boolean;
  className?: string;
};

/** The app's one loading indicator: a CSS ring, in place of antd's Spin and its style runtime. */
export function Spinner({ label, size = 'middle', isBlock = false, className }: SpinnerProps) {
  const ring = <span className={`plain-spinner is-${size}`} aria-hidden="true" />;
  const a11y = label ? { role: 'progressbar', 'aria-label': label } : { 'aria-hidden': true };
  if (isBlock) {
    return (
      <div {...a11y} className={`plain-spinner-wrap ${className ?? ''}`}>
        {ring}
      </div>
    );
  }
  return (
    <span {...a11y} className={`plain-spinner-inline ${className ?? ''}`}>
      {ring}
    </span>
  );
}

export type LoadingLineProps = { children: ReactNode; isInline?: boolean };

/**
 * What is loading, with the spinner, as a status line: centred in place of a panel's content, or
 * inline (`isInline`) above content that is being refreshed.
 */
export function LoadingLine({ children, isInline = false }: LoadingLineProps) {
  return (
    <div className={`loading-line${isInline ? ' is-inline' : ''}`} role="status">
      <Spinner />
      {children}
    </div>
  );
}
