import { PRESALARY, isPresalaryAmountAllowed, presalaryCosts } from '@domain';
import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FIELD_CLASSES } from '../../../components/ui/form-field';
import './presalary-summary.css';

/** The fee as a whole percentage, for texts ("5%"). */
export const FEE_PERCENT = Math.round(PRESALARY.FEE_RATE * 100);

const NO_VALUE = '—';

/**
 * What the worker will owe, recomputed as the amount is typed: the amount, the 5 % fee and the
 * total deducted from the next salary. Outside the limits it shows dashes and says why, never NaN.
 */
export function PresalarySummary() {
  const { t, i18n } = useTranslation();
  const amount: unknown = useWatch({ name: 'amount' });
  const id = useId();
  const money = new Intl.NumberFormat(i18n.resolvedLanguage ?? i18n.language, {
    style: 'currency',
    currency: PRESALARY.CURRENCY,
  });
  const costs =
    typeof amount === 'number' && isPresalaryAmountAllowed(amount) ? presalaryCosts(amount) : null;
  const show = (cents: number | undefined) => (cents === undefined ? NO_VALUE : money.format(cents / 100));
  const rows = [
    { key: 'amount', label: t('tickets.form.presalary.summaryAmount'), value: show(costs?.amountCents) },
    {
      key: 'fee',
      label: t('tickets.form.presalary.summaryFee', { rate: FEE_PERCENT }),
      value: show(costs?.feeCents),
    },
    { key: 'total', label: t('tickets.form.presalary.summaryTotal'), value: show(costs?.totalCents) },
  ];
  return (
    <section role="status" aria-label={t('tickets.form.presalary.summary')} className="presalary-summary">
      <dl className="presalary-summary-list">
        {rows.map((row) => (
          <div key={row.key} className="presalary-summary-row">
            <dt id={`${id}-${row.key}`}>{row.label}</dt>
            <dd
              aria-labelledby={`${id}-${row.key}`}
              className={row.key === 'total' ? 'presalary-summary-value is-total' : 'presalary-summary-value'}
            >
              {row.value}
            </dd>
          </div>
        ))}
      </dl>
      {!costs && (
        <p className={`${FIELD_CLASSES.hint} presalary-summary-hint`}>
          {t('tickets.form.presalary.summaryHint', { min: PRESALARY.MIN_AMOUNT, max: PRESALARY.MAX_AMOUNT })}
        </p>
      )}
    </section>
  );
}
