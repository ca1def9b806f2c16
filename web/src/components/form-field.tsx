import { Form } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type FormFieldProps = {
  label: ReactNode;
  htmlFor: string;
  /** A translation key from a zod message (or a plain text); shown under the field. */
  error?: string;
  children: ReactNode;
};

/** An antd form row for react-hook-form fields: label, control, translated error. */
export function FormField({ label, htmlFor, error, children }: FormFieldProps) {
  const { t } = useTranslation();
  return (
    <Form.Item
      label={<label htmlFor={htmlFor}>{label}</label>}
      validateStatus={error ? 'error' : undefined}
      help={error ? <span id={`${htmlFor}-error`}>{t(error)}</span> : undefined}
      colon={false}
    >
      {children}
    </Form.Item>
  );
}
