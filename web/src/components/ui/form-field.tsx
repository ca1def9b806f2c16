import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from './field-message';
import { PasswordInput, TextInput, type TextInputProps } from './text-input';
import './form-field.css';

export type FormFieldProps = {
  label: ReactNode;
  htmlFor: string;
  /** Shown under the label, before the control. */
  hint?: ReactNode;
  /** A translation key from a zod message (or a plain text); shown under the field. */
  error?: string;
  children: ReactNode;
};

/**
 * The parts of a form row (form-field.css) for rows FormField does not build: a fieldset of
 * checkboxes, a section heading in the label's style, an error under a group of controls. Taken
 * from here, the names bring their sheet with them.
 */
export const FIELD_CLASSES = {
  row: 'form-field',
  label: 'form-field-label',
  hint: 'form-field-hint',
  error: 'form-field-error',
} as const;

/** Id of a field's error text, for the control's aria-describedby. */
export const fieldErrorId = (htmlFor: string) => `${htmlFor}-error`;

/**
 * A labelled form row for react-hook-form fields. Plain elements rather than antd Form.Item:
 * Form pulls in the tooltip machinery, which the light /login page does not need.
 */
export function FormField({ label, htmlFor, hint, error, children }: FormFieldProps) {
  const { t } = useTranslation();
  return (
    <div className={FIELD_CLASSES.row}>
      <label htmlFor={htmlFor} className={FIELD_CLASSES.label}>
        {label}
      </label>
      {hint && <div className={FIELD_CLASSES.hint}>{hint}</div>}
      {children}
      {error && (
        <div id={fieldErrorId(htmlFor)} className={FIELD_CLASSES.error} role="alert">
          {translateMessage(t, error)}
        </div>
      )}
    </div>
  );
}

/** Props that tie an input to its FormField: id, error outline and the error text for screen readers. */
export function controlProps(id: string, error?: { message?: string }) {
  return {
    id,
    status: error ? ('error' as const) : undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? fieldErrorId(id) : undefined,
  };
}

export type InputFieldProps = Omit<TextInputProps, 'id' | 'status'> & {
  id: string;
  label: ReactNode;
  /** The field's react-hook-form error; its message is a translation key. */
  error?: { message?: string };
  isPassword?: boolean;
};

/**
 * A labelled native input for react-hook-form's `register` on the public screens: one place that
 * ties label, error text, error outline and aria attributes together.
 */
export function InputField({ id, label, error, isPassword = false, ...inputProps }: InputFieldProps) {
  const wiring = controlProps(id, error);
  return (
    <FormField label={label} htmlFor={id} error={error?.message}>
      {isPassword ? <PasswordInput {...inputProps} {...wiring} /> : <TextInput {...inputProps} {...wiring} />}
    </FormField>
  );
}
