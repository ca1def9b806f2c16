import { type StoredAttachment, UPDATE_TEXT_MAX_CHARS } from '@domain';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotices, useOperation } from '../../../notices';
import { call } from '../../../lib/call';
import { newUpdateRequestId, uploadUpdateFile } from '../../api/process-ticket';
import type { Ticket } from '../../api/ticket-model';
import { type UploadEntry, UploadProgress } from '../../new-ticket/upload-progress';
import { Button } from '../../../components/ui/button';
import { FilePicker, type PickedFile } from '../../../components/ui/file-picker';
import { FormField, controlProps } from '../../../components/ui/form-field';
import { TextArea } from '../../../components/ui/text-area';

export type UpdateFormProps = {
  ticket: Ticket;
  /** Staff upload into the ticket's update folder, its owner into their own ticket folder. */
  asStaff: boolean;
};

/**
 * A reply on the ticket: text and photos or PDFs. Files upload first (with progress), then the
 * update is added with one request id for as long as the form is not sent, so a retry after a
 * lost answer adds it once and a file already uploaded is not uploaded again. Nothing typed or
 * picked is lost on a failure.
 */
export function UpdateForm({ ticket, asStaff }: UpdateFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const notices = useNotices();
  const run = useOperation();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [uploads, setUploads] = useState<UploadEntry[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isSending, setIsSending] = useState(false);
  const requestId = useRef(newUpdateRequestId());
  /** Files already in Storage, by picked-file key. */
  const stored = useRef(new Map<string, StoredAttachment>());

  const uploadAll = async (): Promise<StoredAttachment[] | null> => {
    const entries = files.map(({ key, file }): UploadEntry => ({
      key,
      file,
      percent: stored.current.has(key) ? 100 : 0,
      status: stored.current.has(key) ? 'done' : 'pending',
    }));
    setUploads(entries);
    const patch = (key: string, change: Partial<UploadEntry>) =>
      setUploads((current) => current.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)));
    let hasFailed = false;
    for (const { key, file } of files) {
      if (stored.current.has(key)) continue;
      patch(key, { status: 'uploading' });
      try {
        const attachment = await uploadUpdateFile(
          { ownerUid: ticket.createdBy, ticketId: ticket.id, asStaff },
          file,
          (percent) => patch(key, { percent }),
        );
        stored.current.set(key, attachment);
        patch(key, { status: 'done', percent: 100 });
      } catch {
        hasFailed = true;
        patch(key, { status: 'failed' });
      }
    }
    if (hasFailed) return null;
    return files.flatMap(({ key }) => {
      const attachment = stored.current.get(key);
      return attachment ? [attachment] : [];
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSending) return;
    if (text.trim() === '') {
      setErrors({ text: 'validation.required' });
      return;
    }
    setIsSending(true);
    const attachments = await uploadAll();
    if (attachments === null) {
      setIsSending(false);
      notices.error(t('tickets.actions.uploadFailed'));
      return;
    }
    const result = await run(
      {
        loading: 'tickets.actions.updateLoading',
        success: 'tickets.actions.updateDone',
        failure: 'tickets.processing.errors.updateFailed',
      },
      () => call('addTicketUpdate', { requestId: requestId.current, ticketId: ticket.id, text, attachments }),
    );
    setIsSending(false);
    if (result.ok) {
      setText('');
      setFiles([]);
      setUploads([]);
      stored.current.clear();
      requestId.current = newUpdateRequestId();
    } else {
      // A refused file is reported per file (attachments.0.path): show it under the picker.
      const fields = { ...result.failure.fields };
      const fileError = Object.entries(fields).find(([field]) => field.startsWith('attachments.'));
      if (fileError) fields.attachments = fileError[1];
      setErrors(fields);
    }
  };

  return (
    <form className="ticket-actions-form" onSubmit={(event) => void submit(event)} noValidate>
      <FormField
        label={t('tickets.actions.updateText')}
        hint={t(asStaff ? 'tickets.actions.staffUpdateHint' : 'tickets.actions.ownerUpdateHint')}
        htmlFor={`${id}-text`}
        error={errors.text}
      >
        <TextArea
          {...controlProps(`${id}-text`, errors.text ? { message: errors.text } : undefined)}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setErrors(({ text: _removed, ...rest }) => rest);
          }}
          maxLength={UPDATE_TEXT_MAX_CHARS}
          rows={4}
          disabled={isSending}
        />
      </FormField>
      <FilePicker files={files} onChange={setFiles} error={errors.attachments} isDisabled={isSending} />
      {uploads.length > 0 && <UploadProgress entries={uploads} />}
      <div>
        <Button variant="primary" type="submit" isLoading={isSending}>
          {t('tickets.actions.sendUpdate')}
        </Button>
      </div>
    </form>
  );
}
