import type { Ref, SelectHTMLAttributes } from 'react';
import type { InputStatus } from './text-input';
import './select.css';
import './text-input.css';

export type SelectOption = { value: string; label: string };

export type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'> & {
  value: string | undefined;
  /** Called with undefined when the empty choice (the placeholder) is picked. */
  onChange: (value: string | undefined) => void;
  options: readonly SelectOption[];
  /** The empty choice, e.g. "All statuses"; without it the select always holds one of the options. */
  placeholder?: string;
  status?: InputStatus;
  ref?: Ref<HTMLSelectElement>;
};

/**
 * The app's one select: the browser's own, so a phone shows its native picker, and it weighs
 * nothing next to antd's Select (about 23 KB gzip), which matters on the screens that also load
 * Firestore.
 */
export function Select({ value, onChange, options, placeholder, status, className, ...props }: SelectProps) {
  return (
    <select
      {...props}
      className={`plain-input plain-select${status === 'error' ? ' is-invalid' : ''} ${className ?? ''}`}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
    >
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
