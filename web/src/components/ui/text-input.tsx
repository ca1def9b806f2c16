import { type InputHTMLAttributes, type Ref, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './text-input.css';

// Native inputs, light enough for the public screens (/login, /handle-auth-action): antd's Input
// brings its form machinery and runtime styles, too heavy for the first page a worker opens on a
// slow phone. They look like the antd controls of the signed-in screens.

export type InputStatus = 'error' | undefined;

export type TextInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> & {
  status?: InputStatus;
  ref?: Ref<HTMLInputElement>;
};

/** The text box's classes (text-input.css), for a native control the kit has no component for. */
export const inputClassName = (status?: InputStatus) =>
  `plain-input${status === 'error' ? ' is-invalid' : ''}`;

export function TextInput({ status, className, ...props }: TextInputProps) {
  return <input {...props} className={`${inputClassName(status)} ${className ?? ''}`} />;
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
