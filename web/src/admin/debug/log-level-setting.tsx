import { ADMIN_ERRORS, LOG_LEVELS, type LogLevel } from '@domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/call';
import { NO_REQUEST } from '../../lib/use-async';
import { useCallableRead } from '../../lib/use-callable';
import { useOperation } from '../../notices';
import { DebugSection } from './debug-section';
import { Alert, AlertRow } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Spinner } from '../../components/ui/spinner';
import { Select } from '../../components/ui/select';

/** Least to most talkative: errors only (the default) first. */
const LEVELS_SHOWN: readonly LogLevel[] = [...LOG_LEVELS].reverse();

function isLogLevel(value: string): value is LogLevel {
  return (LOG_LEVELS as readonly string[]).includes(value);
}

type Loaded = { status: 'loading' } | { status: 'failed'; messageKey: string } | { status: 'ready' };

/** The backend log level in config/logging; the functions' logger picks a change up within a minute. */
export function LogLevelSetting() {
  const { t } = useTranslation();
  const runOperation = useOperation();
  const selectId = useId();
  const load = useCallableRead('getBackendLogLevel', NO_REQUEST);
  // What was saved here and what is chosen now; until then, what the server holds.
  const [savedHere, setSaved] = useState<LogLevel | null>(null);
  const [chosen, setSelected] = useState<LogLevel | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const saved = savedHere ?? load.data?.level ?? null;
  const selected = chosen ?? saved;
  const loaded: Loaded =
    load.failure !== null
      ? { status: 'failed', messageKey: load.failure.messageKey }
      : load.data === null
        ? { status: 'loading' }
        : { status: 'ready' };

  const save = async () => {
    if (!selected) return;
    setIsSaving(true);
    const outcome = await runOperation(
      {
        loading: 'admin.debug.logLevel.saving',
        success: 'admin.debug.logLevel.success',
        failure: ADMIN_ERRORS.logLevelFailed,
      },
      async () => (await call('setBackendLogLevel', { level: selected })).level,
    );
    setIsSaving(false);
    // On failure the choice stays selected, ready to save again.
    if (outcome.ok) setSaved(outcome.value);
  };

  const levelLabel = (level: LogLevel) => t(`admin.debug.logLevel.levels.${level}`);

  return (
    <DebugSection title={t('admin.debug.logLevel.heading')} intro={t('admin.debug.logLevel.intro')}>
      {loaded.status === 'loading' && <Spinner label={t('common.loading')} />}
      {loaded.status === 'failed' && (
        <Alert type="error">
          <AlertRow>
            {t(loaded.messageKey)}
            <Button onClick={load.reload}>{t('admin.debug.logLevel.retry')}</Button>
          </AlertRow>
        </Alert>
      )}
      {loaded.status === 'ready' && selected && saved && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <FormField
            label={t('admin.debug.logLevel.label')}
            htmlFor={selectId}
            hint={t('admin.debug.logLevel.saved', { level: levelLabel(saved) })}
          >
            <Select
              id={selectId}
              value={selected}
              onChange={(value) => {
                if (value !== undefined && isLogLevel(value)) setSelected(value);
              }}
              options={LEVELS_SHOWN.map((level) => ({ value: level, label: levelLabel(level) }))}
            />
          </FormField>
          <div className="admin-debug-actions">
            <Button variant="primary" type="submit" isLoading={isSaving} disabled={selected === saved}>
              {t('admin.debug.logLevel.save')}
            </Button>
          </div>
        </form>
      )}
    </DebugSection>
  );
}
