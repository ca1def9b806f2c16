import {
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  type ReactNode,
  type Ref,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';

// Light native controls for the public screens (/login, /handle-auth-action): antd's Input, Alert
// and Segmented bring its form machinery and runtime styles, too heavy for the first page a worker
// opens on a slow phone. They look like the antd controls of the signed-in screens.

type InputStatus = 'error' | undefined;

export type TextInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> & {
  status?: InputStatus;
  ref?: Ref<HTMLInputElement>;
};

export function TextInput({ status, className, ...props }: TextInputProps) {
  return (
    <input
      {...props}
      className={`plain-input${status === 'error' ? ' is-invalid' : ''} ${className ?? ''}`}
    />
  );
}

/** A password field with a show / hide button. */
export function PasswordInput({ status, ...props }: Omit<TextInputProps, 'type'>) {
  const { t } = useTranslation();
  const [isVisible, setIsVisible] = useState(false);
  return (
    <span className={`plain-password${status === 'error' ? ' is-invalid' : ''}`}>
      <input {...props} type={isVisible ? 'text' : 'password'} className="plain-input" />
      <button
        type="button"
        className="plain-password-toggle"
        aria-label={t(isVisible ? 'login.hidePassword' : 'login.showPassword')}
        aria-pressed={isVisible}
        onClick={() => setIsVisible((visible) => !visible)}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path
            fill="currentColor"
            d="M12 5C6.5 5 2.7 9.3 1.5 12c1.2 2.7 5 7 10.5 7s9.3-4.3 10.5-7C21.3 9.3 17.5 5 12 5zm0 11.5A4.5 4.5 0 1 1 12 7.5a4.5 4.5 0 0 1 0 9zm0-7a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z"
          />
          {isVisible ? null : <path stroke="currentColor" strokeWidth="2" d="M3 3l18 18" />}
        </svg>
      </button>
    </span>
  );
}

export type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value'> & {
  value: string;
  /** Also shows "used / max" under the box. */
  maxLength: number;
  status?: InputStatus;
};

/**
 * A multi-line box with a character counter, for the screens that also load Firestore: antd's
 * Input.TextArea brings the whole Input family (about 7 KB gzip).
 */
export function TextArea({ status, className, value, maxLength, rows = 3, ...props }: TextAreaProps) {
  return (
    <span className="plain-textarea">
      <textarea
        {...props}
        rows={rows}
        value={value}
        maxLength={maxLength}
        className={`plain-input${status === 'error' ? ' is-invalid' : ''} ${className ?? ''}`}
      />
      <span className="plain-textarea-count" aria-hidden="true">
        {Array.from(value).length} / {maxLength}
      </span>
    </span>
  );
}

export type PlainButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'primary' | 'default' | 'link';
  isLoading?: boolean;
  isBlock?: boolean;
};

export function PlainButton({
  variant = 'default',
  isLoading = false,
  isBlock = false,
  className,
  children,
  disabled,
  type = 'button',
  ...props
}: PlainButtonProps) {
  return (
    <button
      {...props}
      type={type}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
      className={`plain-button plain-button-${variant}${isBlock ? ' is-block' : ''} ${className ?? ''}`}
    >
      {isLoading && <span className="plain-spinner is-small" aria-hidden="true" />}
      {children}
    </button>
  );
}

export type MessageBoxProps = { type: 'error' | 'success'; children: ReactNode };

/** An error (role alert) or a confirmation (role status) above a form. */
export function MessageBox({ type, children }: MessageBoxProps) {
  return (
    <div role={type === 'error' ? 'alert' : 'status'} className={`message-box is-${type}`}>
      {children}
    </div>
  );
}

export function PlainSpinner({ label }: { label: string }) {
  return (
    <div className="plain-spinner-wrap" role="progressbar" aria-label={label}>
      <span className="plain-spinner" aria-hidden="true" />
    </div>
  );
}

export type NativeSelectOption = { value: string; label: string };

export type NativeSelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'> & {
  value: string | undefined;
  /** Called with undefined when the empty choice (the placeholder) is picked. */
  onChange: (value: string | undefined) => void;
  options: NativeSelectOption[];
  /** The empty choice, e.g. "All statuses". */
  placeholder: string;
};

/**
 * The browser's own select: the phone shows its native picker, and it weighs nothing next to
 * antd's Select (about 23 KB gzip), which matters on the screens that also load Firestore.
 */
export function NativeSelect({
  value,
  onChange,
  options,
  placeholder,
  className,
  ...props
}: NativeSelectProps) {
  return (
    <select
      {...props}
      className={`plain-input plain-select ${className ?? ''}`}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
    >
      <option value="">{placeholder}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
