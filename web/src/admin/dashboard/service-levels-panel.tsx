import {
  DEFAULT_TARGET_WORKING_DAYS,
  MAX_TARGET_WORKING_DAYS,
  MIN_TARGET_WORKING_DAYS,
  SERVICE_LEVEL_COUNTRIES,
  type ServiceLevels,
  TICKET_CATEGORIES,
} from '@domain';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Select } from '../../components/ui/select';
import { TextArea } from '../../components/ui/text-area';
import { TextInput } from '../../components/ui/text-input';
import { call } from '../../lib/call';
import { setServiceLevels, useServiceLevels } from '../../lib/service-levels';
import { useOperation } from '../../notices';

/** The rows an admin edits: each category, and sick leave on its own (answered faster by default). */
const TARGET_ROWS = [...TICKET_CATEGORIES.map((category) => category.id as string), 'absences/sickLeave'];

type Draft = { country: string; holidays: string; targets: Record<string, string> };

const toDraft = (levels: ServiceLevels): Draft => ({
  country: levels.country,
  holidays: levels.extraHolidays.join('\n'),
  targets: Object.fromEntries(
    TARGET_ROWS.map((key) => [key, String(levels.targets[key] ?? DEFAULT_TARGET_WORKING_DAYS)]),
  ),
});

/**
 * The service levels on the admin dashboard (admins only; saveServiceLevels checks it again): how
 * many working days each category usually takes to a first answer, the country whose public
 * holidays are skipped, and extra days off (one YYYY-MM-DD a line). The server checks every value;
 * its messages show on the fields, and nothing typed is lost on a failure.
 */
export function ServiceLevelsPanel() {
  const stored = useServiceLevels();
  // The stored levels arrive after the first render (and change when saved): a fresh form each time.
  return <ServiceLevelsForm key={JSON.stringify(stored)} stored={stored} />;
}

function ServiceLevelsForm({ stored }: { stored: ServiceLevels }) {
  const { t } = useTranslation();
  const id = useId();
  const run = useOperation();
  const [draft, setDraft] = useState<Draft>(() => toDraft(stored));
  const [isSaving, setIsSaving] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const change = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (isSaving) return;
    setIsSaving(true);
    setErrors({});
    const request = {
      country: draft.country as ServiceLevels['country'],
      extraHolidays: draft.holidays
        .split(/\s+/)
        .map((day) => day.trim())
        .filter(Boolean),
      targets: {
        // Subcategory targets set elsewhere are kept as they are.
        ...stored.targets,
        ...Object.fromEntries(TARGET_ROWS.map((key) => [key, Number(draft.targets[key])])),
      },
    };
    const result = await run(
      {
        loading: 'admin.serviceLevels.saving',
        success: 'admin.serviceLevels.saved',
        failure: 'admin.errors.saveServiceLevelsFailed',
      },
      () => call('saveServiceLevels', request),
    );
    setIsSaving(false);
    if (result.ok) {
      setServiceLevels(result.value);
      return;
    }
    if (result.failure.code === 'invalid-argument') setErrors(result.failure.fields);
  };

  const targetError = (key: string) => errors[`targets.${key}`] ?? errors[`targets`];
  const holidayError = Object.entries(errors).find(([path]) => path.startsWith('extraHolidays'))?.[1];
  return (
    <section className="admin-dash-panel admin-dash-panel--wide" aria-labelledby={`${id}-title`}>
      <div className="admin-dash-panel-head">
        <h3 id={`${id}-title`}>{t('admin.serviceLevels.title')}</h3>
      </div>
      <p className="admin-dash-muted">{t('admin.serviceLevels.intro')}</p>
      <form className="service-levels-form" onSubmit={(event) => void save(event)} noValidate>
        <table className="admin-dash-table">
          <thead>
            <tr>
              <th scope="col">{t('admin.serviceLevels.category')}</th>
              <th scope="col">{t('admin.serviceLevels.days')}</th>
            </tr>
          </thead>
          <tbody>
            {TARGET_ROWS.map((key) => {
              const [category, subcategory] = key.split('/');
              const label = subcategory
                ? `${t(`tickets.categories.${category}.name`)} › ${t(`tickets.categories.${category}.sub.${subcategory}`)}`
                : t(`tickets.categories.${category}.name`);
              const error = targetError(key);
              return (
                <tr key={key}>
                  <th scope="row">
                    <label htmlFor={`${id}-${key}`}>{label}</label>
                  </th>
                  <td>
                    <TextInput
                      id={`${id}-${key}`}
                      type="number"
                      inputMode="numeric"
                      min={MIN_TARGET_WORKING_DAYS}
                      max={MAX_TARGET_WORKING_DAYS}
                      className="service-levels-days"
                      value={draft.targets[key] ?? ''}
                      status={error ? 'error' : undefined}
                      aria-invalid={error ? true : undefined}
                      onChange={(event) =>
                        change({ targets: { ...draft.targets, [key]: event.target.value } })
                      }
                      disabled={isSaving}
                    />
                    {error && <div className="service-levels-error">{t(error)}</div>}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <label className="service-levels-label" htmlFor={`${id}-country`}>
          {t('admin.serviceLevels.country')}
        </label>
        <Select
          id={`${id}-country`}
          value={draft.country}
          onChange={(value) => change({ country: value ?? 'PL' })}
          options={SERVICE_LEVEL_COUNTRIES.map((country) => ({
            value: country,
            label: t(`admin.serviceLevels.countries.${country}`),
          }))}
          disabled={isSaving}
        />
        <label className="service-levels-label" htmlFor={`${id}-holidays`}>
          {t('admin.serviceLevels.holidays')}
        </label>
        <TextArea
          id={`${id}-holidays`}
          value={draft.holidays}
          placeholder="2026-12-31"
          rows={3}
          status={holidayError ? 'error' : undefined}
          onChange={(event) => change({ holidays: event.target.value })}
          disabled={isSaving}
        />
        <div className="admin-dash-muted">{t('admin.serviceLevels.holidaysHint')}</div>
        {holidayError && <div className="service-levels-error">{t(holidayError)}</div>}
        <div>
          <Button variant="primary" type="submit" isLoading={isSaving}>
            {t('admin.serviceLevels.save')}
          </Button>
        </div>
      </form>
    </section>
  );
}
