import { Checkbox, Input, InputNumber, Select } from 'antd';
import type { ReactNode } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../components/field-message';
import { FormField, controlProps } from '../../components/form-field';

// react-hook-form controls for the ticket forms: an antd control inside the plain FormField row
// (label, translated error, aria wiring). Each reads the form from context, so a category's
// fields are just a list of these. Field ids are the form path with dots made safe.

export type FieldProps = {
  /** The field's path in the form values, e.g. `amount` or `items.0.size`. */
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  isRequired?: boolean;
};

const fieldId = (name: string) => `ticket-${name.replace(/\./g, '-')}`;

function Label({ label, isRequired }: { label: ReactNode; isRequired?: boolean }) {
  return (
    <>
      {label}
      {isRequired && <span aria-hidden="true"> *</span>}
    </>
  );
}

export function TextField({
  name,
  label,
  hint,
  isRequired,
  maxLength,
  autoComplete,
  placeholder,
}: FieldProps & { maxLength?: number; autoComplete?: string; placeholder?: string }) {
  const { control } = useFormContext();
  const id = fieldId(name);
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <FormField
          label={<Label label={label} isRequired={isRequired} />}
          htmlFor={id}
          hint={hint}
          error={fieldState.error?.message}
        >
          <Input
            {...controlProps(id, fieldState.error)}
            ref={field.ref}
            name={field.name}
            value={(field.value as string | undefined) ?? ''}
            onChange={(event) => field.onChange(event.target.value)}
            onBlur={field.onBlur}
            maxLength={maxLength}
            autoComplete={autoComplete}
            placeholder={placeholder}
            aria-required={isRequired || undefined}
          />
        </FormField>
      )}
    />
  );
}

export function TextAreaField({
  name,
  label,
  hint,
  isRequired,
  maxLength,
  rows = 4,
}: FieldProps & { maxLength?: number; rows?: number }) {
  const { control } = useFormContext();
  const id = fieldId(name);
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <FormField
          label={<Label label={label} isRequired={isRequired} />}
          htmlFor={id}
          hint={hint}
          error={fieldState.error?.message}
        >
          <Input.TextArea
            {...controlProps(id, fieldState.error)}
            ref={field.ref}
            name={field.name}
            value={(field.value as string | undefined) ?? ''}
            onChange={(event) => field.onChange(event.target.value)}
            onBlur={field.onBlur}
            rows={rows}
            showCount={maxLength !== undefined}
            maxLength={maxLength}
            aria-required={isRequired || undefined}
          />
        </FormField>
      )}
    />
  );
}

/** A number; empty reads as `undefined` so the schema says "This field is required". */
export function NumberField({
  name,
  label,
  hint,
  isRequired,
  min,
  max,
  step,
  precision,
  suffix,
}: FieldProps & { min?: number; max?: number; step?: number; precision?: number; suffix?: ReactNode }) {
  const { control } = useFormContext();
  const id = fieldId(name);
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <FormField
          label={<Label label={label} isRequired={isRequired} />}
          htmlFor={id}
          hint={hint}
          error={fieldState.error?.message}
        >
          <InputNumber<number>
            {...controlProps(id, fieldState.error)}
            ref={field.ref}
            name={field.name}
            value={(field.value as number | undefined) ?? null}
            onChange={(value) => field.onChange(value ?? undefined)}
            onBlur={field.onBlur}
            min={min}
            max={max}
            step={step}
            precision={precision}
            suffix={suffix}
            inputMode="decimal"
            aria-required={isRequired || undefined}
          />
        </FormField>
      )}
    />
  );
}

/**
 * A calendar day as `YYYY-MM-DD`: the phone's own date picker, light and familiar. Cleared reads
 * as '' (not undefined, which react-hook-form would show as the default value again).
 */
export function DateField({
  name,
  label,
  hint,
  isRequired,
  min,
  max,
}: FieldProps & { min?: string; max?: string }) {
  const { control } = useFormContext();
  const id = fieldId(name);
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <FormField
          label={<Label label={label} isRequired={isRequired} />}
          htmlFor={id}
          hint={hint}
          error={fieldState.error?.message}
        >
          <Input
            {...controlProps(id, fieldState.error)}
            type="date"
            ref={field.ref}
            name={field.name}
            value={(field.value as string | undefined) ?? ''}
            onChange={(event) => field.onChange(event.target.value)}
            onBlur={field.onBlur}
            min={min}
            max={max}
            aria-required={isRequired || undefined}
          />
        </FormField>
      )}
    />
  );
}

export type SelectOption = { value: string; label: ReactNode };

export function SelectField({
  name,
  label,
  hint,
  isRequired,
  options,
  placeholder,
}: FieldProps & { options: SelectOption[]; placeholder?: string }) {
  const { control } = useFormContext();
  const id = fieldId(name);
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <FormField
          label={<Label label={label} isRequired={isRequired} />}
          htmlFor={id}
          hint={hint}
          error={fieldState.error?.message}
        >
          <Select<string>
            {...controlProps(id, fieldState.error)}
            ref={field.ref}
            value={(field.value as string | undefined) ?? undefined}
            onChange={(value) => field.onChange(value)}
            onBlur={field.onBlur}
            options={options}
            placeholder={placeholder}
            aria-required={isRequired || undefined}
          />
        </FormField>
      )}
    />
  );
}

/** A checkbox whose label is the text beside it; errors show under it. */
export function CheckboxField({ name, label }: Omit<FieldProps, 'hint' | 'isRequired'>) {
  const { control } = useFormContext();
  const id = fieldId(name);
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <div className="form-field">
          <Checkbox
            id={id}
            ref={field.ref}
            checked={field.value === true}
            onChange={(event) => field.onChange(event.target.checked)}
            onBlur={field.onBlur}
            aria-invalid={fieldState.error ? true : undefined}
            aria-describedby={fieldState.error ? `${id}-error` : undefined}
          >
            {label}
          </Checkbox>
          {fieldState.error?.message && <FieldError id={`${id}-error`} message={fieldState.error.message} />}
        </div>
      )}
    />
  );
}

/** An error line that belongs to a group of controls rather than one input (e.g. the items list). */
export function FieldError({ id, message }: { id?: string; message: string }) {
  const { t } = useTranslation();
  return (
    <div id={id} className="form-field-error" role="alert">
      {translateMessage(t, message)}
    </div>
  );
}
