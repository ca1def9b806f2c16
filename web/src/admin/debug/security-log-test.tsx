import { ADMIN_ERRORS, testSecurityLogSchema } from '@domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/call';
import { useOperation } from '../../notices';
import { DebugSection } from './debug-section';
import { Button } from '../../components/ui/button';
import { FormField, controlProps } from '../../components/ui/form-field';
import { TextInput } from '../../components/ui/text-input';

const MESSAGE_MAX = 500;

/** Writes a test entry to the security log and the functions log; shows the entry's id to look for. */
export function SecurityLogTest() {
  const { t } = useTranslation();
  const runOperation = useOperation();
  const messageId = useId();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [isWriting, setIsWriting] = useState(false);
  const [entryId, setEntryId] = useState<string | null>(null);

  const write = async () => {
    const parsed = testSecurityLogSchema.safeParse({ message });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'validation.invalid');
      return;
    }
    setError(undefined);
    setEntryId(null);
    setIsWriting(true);
    const outcome = await runOperation(
      {
        loading: 'admin.debug.securityLog.loading',
        success: 'admin.debug.securityLog.success',
        failure: ADMIN_ERRORS.securityLogFailed,
      },
      () => call('testSecurityLog', parsed.data),
    );
    setIsWriting(false);
    if (outcome.ok) {
      setEntryId(outcome.value.entryId);
      setMessage('');
      return;
    }
    // What was typed stays; a refused message shows the server's reason under the field.
    setError(outcome.failure.fields.message);
  };

  return (
    <DebugSection title={t('admin.debug.securityLog.heading')} intro={t('admin.debug.securityLog.intro')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void write();
        }}
      >
        <FormField label={t('admin.debug.securityLog.message')} htmlFor={messageId} error={error}>
          <TextInput
            {...controlProps(messageId, error ? { message: error } : undefined)}
            value={message}
            maxLength={MESSAGE_MAX}
            placeholder={t('admin.debug.securityLog.messagePlaceholder')}
            onChange={(event) => setMessage(event.target.value)}
          />
        </FormField>
        <div className="admin-debug-actions">
          <Button variant="primary" type="submit" isLoading={isWriting}>
            {t('admin.debug.securityLog.write')}
          </Button>
        </div>
      </form>
      {entryId && (
        <p role="status" className="admin-debug-written">
          {t('admin.debug.securityLog.written', { entryId })}
        </p>
      )}
    </DebugSection>
  );
}
