import { recentSalaryPeriods } from '@domain';
import { useTranslation } from 'react-i18next';
import type { CategoryForm, CategoryFormContext } from '../category-form';
import { SelectField } from '../fields';
import { salaryPeriodOptions } from './period-label';

/** How far back a worker may point at a salary period: three months. */
const SELECTABLE_PERIODS = 6;

function SalaryFields({ today }: CategoryFormContext) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return (
    <SelectField
      name="period"
      label={t('tickets.form.salary.period')}
      isRequired
      placeholder={t('tickets.form.period.placeholder')}
      options={salaryPeriodOptions(t, recentSalaryPeriods(today, SELECTABLE_PERIODS), language)}
    />
  );
}

export const salaryForm: CategoryForm = {
  defaultValues: () => ({ period: undefined }),
  Fields: SalaryFields,
  descriptionHintKey: 'tickets.form.salary.descriptionHint',
};
