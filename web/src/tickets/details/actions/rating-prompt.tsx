import { RATING_COMMENT_MAX_CHARS, type TicketRating } from '@domain';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { TextArea } from '../../../components/ui/text-area';
import { call } from '../../../lib/call';
import { newRequestId } from '../../../lib/request-id';
import { useOperation } from '../../../notices';
import type { Ticket } from '../../api/ticket-model';
import './rating-prompt.css';

/**
 * "Did this solve it?" on the owner's resolved, paid or sent ticket: one tap on 👍 or 👎 (each a
 * large button), an optional comment, and "Send answer". A 👎 goes back to the office (the server
 * puts the ticket in progress again and tells the assignee). The answer keeps its requestId until
 * it is saved, so a retry after a lost connection is taken once; the page shows the result live.
 */
export function RatingPrompt({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const id = useId();
  const run = useOperation();
  const [choice, setChoice] = useState<TicketRating | null>(null);
  const [comment, setComment] = useState('');
  const [isSending, setIsSending] = useState(false);
  const requestId = useRef(newRequestId());

  const send = async () => {
    if (!choice || isSending) return;
    setIsSending(true);
    await run(
      {
        loading: 'tickets.rating.sending',
        success: choice === 'down' ? 'tickets.rating.reopened' : 'tickets.rating.thanks',
        failure: 'tickets.rating.errors.failed',
      },
      () =>
        call('rateTicket', {
          requestId: requestId.current,
          ticketId: ticket.id,
          rating: choice,
          comment: comment.trim(),
        }),
    );
    setIsSending(false);
  };

  return (
    <div className="ticket-actions-form ticket-rating">
      <div className="ticket-rating-choices" role="group" aria-label={t('tickets.rating.question')}>
        {(['up', 'down'] as const).map((value) => (
          <Button
            key={value}
            variant={choice === value ? 'primary' : 'default'}
            className="ticket-rating-choice"
            aria-pressed={choice === value}
            aria-label={t(value === 'up' ? 'tickets.rating.upLabel' : 'tickets.rating.downLabel')}
            onClick={() => setChoice(value)}
            disabled={isSending}
          >
            <span aria-hidden="true">{value === 'up' ? '👍' : '👎'}</span>{' '}
            {t(value === 'up' ? 'tickets.rating.up' : 'tickets.rating.down')}
          </Button>
        ))}
      </div>
      {choice && (
        <>
          <FormField
            label={t(choice === 'down' ? 'tickets.rating.commentDown' : 'tickets.rating.comment')}
            htmlFor={`${id}-comment`}
          >
            <TextArea
              id={`${id}-comment`}
              value={comment}
              onChange={(event) => setComment(event.target.value)}
              maxLength={RATING_COMMENT_MAX_CHARS}
              disabled={isSending}
            />
          </FormField>
          <div>
            <Button variant="primary" onClick={() => void send()} isLoading={isSending}>
              {t('tickets.rating.send')}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
