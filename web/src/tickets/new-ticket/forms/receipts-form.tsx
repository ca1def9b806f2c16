import { RECEIPT_CURRENCIES } from '@domain';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CategoryForm, CategoryFormContext } from '../category-form';
import { DateField, NumberField, SelectField } from '../fields';
import { Alert } from '../../../components/ui/alert';
import './category-form-hint.css';

// Receipts: what was paid, in which currency and when. The photo or scan itself goes in the
// shell's file picker, which also shows the "at least one file" error.

function ReceiptsFields({ today }: CategoryFormContext) {
  const { t } = useTranslation();
  const currency = useWatch({ name: 'currency' }) as string | undefined;
  return (
    <>
      <Alert type="info" isIconShown className="category-form-hint">
        {t('tickets.form.receipts.fileHint')}
      </Alert>
      <NumberField
        name="amount"
        label={t('tickets.form.receipts.amount')}
        isRequired
        precision={2}
        suffix={currency}
      />
      <SelectField
        name="currency"
        label={t('tickets.form.receipts.currency')}
        isRequired
        options={RECEIPT_CURRENCIES.map((code) => ({
          value: code,
          label: `${code} – ${t(`tickets.form.receipts.currencies.${code}`)}`,
        }))}
      />
      <DateField
        name="purchaseDate"
        label={t('tickets.form.receipts.purchaseDate')}
        hint={t('tickets.form.receipts.purchaseDateHint')}
        max={today}
      />
    </>
  );
}

export const receiptsForm: CategoryForm = {
  defaultValues: () => ({ amount: undefined, currency: 'EUR', purchaseDate: undefined }),
  Fields: ReceiptsFields,
  descriptionHintKey: 'tickets.form.receipts.descriptionHint',
};
