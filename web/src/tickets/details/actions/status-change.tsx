import {
  type ChangeStatusInput,
  MAX_PAID_AMOUNT,
  REJECTION_REASON_MAX_CHARS,
  type TicketStatus,
  allowedTransitions,
  needsPaymentDetails,
  needsReason,
  statusChangeErrors,
} from '@domain';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Ticket } from '../../api/ticket-model';
import { call } from '../../../lib/call';
import { useOperation } from '../../../notices';
import { Button } from '../../../components/ui/button';
import { FormField, controlProps } from '../../../components/ui/form-field';
import { Select } from '../../../components/ui/select';
import { TextArea } from '../../../components/ui/text-area';
import { TextInput } from '../../../components/ui/text-input';

type Values = { status: TicketStatus | ''; reason: string; paidAmount: string; paidDate: string };

/** Today as `YYYY-MM-DD` in the user's time zone: the usual payment day. */
function today(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A select takes the error state through aria only (it has no `status` prop). */
function selectProps({ status: _status, ...props }: ReturnType<typeof controlProps>) {
  return props;
}

/** A paid amount as typed ("300,50" too), or the message key of what is wrong with it. */
function parseAmount(text: string): number | string | undefined {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return undefined;
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return 'validation.number';
  const amount = Number(trimmed);
  if (amount <= 0) return 'validation.amountGreaterThanZero';
  return amount > MAX_PAID_AMOUNT ? 'validation.number' : amount;
}

/**
 * The status change of a ticket for staff: only the moves the transition table allows from its
 * status for its category are offered; a rejection asks for the reason the worker will read, a
 * presalary marked paid for the amount and day. The server checks all of it again.
 */
export function StatusChange({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const id = useId();
  const run = useOperation();
  const targets = allowedTransitions(ticket.status, ticket.category, ticket.archivedFrom);
  const [values, setValues] = useState<Values>({ status: '', reason: '', paidAmount: '', paidDate: today() });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isSaving, setIsSaving] = useState(false);

  if (targets.length === 0) {
    return <p className="ticket-actions-note">{t('tickets.actions.noTransitions')}</p>;
  }

  const target = values.status === '' ? null : values.status;
  const askReason = target !== null && needsReason(target, ticket.status);
  const askPayment = target !== null && needsPaymentDetails(target, ticket.category, ticket.status);
  const set = (field: keyof Values, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      const { [field]: _removed, ...rest } = current;
      return rest;
    });
  };

  const control = (field: keyof Values) =>
    controlProps(`${id}-${field}`, errors[field] ? { message: errors[field] } : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSaving) return;
    if (target === null) {
      setErrors({ status: 'validation.required' });
      return;
    }
    // The same rules as the server's changeStatusSchemaFor, without loading zod on this page.
    const amount = askPayment ? parseAmount(values.paidAmount) : undefined;
    const request: ChangeStatusInput = {
      ticketId: ticket.id,
      status: target as ChangeStatusInput['status'],
      ...(askReason && values.reason.trim() !== '' ? { reason: values.reason.trim() } : {}),
      ...(typeof amount === 'number' ? { paidAmount: amount } : {}),
      ...(askPayment && values.paidDate ? { paidDate: values.paidDate } : {}),
    };
    const found = statusChangeErrors(
      {
        category: ticket.category,
        status: ticket.status,
        requestedAmount: ticket.category === 'presalary' ? (ticket.details.amount ?? null) : null,
      },
      request,
    );
    if (typeof amount === 'string') found.paidAmount = amount;
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    setIsSaving(true);
    const result = await run(
      {
        loading: 'tickets.actions.statusLoading',
        success: 'tickets.actions.statusDone',
        failure: 'tickets.processing.errors.statusFailed',
      },
      () => call('changeTicketStatus', request),
      { status: t(`tickets.status.${target}`) },
    );
    setIsSaving(false);
    if (result.ok) setValues((current) => ({ ...current, status: '', reason: '', paidAmount: '' }));
    else setErrors(result.failure.fields);
  };

  return (
    <form className="ticket-actions-form" onSubmit={(event) => void submit(event)} noValidate>
      <FormField label={t('tickets.actions.newStatus')} htmlFor={`${id}-status`} error={errors.status}>
        <Select
          {...selectProps(control('status'))}
          value={values.status}
          onChange={(value) => set('status', value ?? '')}
          placeholder={t('tickets.actions.chooseStatus')}
          options={targets.map((status) => ({ value: status, label: t(`tickets.status.${status}`) }))}
          disabled={isSaving}
        />
      </FormField>
      {askReason && (
        <FormField
          label={t('tickets.fields.rejectionReason')}
          hint={t('tickets.actions.reasonHint')}
          htmlFor={`${id}-reason`}
          error={errors.reason}
        >
          <TextArea
            {...control('reason')}
            value={values.reason}
            onChange={(event) => set('reason', event.target.value)}
            maxLength={REJECTION_REASON_MAX_CHARS}
            disabled={isSaving}
          />
        </FormField>
      )}
      {askPayment && (
        <div className="ticket-actions-row">
          <FormField
            label={t('tickets.actions.paidAmount', { currency: ticket.details.currency ?? '' })}
            htmlFor={`${id}-paidAmount`}
            error={errors.paidAmount}
          >
            <TextInput
              {...control('paidAmount')}
              inputMode="decimal"
              value={values.paidAmount}
              placeholder={ticket.details.amount !== undefined ? String(ticket.details.amount) : undefined}
              onChange={(event) => set('paidAmount', event.target.value)}
              disabled={isSaving}
            />
          </FormField>
          <FormField label={t('tickets.fields.paidDate')} htmlFor={`${id}-paidDate`} error={errors.paidDate}>
            <TextInput
              {...control('paidDate')}
              type="date"
              value={values.paidDate}
              onChange={(event) => set('paidDate', event.target.value)}
              disabled={isSaving}
            />
          </FormField>
        </div>
      )}
      <div>
        <Button variant="primary" type="submit" isLoading={isSaving}>
          {t('tickets.actions.changeStatus')}
        </Button>
      </div>
    </form>
  );
}
