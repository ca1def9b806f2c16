import { type QueueTicket, UPDATE_TEXT_MAX_CHARS, addTicketUpdateSchema } from '@domain';
import type { CallableName } from '@domain/callables';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../lib/auth/auth-context';
import { call } from '../../lib/call';
import { callableErrorOf } from '../../lib/callable-keys';
import { useNotices } from '../../notices';
import { newUpdateRequestId } from '../api/process-ticket';
import { Button } from '../../components/ui/button';
import { translateMessage } from '../../components/ui/field-message';
import { FIELD_CLASSES } from '../../components/ui/form-field';
import { inputClassName } from '../../components/ui/text-input';
import './start-work-panel.css';

/** The steps of "start work", in the order they run. */
export type StartWorkStep = 'assign' | 'status' | 'update';

/** The callable of each step, whose failure says what went wrong. */
const STEP_CALLABLES: Record<StartWorkStep, CallableName> = {
  assign: 'assignTicket',
  status: 'changeTicketStatus',
  update: 'addTicketUpdate',
};

type Failure = { step: StartWorkStep; messageKey: string };

export type StartWorkPanelProps = {
  ticket: QueueTicket;
  onCancel: () => void;
  /** Called once the ticket is in progress with the update added (the list reloads then). */
  onStarted: () => void;
};

/**
 * "Start work" on a new ticket, inline in its queue row: assign it to oneself (optional), move it
 * to inProgress and tell the worker what happens next, in that order. A failed step keeps the
 * text; a retry skips the steps already done, and the update's request id (one per opening of
 * the panel) makes the server add the update once even if its answer was lost.
 */
export function StartWorkPanel({ ticket, onCancel, onStarted }: StartWorkPanelProps) {
  const { t } = useTranslation();
  const notices = useNotices();
  const { user } = useAuth();
  const uid = user?.uid ?? '';
  const isMine = ticket.assignedTo !== null && ticket.assignedTo.uid === uid;
  const [text, setText] = useState('');
  const [isAssigning, setIsAssigning] = useState(ticket.assignedTo === null || isMine);
  const [requestId] = useState(newUpdateRequestId);
  const [textError, setTextError] = useState<string | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  // Steps that went through, read by the retry (a ref: the retry must see them at once).
  const doneRef = useRef<Set<StartWorkStep>>(new Set());
  const [isAssignDone, setIsAssignDone] = useState(false);
  const id = useId();
  const textId = `${id}-text`;
  const counterId = `${id}-count`;
  const errorId = `${id}-error`;
  const textRef = useRef<HTMLTextAreaElement>(null);

  const markDone = (step: StartWorkStep) => {
    doneRef.current.add(step);
    if (step === 'assign') setIsAssignDone(true);
  };

  async function run(step: StartWorkStep, send: () => Promise<unknown>): Promise<boolean> {
    if (doneRef.current.has(step)) return true;
    try {
      await send();
      markDone(step);
      return true;
    } catch (error) {
      const { messageKey, fields } = callableErrorOf(STEP_CALLABLES[step], error);
      if (fields.text) setTextError(fields.text);
      setFailure({ step, messageKey });
      notices.error(
        t('tickets.queue.startWork.failed', {
          step: t(`tickets.queue.startWork.steps.${step}`),
          reason: t(messageKey),
        }),
      );
      return false;
    }
  }

  async function confirm() {
    const parsed = addTicketUpdateSchema.shape.text.safeParse(text);
    if (!parsed.success) {
      setTextError(parsed.error.issues[0]?.message ?? 'validation.required');
      textRef.current?.focus();
      return;
    }
    setTextError(null);
    setFailure(null);
    setIsBusy(true);
    const ticketId = ticket.id;
    const isDone =
      (!isAssigning ||
        isMine ||
        (await run('assign', () => call('assignTicket', { ticketId, assigneeUid: uid })))) &&
      (ticket.status === 'inProgress' ||
        (await run('status', () => call('changeTicketStatus', { ticketId, status: 'inProgress' })))) &&
      (await run('update', () =>
        call('addTicketUpdate', { requestId, ticketId, text: parsed.data, attachments: [] }),
      ));
    setIsBusy(false);
    if (!isDone) return;
    notices.success(t('tickets.queue.startWork.success', { number: ticket.number }));
    onStarted();
  }

  return (
    <form
      className="queue-start-work"
      aria-label={t('tickets.queue.startWork.panelLabel', { number: ticket.number })}
      onSubmit={(event) => {
        event.preventDefault();
        void confirm();
      }}
      noValidate
    >
      <label htmlFor={textId} className={FIELD_CLASSES.label}>
        {t('tickets.queue.startWork.textLabel')}
      </label>
      <span className="queue-start-work-hint">{t('tickets.queue.startWork.textHint')}</span>
      <textarea
        ref={textRef}
        id={textId}
        className={`${inputClassName(textError ? 'error' : undefined)} queue-start-work-text`}
        rows={3}
        // Opened on purpose by "Start work": the text is what comes next.
        autoFocus
        value={text}
        maxLength={UPDATE_TEXT_MAX_CHARS}
        aria-invalid={textError ? true : undefined}
        aria-describedby={textError ? `${counterId} ${errorId}` : counterId}
        onChange={(event) => {
          setText(event.target.value);
          if (textError) setTextError(null);
        }}
      />
      <span id={counterId} className="queue-start-work-count">
        {t('tickets.queue.startWork.counter', { length: text.length, max: UPDATE_TEXT_MAX_CHARS })}
      </span>
      {textError && (
        <span id={errorId} className={FIELD_CLASSES.error} role="alert">
          {translateMessage(t, textError)}
        </span>
      )}
      <label className="queue-start-work-check">
        <input
          type="checkbox"
          checked={isAssigning}
          disabled={isBusy || isMine || isAssignDone}
          onChange={(event) => setIsAssigning(event.target.checked)}
        />
        {isMine ? t('tickets.queue.startWork.alreadyMine') : t('tickets.queue.startWork.assignToMe')}
      </label>
      {failure && (
        <p className="queue-start-work-failure" role="alert">
          {t('tickets.queue.startWork.failed', {
            step: t(`tickets.queue.startWork.steps.${failure.step}`),
            reason: t(failure.messageKey),
          })}
        </p>
      )}
      <div className="button-row">
        <Button type="submit" variant="primary" isLoading={isBusy}>
          {failure ? t('tickets.queue.startWork.retry') : t('tickets.queue.startWork.confirm')}
        </Button>
        <Button onClick={onCancel} disabled={isBusy}>
          {t('tickets.queue.startWork.cancel')}
        </Button>
      </div>
    </form>
  );
}
