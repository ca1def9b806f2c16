import { PRESALARY, REASON_MAX_CHARS, nextProcessingDay, selectablePresalaryPeriods } from '@domain';
import { useTranslation } from 'react-i18next';
import type { CategoryForm, CategoryFormContext } from '../category-form';
import { CheckboxField, NumberField, SelectField, TextField } from '../fields';
import { formatDayWithWeekday, salaryPeriodOptions } from './period-label';
import { FEE_PERCENT, PresalarySummary } from './presalary-summary';
import { Alert } from '../../../components/ui/alert';
import './category-form-hint.css';
import './presalary-form.css';

/** The rules in one box, before the worker types anything. */
function PresalaryRules({ today }: { today: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return (
    <Alert
      type="info"
      isIconShown
      role="note"
      className="presalary-rules category-form-hint"
      description={
        <ul className="presalary-rules-list">
          <li>
            {t('tickets.form.presalary.ruleLimits', { min: PRESALARY.MIN_AMOUNT, max: PRESALARY.MAX_AMOUNT })}
          </li>
          <li>{t('tickets.form.presalary.ruleFee', { rate: FEE_PERCENT })}</li>
          <li>{t('tickets.form.presalary.ruleOnePerPeriod')}</li>
          <li>
            {t('tickets.form.presalary.ruleProcessing', {
              day: formatDayWithWeekday(nextProcessingDay(today), language),
            })}
          </li>
        </ul>
      }
    >
      {t('tickets.form.presalary.rulesTitle')}
    </Alert>
  );
}

function PresalaryFields({ today }: CategoryFormContext) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return (
    <>
      <PresalaryRules today={today} />
      <NumberField
        name="amount"
        label={t('tickets.form.presalary.amount')}
        isRequired
        precision={2}
        step={10}
      />
      <SelectField
        name="currency"
        label={t('tickets.form.presalary.currency')}
        isRequired
        options={[{ value: PRESALARY.CURRENCY, label: PRESALARY.CURRENCY }]}
      />
      <PresalarySummary />
      <TextField
        name="reason"
        label={t('tickets.form.presalary.reason')}
        isRequired
        maxLength={REASON_MAX_CHARS}
      />
      <SelectField
        name="period"
        label={t('tickets.form.presalary.period')}
        hint={t('tickets.form.presalary.periodHint')}
        isRequired
        placeholder={t('tickets.form.period.placeholder')}
        options={salaryPeriodOptions(t, selectablePresalaryPeriods(today), language)}
      />
      <CheckboxField name="termsAccepted" label={t('tickets.form.presalary.terms', { rate: FEE_PERCENT })} />
    </>
  );
}

export const presalaryForm: CategoryForm = {
  // The period is left for the worker to choose: asking for the wrong half-month costs money.
  defaultValues: () => ({
    amount: undefined,
    currency: PRESALARY.CURRENCY,
    reason: '',
    period: undefined,
    termsAccepted: false,
  }),
  Fields: PresalaryFields,
  descriptionHintKey: 'tickets.form.presalary.descriptionHint',
};
