import type { AriaRole, CSSProperties, ReactNode } from 'react';
import './alert.css';

export type AlertType = 'info' | 'warning' | 'error' | 'success';

export type AlertProps = {
  type: AlertType;
  /** The message (the title when there is a description). */
  children: ReactNode;
  description?: ReactNode;
  isIconShown?: boolean;
  /** Replaces the type's icon (e.g. a spinner while something runs). */
  icon?: ReactNode;
  /** A button beside the message, e.g. "Retry". */
  action?: ReactNode;
  /** With it, a close button labelled `closeLabel` ends the message. */
  onClose?: () => void;
  closeLabel?: string;
  /** By default an error interrupts (alert) and the rest wait their turn (status). */
  role?: AriaRole;
  'aria-live'?: 'polite' | 'assertive' | 'off';
  className?: string;
  style?: CSSProperties;
};

// Glyphs drawn on a 24-unit circle (info, warning, error, success), white on the type's colour.
const GLYPHS: Record<AlertType, string> = {
  info: 'M12 11v6M12 7v.5',
  warning: 'M12 7v6M12 16.5v.5',
  error: 'M8.5 8.5l7 7M15.5 8.5l-7 7',
  success: 'M7.5 12.5l3 3 6-6.5',
};

/**
 * The app's one message box: a form error or confirmation, a hint above a form, a snackbar
 * notice. Plain markup (alert.css `message-box`), light enough for /login, in place of antd Alert.
 */
export function Alert({
  type,
  children,
  description,
  isIconShown = false,
  icon,
  action,
  onClose,
  closeLabel,
  role,
  className,
  style,
  ...aria
}: AlertProps) {
  const classes = `message-box is-${type}${className ? ` ${className}` : ''}`;
  const ariaRole = role ?? (type === 'error' ? 'alert' : 'status');
  const isPlain = !isIconShown && !icon && !description && !action && !onClose;
  if (isPlain) {
    return (
      <div role={ariaRole} {...aria} className={classes} style={style}>
        {children}
      </div>
    );
  }
  return (
    <div role={ariaRole} {...aria} className={`${classes} has-parts`} style={style}>
      {icon && <span className="message-box-icon">{icon}</span>}
      {isIconShown && !icon && (
        <svg className="message-box-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="12" cy="12" r="11" fill="currentColor" />
          <path d={GLYPHS[type]} stroke="white" strokeWidth="2.2" strokeLinecap="round" fill="none" />
        </svg>
      )}
      <div className="message-box-body">
        {description ? <div className="message-box-title">{children}</div> : children}
        {description && <div className="message-box-description">{description}</div>}
      </div>
      {action && <div className="message-box-action">{action}</div>}
      {onClose && (
        <button type="button" className="message-box-close" aria-label={closeLabel} onClick={onClose}>
          <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      )}
    </div>
  );
}

/**
 * A message and its button on one row inside an Alert (e.g. "Could not load" beside "Retry"); the
 * button wraps under the text on a narrow screen.
 */
export function AlertRow({ children }: { children: ReactNode }) {
  return <span className="message-box-row">{children}</span>;
}
