import { CAR_PLATE_MAX_CHARS } from '@domain';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CategoryForm, CategoryFormContext } from '../category-form';
import { Alert } from '../../../components/ui/alert';
import { FormField, controlProps } from '../../../components/ui/form-field';
import { TextInput } from '../../../components/ui/text-input';
import './car-form.css';
import './category-form-hint.css';

// Car: which car (its plate) and, per subcategory, what helps the office act on the ticket.
// The plate has its own input rather than TextField: phones should offer capital letters, and
// the plate reads in capitals while typed (the schema stores it upper-cased).

const PLATE_ID = 'ticket-carPlate';

function CarPlateField() {
  const { t } = useTranslation();
  const { control } = useFormContext();
  return (
    <Controller
      name="carPlate"
      control={control}
      render={({ field, fieldState }) => (
        <FormField
          label={
            <>
              {t('tickets.form.car.carPlate')}
              <span aria-hidden="true"> *</span>
            </>
          }
          htmlFor={PLATE_ID}
          hint={t('tickets.form.car.carPlateHint')}
          error={fieldState.error?.message}
        >
          <TextInput
            {...controlProps(PLATE_ID, fieldState.error)}
            ref={field.ref}
            name={field.name}
            value={(field.value as string | undefined) ?? ''}
            onChange={(event) => field.onChange(event.target.value)}
            onBlur={field.onBlur}
            maxLength={CAR_PLATE_MAX_CHARS}
            autoCapitalize="characters"
            autoComplete="off"
            autoCorrect="off"
            spellCheck={false}
            aria-required
            className="car-plate-input"
          />
        </FormField>
      )}
    />
  );
}

function CarFields({ subcategory }: CategoryFormContext) {
  const { t } = useTranslation();
  return (
    <>
      <Alert type="info" isIconShown className="category-form-hint">
        {t(`tickets.form.car.hints.${subcategory}`)}
      </Alert>
      <CarPlateField />
    </>
  );
}

export const carForm: CategoryForm = {
  defaultValues: () => ({ carPlate: '' }),
  Fields: CarFields,
};
