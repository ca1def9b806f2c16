import type { ReactNode } from 'react';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { FormField, controlProps } from './ui/form-field';
import { TextArea } from './ui/text-area';
import { TextInput } from './ui/text-input';

export type FormTextFieldProps<Values extends FieldValues, Parsed extends FieldValues> = {
  control: Control<Values, unknown, Parsed>;
  name: FieldPath<Values>;
  /** The control's id, which the label points at. */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  isRequired?: boolean;
  /** A text area of this many rows; a one-line input without it. */
  rows?: number;
  maxLength: number;
};

/**
 * One text row of a react-hook-form form: the kit's input or text area inside the plain FormField
 * (label with a required mark, hint, translated error, aria wiring).
 */
export function FormTextField<Values extends FieldValues, Parsed extends FieldValues>({
  control,
  name,
  id,
  label,
  hint,
  isRequired,
  rows,
  maxLength,
}: FormTextFieldProps<Values, Parsed>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => {
        const common = {
          ...controlProps(id, fieldState.error),
          name: field.name,
          value: typeof field.value === 'string' ? field.value : '',
          onBlur: field.onBlur,
          maxLength,
          'aria-required': isRequired || undefined,
        };
        return (
          <FormField
            label={
              <>
                {label}
                {isRequired && <span aria-hidden="true"> *</span>}
              </>
            }
            htmlFor={id}
            hint={hint}
            error={fieldState.error?.message}
          >
            {rows ? (
              <TextArea
                {...common}
                ref={field.ref}
                rows={rows}
                onChange={(event) => field.onChange(event.target.value)}
              />
            ) : (
              <TextInput
                {...common}
                ref={field.ref}
                onChange={(event) => field.onChange(event.target.value)}
              />
            )}
          </FormField>
        );
      }}
    />
  );
}
