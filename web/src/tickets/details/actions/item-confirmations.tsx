import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../lib/call';
import { useOperation } from '../../../notices';
import type { Ticket } from '../../api/ticket-model';
import { Button } from '../../../components/ui/button';
import { CheckCircleFilled, ClockCircleOutlined } from '../../../components/ui/icons';
import '../ticket-details-page.css';

/**
 * The ordered items (tools, clothes) for staff, each confirmed or unconfirmed on its own; the
 * worker sees every confirmation live on the ticket.
 */
export function ItemConfirmations({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const run = useOperation();
  const [busyIndex, setBusyIndex] = useState<number | null>(null);

  const toggle = async (index: number, name: string, confirmed: boolean) => {
    if (busyIndex !== null) return;
    setBusyIndex(index);
    await run(
      {
        loading: 'tickets.actions.confirmLoading',
        success: confirmed ? 'tickets.actions.confirmDone' : 'tickets.actions.unconfirmDone',
        failure: 'tickets.processing.errors.confirmFailed',
      },
      () => call('confirmTicketItem', { ticketId: ticket.id, index, confirmed }),
      { name },
    );
    setBusyIndex(null);
  };

  return (
    <ul className="ticket-list">
      {ticket.items.map((item, index) => (
        <li key={`${item.name}-${index}`} className="ticket-item">
          <span>
            {item.confirmed ? (
              <CheckCircleFilled className="ticket-item-done" aria-hidden />
            ) : (
              <ClockCircleOutlined aria-hidden />
            )}{' '}
            {item.name} × {item.quantity}
          </span>
          <Button
            size="small"
            variant={item.confirmed ? 'default' : 'primary'}
            isLoading={busyIndex === index}
            disabled={busyIndex !== null && busyIndex !== index}
            onClick={() => void toggle(index, item.name, !item.confirmed)}
            aria-label={t(item.confirmed ? 'tickets.actions.undoItem' : 'tickets.actions.confirmItem', {
              name: item.name,
            })}
          >
            {t(item.confirmed ? 'tickets.actions.undo' : 'tickets.actions.confirm')}
          </Button>
        </li>
      ))}
    </ul>
  );
}
