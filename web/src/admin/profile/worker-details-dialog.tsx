import { ADMIN_ERRORS, type WorkerProfile, type WorkerUpdate, workerUpdateSchema } from '@domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { type Control, Controller, type FieldError, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/call';
import { AdminDialog } from './admin-dialog';
import { useDialogOperation } from './use-dialog-operation';
import {
  ALL_WORKER_FIELDS,
  type FieldLabels,
  WORKER_FIELDS,
  WORKER_SECTIONS,
  type WorkerField,
  type WorkerFieldLabels,
  type WorkerFormValues,
  changedFields,
  fieldMessageKey,
  isDateField,
  issueKey,
  labelChoices,
  labelsOf,
  labelsOfValue,
  maxLengthOf,
  toggleLabel,
  workerFormValues,
} from './worker-form';
import { translateMessage } from '../../components/ui/field-message';
import { FormField, controlProps, fieldErrorId } from '../../components/ui/form-field';
import { Select } from '../../components/ui/select';
import { TextInput } from '../../components/ui/text-input';
import { newRequestId } from '../../lib/request-id';

const SERVER_FIELD_PREFIX = 'changes.';

export type WorkerDetailsDialogProps = {
  worker: WorkerProfile;
  /** The work board's labels per field (getUserProfile): those fields offer them instead of free text. */
  fieldLabels?: WorkerFieldLabels;
  onClose: () => void;
  onChanged: () => void;
};

/**
 * Edit worker details (EDIT_WORKER_MONDAY_DATA): the directory fields, checked by the shared
 * workerUpdateSchema before sending and again by the server. Only changed fields are sent; on a
 * failure the dialog stays open with everything typed and the server's field messages in place.
 * A field whose board column is a status or dropdown column offers the board's labels. One
 * requestId per dialog, the same on every retry, so the board writes a repeated save once.
 */
export function WorkerDetailsDialog({ worker, fieldLabels, onClose, onChanged }: WorkerDetailsDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  const { run, isBusy, failure } = useDialogOperation();
  const [initial] = useState(() => workerFormValues(worker));
  const [requestId] = useState(newRequestId);
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
  const { register, control, handleSubmit, setError, formState } = useForm<
    WorkerFormValues,
    unknown,
    WorkerUpdate
  >({
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
      () => call('updateWorker', { requestId, workerId: worker.id, changes }),
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
      error={failure && t(failure.messageKey, failure.values)}
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
                const labels = labelsOf(fieldLabels, field);
                if (labels) {
                  return (
                    <LabelField
                      key={field}
                      id={id}
                      field={field}
                      label={t(WORKER_FIELDS[field].label)}
                      labels={labels}
                      initial={initial[field]}
                      control={control}
                      error={error}
                      isBusy={isBusy}
                    />
                  );
                }
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

type LabelFieldProps = {
  id: string;
  field: WorkerField;
  label: string;
  labels: FieldLabels;
  /** The worker's value when the dialog opened. */
  initial: string;
  control: Control<WorkerFormValues, unknown, WorkerUpdate>;
  error: FieldError | undefined;
  isBusy: boolean;
};

/**
 * A field taking the work board's labels: a status column as a select with an empty choice that
 * clears it, a dropdown column as a group of checkboxes whose value is the ticked labels joined
 * with ", ". What the worker holds now stays a choice even when the board no longer has it.
 * While saving, changes are ignored (a disabled control could not take the focus of an error).
 */
function LabelField({ id, field, label, labels, initial, control, error, isBusy }: LabelFieldProps) {
  const { t } = useTranslation();
  const [choices] = useState(() => labelChoices(labels, initial));
  const messageKey = fieldMessageKey(error?.message);
  if (!labels.multiple) {
    return (
      <FormField label={label} htmlFor={id} error={messageKey}>
        <Controller
          control={control}
          name={field}
          render={({ field: { value, onChange, onBlur, name, ref } }) => (
            <Select
              {...controlProps(id, error)}
              ref={ref}
              name={name}
              value={value}
              onBlur={onBlur}
              onChange={(next) => {
                if (!isBusy) onChange(next ?? '');
              }}
              options={choices.map((choice) => ({ value: choice, label: choice }))}
              placeholder={t('admin.dialogs.worker.noLabel')}
              aria-readonly={isBusy || undefined}
            />
          )}
        />
      </FormField>
    );
  }
  const labelId = `${id}-label`;
  return (
    <div className="form-field">
      <span id={labelId} className="form-field-label">
        {label}
      </span>
      <Controller
        control={control}
        name={field}
        render={({ field: { value, onChange, onBlur, ref } }) => {
          const ticked = labelsOfValue(value);
          return (
            <div
              role="group"
              aria-labelledby={labelId}
              aria-describedby={error ? fieldErrorId(id) : undefined}
              className="worker-label-choices"
            >
              {choices.map((choice, index) => {
                const isTicked = ticked.includes(choice);
                return (
                  <label key={choice} className={`worker-label-choice${isTicked ? ' is-checked' : ''}`}>
                    <input
                      type="checkbox"
                      // The first box takes the focus of a field error.
                      ref={index === 0 ? ref : undefined}
                      id={index === 0 ? id : undefined}
                      checked={isTicked}
                      aria-invalid={error ? true : undefined}
                      aria-readonly={isBusy || undefined}
                      onBlur={onBlur}
                      onChange={(event) => {
                        if (!isBusy)
                          onChange(toggleLabel(value, choice, event.target.checked, choices, initial));
                      }}
                    />
                    {choice}
                  </label>
                );
              })}
            </div>
          );
        }}
      />
      {messageKey && (
        <div id={fieldErrorId(id)} className="form-field-error" role="alert">
          {translateMessage(t, messageKey)}
        </div>
      )}
    </div>
  );
}
