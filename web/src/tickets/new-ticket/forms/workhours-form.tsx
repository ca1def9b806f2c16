import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CategoryForm, CategoryFormContext } from '../category-form';
import { DateField, NumberField } from '../fields';

function WorkhoursFields(_context: CategoryFormContext) {
  const { t } = useTranslation();
  const startDate: unknown = useWatch({ name: 'startDate' });
  return (
    <>
      <DateField name="startDate" label={t('tickets.form.workhours.startDate')} isRequired />
      <DateField
        name="endDate"
        label={t('tickets.form.workhours.endDate')}
        isRequired
        min={typeof startDate === 'string' ? startDate : undefined}
      />
      <NumberField
        name="hours"
        label={t('tickets.form.workhours.hours')}
        hint={t('tickets.form.workhours.hoursHint')}
        step={0.5}
      />
    </>
  );
}

export const workhoursForm: CategoryForm = {
  // The days concerned are usually past ones: the worker picks them rather than correcting a guess.
  defaultValues: () => ({ startDate: undefined, endDate: undefined, hours: undefined }),
  Fields: WorkhoursFields,
  descriptionHintKey: 'tickets.form.workhours.descriptionHint',
};
