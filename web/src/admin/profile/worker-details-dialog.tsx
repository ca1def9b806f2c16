import { ADMIN_ERRORS, type WorkerProfile, type WorkerUpdate, workerUpdateSchema } from '@domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { updateWorker } from '../api/users';
import { AdminDialog } from './admin-dialog';
import { useDialogOperation } from './use-dialog-operation';
import {
  ALL_WORKER_FIELDS,
  WORKER_FIELDS,
  WORKER_SECTIONS,
  type WorkerField,
  type WorkerFormValues,
  changedFields,
  fieldMessageKey,
  isDateField,
  issueKey,
  maxLengthOf,
  workerFormValues,
} from './worker-form';
import { FormField, controlProps } from '../../components/ui/form-field';
import { TextInput } from '../../components/ui/text-input';

const SERVER_FIELD_PREFIX = 'changes.';

export type WorkerDetailsDialogProps = {
  worker: WorkerProfile;
  onClose: () => void;
  onChanged: () => void;
};

/**
 * Edit worker details (EDIT_WORKER_MONDAY_DATA): the directory fields, checked by the shared
 * workerUpdateSchema before sending and again by the server. Only changed fields are sent; on a
 * failure the dialog stays open with everything typed and the server's field messages in place.
 */
export function WorkerDetailsDialog({ worker, onClose, onChanged }: WorkerDetailsDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  const { run, isBusy, failure } = useDialogOperation();
  const [initial] = useState(() => workerFormValues(worker));
  const [resolver] = useState(() => {
    const schemaResolver = zodResolver(workerUpdateSchema, { error: issueKey });
    // The schema sees the changes only: an empty field nobody touched is not checked or sent.
    const checkChanges: Resolver<WorkerFormValues, unknown, WorkerUpdate> = (values, context, options) =>
      schemaResolver(
        changedFields(initial, values),
        context,
        options as unknown as Parameters<typeof schemaResolver>[2],
      ) as ReturnType<Resolver<WorkerFormValues, unknown, WorkerUpdate>>;
    return checkChanges;
  });
  const { register, handleSubmit, setError, formState } = useForm<WorkerFormValues, unknown, WorkerUpdate>({
    resolver,
    defaultValues: initial,
  });

  const save = async (changes: WorkerUpdate) => {
    const result = await run(
      {
        loading: 'admin.operations.updateWorker.loading',
        success: 'admin.operations.updateWorker.success',
        failure: ADMIN_ERRORS.updateWorkerFailed,
      },
      () => updateWorker({ workerId: worker.id, changes }),
      { name: worker.name },
    );
    if (!result) return;
    if (result.ok) {
      onChanged();
      onClose();
      return;
    }
    for (const [path, message] of Object.entries(result.failure.fields)) {
      const field = path.startsWith(SERVER_FIELD_PREFIX) ? path.slice(SERVER_FIELD_PREFIX.length) : path;
      if ((ALL_WORKER_FIELDS as string[]).includes(field)) {
        setError(field as WorkerField, { type: 'server', message }, { shouldFocus: true });
      }
    }
  };

  const submit = handleSubmit((changes) => save(changes));
  const hasChanges = formState.isDirty;

  return (
    <AdminDialog
      title={t('admin.dialogs.worker.title', { name: worker.name })}
      onClose={onClose}
      isBusy={isBusy}
      isWide
      error={failure && t(failure.messageKey)}
      submit={{ label: t('admin.common.save'), onClick: () => void submit(), isDisabled: !hasChanges }}
    >
      <p className="admin-dialog-note">
        {t('admin.dialogs.worker.intro', { id: worker.id, email: worker.email })}
      </p>
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!isBusy) void submit();
        }}
      >
        {WORKER_SECTIONS.map((section) => (
          <fieldset key={section} className="worker-form-section">
            <legend>{t(`profile.tabs.${section}`)}</legend>
            <div className="worker-form-grid">
              {ALL_WORKER_FIELDS.filter((field) => WORKER_FIELDS[field].section === section).map((field) => {
                const id = `${formId}-${field}`;
                const error = formState.errors[field];
                const messageKey = fieldMessageKey(error?.message);
                return (
                  <FormField
                    key={field}
                    label={t(WORKER_FIELDS[field].label)}
                    htmlFor={id}
                    error={messageKey}
                  >
                    <TextInput
                      {...register(field)}
                      {...controlProps(id, error)}
                      type={isDateField(field) ? 'date' : 'text'}
                      maxLength={maxLengthOf(field) ?? undefined}
                      readOnly={isBusy}
                    />
                  </FormField>
                );
              })}
            </div>
          </fieldset>
        ))}
        {/* Enter in a field submits, like the Save button. */}
        <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
      </form>
    </AdminDialog>
  );
}
