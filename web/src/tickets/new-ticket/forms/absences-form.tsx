import { ABSENCE_TYPES, REASON_MAX_CHARS } from '@domain';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CategoryForm, CategoryFormContext } from '../category-form';
import { CheckboxField, DateField, SelectField, TextField } from '../fields';
import { Alert } from '../../../components/ui/alert';
import './category-form-hint.css';

const isAbsenceType = (value: string): value is (typeof ABSENCE_TYPES)[number] =>
  (ABSENCE_TYPES as readonly string[]).includes(value);

function AbsencesFields(_context: CategoryFormContext) {
  const { t } = useTranslation();
  const [type, startDate, hasMedicalCertificate] = useWatch({
    name: ['subcategory', 'startDate', 'hasMedicalCertificate'],
  }) as [unknown, unknown, unknown];
  // The schema refuses a sick leave (or a declared certificate) without a file; say so up front.
  const needsCertificateFile = type === 'sickLeave' || hasMedicalCertificate === true;
  return (
    <>
      <SelectField
        name="subcategory"
        label={t('tickets.form.absences.type')}
        isRequired
        placeholder={t('tickets.form.absences.typePlaceholder')}
        options={ABSENCE_TYPES.map((value) => ({ value, label: t(`tickets.form.absences.types.${value}`) }))}
      />
      <TextField
        name="reason"
        label={t('tickets.form.absences.reason')}
        isRequired
        maxLength={REASON_MAX_CHARS}
      />
      <DateField name="startDate" label={t('tickets.form.absences.startDate')} isRequired />
      <DateField
        name="endDate"
        label={t('tickets.form.absences.endDate')}
        isRequired
        min={typeof startDate === 'string' ? startDate : undefined}
      />
      <CheckboxField name="hasMedicalCertificate" label={t('tickets.form.absences.hasMedicalCertificate')} />
      {needsCertificateFile && (
        <Alert type="warning" isIconShown role="note" className="category-form-hint">
          {t('tickets.form.absences.certificateHint')}
        </Alert>
      )}
    </>
  );
}

export const absencesForm: CategoryForm = {
  defaultValues: ({ subcategory, today }) => ({
    subcategory: isAbsenceType(subcategory) ? subcategory : undefined,
    reason: '',
    startDate: today,
    endDate: today,
    hasMedicalCertificate: false,
  }),
  Fields: AbsencesFields,
  descriptionHintKey: 'tickets.form.absences.descriptionHint',
};
