import type { ReactNode } from 'react';
import { Controller, type ControllerRenderProps, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '../../components/ui/checkbox';
import { translateMessage } from '../../components/ui/field-message';
import { FIELD_CLASSES, FormField, controlProps } from '../../components/ui/form-field';
import { InputNumber } from '../../components/ui/input-number';
import { Select } from '../../components/ui/select';
import { TextInput } from '../../components/ui/text-input';
import { TextArea } from '../../components/ui/text-area';

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

type Wiring = ReturnType<typeof controlProps> & { 'aria-required': true | undefined };

/** What ties a text control (input, text area, date) to its form field: the value as text, typed text back. */
function textBinding(field: ControllerRenderProps) {
  return {
    ref: field.ref,
    name: field.name,
    value: (field.value as string | undefined) ?? '',
    onChange: (event: { target: { value: string } }) => field.onChange(event.target.value),
    onBlur: field.onBlur,
  };
}

/**
 * The part every labelled field shares: the Controller, the FormField row (label, hint, translated
 * error) and the aria wiring for the control that `render` draws.
 */
function ControlledRow({
  name,
  label,
  hint,
  isRequired,
  render,
}: FieldProps & { render: (field: ControllerRenderProps, wiring: Wiring) => ReactNode }) {
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
          {render(field, { ...controlProps(id, fieldState.error), 'aria-required': isRequired || undefined })}
        </FormField>
      )}
    />
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
  return (
    <ControlledRow
      name={name}
      label={label}
      hint={hint}
      isRequired={isRequired}
      render={(field, wiring) => (
        <TextInput
          {...wiring}
          {...textBinding(field)}
          maxLength={maxLength}
          autoComplete={autoComplete}
          placeholder={placeholder}
        />
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
  return (
    <ControlledRow
      name={name}
      label={label}
      hint={hint}
      isRequired={isRequired}
      render={(field, wiring) => (
        <TextArea {...wiring} {...textBinding(field)} rows={rows} maxLength={maxLength} />
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
  return (
    <ControlledRow
      name={name}
      label={label}
      hint={hint}
      isRequired={isRequired}
      render={(field, wiring) => (
        <InputNumber<number>
          {...wiring}
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
        />
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
  return (
    <ControlledRow
      name={name}
      label={label}
      hint={hint}
      isRequired={isRequired}
      render={(field, wiring) => (
        <TextInput {...wiring} type="date" {...textBinding(field)} min={min} max={max} />
      )}
    />
  );
}

export type SelectOption = { value: string; label: string };

export function SelectField({
  name,
  label,
  hint,
  isRequired,
  options,
  placeholder,
}: FieldProps & { options: SelectOption[]; placeholder?: string }) {
  return (
    <ControlledRow
      name={name}
      label={label}
      hint={hint}
      isRequired={isRequired}
      render={(field, wiring) => (
        <Select
          {...wiring}
          ref={field.ref}
          value={(field.value as string | undefined) ?? undefined}
          onChange={(value) => field.onChange(value)}
          onBlur={field.onBlur}
          options={options}
          // Always an empty choice: the form's value starts undefined, and a native select would show its first option.
          placeholder={placeholder ?? ''}
        />
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
        <div className={FIELD_CLASSES.row}>
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
    <div id={id} className={FIELD_CLASSES.error} role="alert">
      {translateMessage(t, message)}
    </div>
  );
}
