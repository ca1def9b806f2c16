import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../lib/call';
import { useOperation } from '../../../notices';
import type { Ticket } from '../../api/ticket-model';
import { Assignment } from './assignment';
import { ItemConfirmations } from './item-confirmations';
import { StatusChange } from './status-change';
import { UpdateForm, type UpdateFormProps } from './update-form';

import { Button } from '../../../components/ui/button';

// The ticket page's actions, a chunk of their own: most visits (a worker reading a ticket) never
// load them. ticket-details-page.tsx decides who sees which part; the server decides again.

/** Staff: status, assignment and (tools, clothes) the ordered items one by one. */
export function ProcessPanel({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  return (
    <div className="ticket-actions">
      <section aria-label={t('tickets.fields.status')}>
        <h4 className="ticket-actions-title">{t('tickets.fields.status')}</h4>
        <StatusChange key={`${ticket.status}-${ticket.archivedFrom ?? ''}`} ticket={ticket} />
      </section>
      <section aria-label={t('tickets.actions.assignment')}>
        <h4 className="ticket-actions-title">{t('tickets.actions.assignment')}</h4>
        <Assignment ticket={ticket} />
      </section>
      {ticket.items.length > 0 && !ticket.archived && (
        <section aria-label={t('tickets.actions.items')}>
          <h4 className="ticket-actions-title">{t('tickets.actions.items')}</h4>
          <ItemConfirmations ticket={ticket} />
        </section>
      )}
    </div>
  );
}

/** Staff or the ticket's owner: a reply with text and files. */
export function UpdatePanel(props: UpdateFormProps) {
  return <UpdateForm {...props} />;
}

/** The ticket's owner, once it is resolved: archive it. */
export function OwnerArchive({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const run = useOperation();
  const [isSaving, setIsSaving] = useState(false);
  const archive = async () => {
    if (isSaving) return;
    setIsSaving(true);
    await run(
      {
        loading: 'tickets.actions.archiveLoading',
        success: 'tickets.actions.archiveDone',
        failure: 'tickets.processing.errors.statusFailed',
      },
      () => call('changeTicketStatus', { ticketId: ticket.id, status: 'archived' }),
    );
    setIsSaving(false);
  };
  return (
    <div className="ticket-actions-form">
      <p className="ticket-actions-note">{t('tickets.actions.archiveText')}</p>
      <div>
        <Button onClick={() => void archive()} isLoading={isSaving}>
          {t('tickets.actions.archive')}
        </Button>
      </div>
    </div>
  );
}
