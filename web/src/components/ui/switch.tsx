import type { ButtonHTMLAttributes, Ref } from 'react';
import './switch.css';

export type SwitchProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onChange' | 'type' | 'role'> & {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** A change is being saved: the switch shows it and takes no click meanwhile. */
  loading?: boolean;
  ref?: Ref<HTMLButtonElement>;
};

/**
 * An on / off switch: a button with the switch role, so a screen reader says "switch, on" and Space or
 * Enter turns it. The kit's own: antd's Switch brought its wave effect and motion helpers, about
 * 10 KB gzip on the ticket history, which also loads Firestore.
 */
export function Switch({ checked, onChange, loading = false, disabled, className, ...props }: SwitchProps) {
  return (
    <button
      {...props}
      type="button"
      role="switch"
      aria-checked={checked}
      aria-busy={loading || undefined}
      disabled={disabled || loading}
      className={`plain-switch${checked ? ' is-on' : ''}${loading ? ' is-loading' : ''} ${className ?? ''}`}
      onClick={() => onChange(!checked)}
    >
      <span className="plain-switch-handle" aria-hidden="true" />
    </button>
  );
}
