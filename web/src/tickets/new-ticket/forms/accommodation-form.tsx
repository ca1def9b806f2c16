import { ADDRESS_MAX_CHARS } from '@domain';
import { useTranslation } from 'react-i18next';
import type { CategoryForm, CategoryFormContext } from '../category-form';
import { TextAreaField } from '../fields';

// Accommodation: the address it is about, pre-filled with the worker's accommodation from the
// directory (most tickets are about where they live now); a different address can be typed.

function AccommodationFields({ worker }: CategoryFormContext) {
  const { t } = useTranslation();
  const hasProfileAddress = Boolean(worker?.accommodationAddress);
  return (
    <TextAreaField
      name="address"
      label={t('tickets.form.accommodation.address')}
      hint={t(
        hasProfileAddress
          ? 'tickets.form.accommodation.addressFromProfile'
          : 'tickets.form.accommodation.addressHint',
      )}
      isRequired
      maxLength={ADDRESS_MAX_CHARS}
      rows={2}
    />
  );
}

export const accommodationForm: CategoryForm = {
  defaultValues: ({ worker }) => ({ address: worker?.accommodationAddress ?? '' }),
  Fields: AccommodationFields,
  descriptionHintKey: 'tickets.form.accommodation.descriptionHint',
};
