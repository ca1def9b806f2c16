import type { TicketStaffMember } from '@domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../../lib/auth/auth-context';
import { call } from '../../../lib/call';
import { useOperation } from '../../../notices';
import { NO_REQUEST } from '../../../lib/use-async';
import { useCallableRead } from '../../../lib/use-callable';
import type { Ticket } from '../../api/ticket-model';
import { Button } from '../../../components/ui/button';
import { FIELD_CLASSES, FormField } from '../../../components/ui/form-field';
import { Select } from '../../../components/ui/select';

type StaffState =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; staff: TicketStaffMember[] };

/** Who may take tickets, loaded once per panel; a failure offers a retry. */
function useTicketStaff() {
  const { data, error, reload } = useCallableRead('listTicketStaff', NO_REQUEST);
  const state: StaffState =
    error !== null
      ? { status: 'error' }
      : data
        ? { status: 'ready', staff: data.staff }
        : { status: 'loading' };
  const retry = reload;
  return { state, retry };
}

/**
 * Assigning a ticket: to oneself in one tap, to another member of staff from the list, or to
 * nobody. The server accepts only active staff who process tickets.
 */
export function Assignment({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const id = useId();
  const { user } = useAuth();
  const run = useOperation();
  const { state, retry } = useTicketStaff();
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const [isSaving, setIsSaving] = useState(false);
  const current = ticket.assignedTo?.uid ?? null;
  const uid = user?.uid ?? '';

  const assign = async (assigneeUid: string | null, name: string) => {
    if (isSaving) return;
    setIsSaving(true);
    const result = await run(
      {
        loading: 'tickets.actions.assignLoading',
        success: assigneeUid ? 'tickets.actions.assignDone' : 'tickets.actions.unassignDone',
        failure: 'tickets.processing.errors.assignFailed',
      },
      () => call('assignTicket', { ticketId: ticket.id, assigneeUid }),
      { name },
    );
    setIsSaving(false);
    if (result.ok) setChosen(undefined);
  };

  // The ticket's owner is never its assignee (the server refuses it too).
  const staff =
    state.status === 'ready' ? state.staff.filter((member) => member.uid !== ticket.createdBy) : [];
  const selected = chosen ?? current ?? undefined;
  const selectedMember = staff.find((member) => member.uid === selected);

  return (
    <div className="ticket-actions-form">
      <p className="ticket-actions-note">
        {t('tickets.fields.assignedTo')}:{' '}
        <strong>{ticket.assignedTo?.name || t('tickets.details.notAssigned')}</strong>
      </p>
      <div className="ticket-actions-buttons">
        {current !== uid && uid !== '' && (
          <Button onClick={() => void assign(uid, user?.name ?? '')} isLoading={isSaving}>
            {t('tickets.actions.assignToMe')}
          </Button>
        )}
        {current !== null && (
          <Button onClick={() => void assign(null, '')} disabled={isSaving}>
            {t('tickets.actions.unassign')}
          </Button>
        )}
      </div>
      {state.status === 'error' ? (
        <p role="alert" className={FIELD_CLASSES.error}>
          {t('tickets.actions.staffFailed')}{' '}
          <Button size="small" onClick={retry}>
            {t('tickets.details.retry')}
          </Button>
        </p>
      ) : (
        <div className="ticket-actions-row is-inline">
          <FormField label={t('tickets.actions.assignTo')} htmlFor={`${id}-assignee`}>
            <Select
              id={`${id}-assignee`}
              value={selected}
              onChange={setChosen}
              placeholder={
                state.status === 'loading' ? t('common.loading') : t('tickets.actions.chooseStaff')
              }
              options={staff.map((member) => ({
                value: member.uid,
                label: `${member.name} (${t(`roles.${member.role}`, { defaultValue: member.role })})`,
              }))}
              disabled={isSaving || state.status !== 'ready'}
            />
          </FormField>
          <Button
            variant="primary"
            onClick={() => selectedMember && void assign(selectedMember.uid, selectedMember.name)}
            disabled={!selectedMember || selectedMember.uid === current || isSaving}
          >
            {t('tickets.actions.assign')}
          </Button>
        </div>
      )}
    </div>
  );
}
