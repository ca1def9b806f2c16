import type { Ref, TextareaHTMLAttributes } from 'react';
import type { InputStatus } from './text-input';
import './text-input.css';

export type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value'> & {
  value: string;
  /** With a limit, "used / max" shows under the box. */
  maxLength?: number;
  status?: InputStatus;
  ref?: Ref<HTMLTextAreaElement>;
};

/**
 * The app's multi-line box, with a character counter when it has a limit. Plain markup: antd's
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
      {maxLength !== undefined && (
        <span className="plain-textarea-count" aria-hidden="true">
          {Array.from(value).length} / {maxLength}
        </span>
      )}
    </span>
  );
}
