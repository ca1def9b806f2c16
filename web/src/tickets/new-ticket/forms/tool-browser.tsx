import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogTool, ToolCatalogState } from '../../api/tool-catalog';
import { ToolCard, toolCategoryLabel } from './tool-card';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Flex } from '../../../components/ui/flex';
import { FIELD_CLASSES, FormField } from '../../../components/ui/form-field';
import { Radio } from '../../../components/ui/radio';
import { Spinner } from '../../../components/ui/spinner';
import { TextInput } from '../../../components/ui/text-input';
import { Typography } from '../../../components/ui/typography';
import './tools-form.css';

// The tool catalogue: search by name, filter by category (one tap on a chip rather than a
// drop-down: there are only a handful of categories), a grid that reflows from one column on
// a phone to several on a desk, and an "Add" button on each tool.

/** Lower case without diacritics, so "wkretarka" finds "Wkrętarka". */
const normalise = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();

export type ToolBrowserProps = {
  catalog: ToolCatalogState;
  /** Tool ids already chosen; their button reads "Added". */
  chosenIds: ReadonlySet<string>;
  /** Whether tools marked unavailable may be chosen (a broken tool for repair may be one). */
  canChooseUnavailable: boolean;
  onAdd: (tool: CatalogTool) => void;
};

export function ToolBrowser({ catalog, chosenIds, canChooseUnavailable, onAdd }: ToolBrowserProps) {
  const { t } = useTranslation();
  const id = useId();
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState('');
  const { tools, isLoading, error, retry } = catalog;

  const categories = useMemo(
    () => [...new Set(tools.map((tool) => tool.category).filter(Boolean))].sort((a, b) => a.localeCompare(b)),
    [tools],
  );
  const visible = useMemo(() => {
    const words = normalise(query).split(/\s+/).filter(Boolean);
    return tools.filter(
      (tool) =>
        (!category || tool.category === category) &&
        words.every((word) => normalise(tool.name).includes(word)),
    );
  }, [tools, query, category]);

  if (isLoading) {
    return (
      <Flex vertical align="center" gap="small" role="status" className="tools-browser-loading">
        <Spinner />
        <Typography.Text type="secondary">{t('tickets.tools.loading')}</Typography.Text>
      </Flex>
    );
  }
  if (error) {
    return (
      <Alert type="error" isIconShown action={<Button onClick={retry}>{t('tickets.tools.retry')}</Button>}>
        {t('tickets.tools.loadFailed')}
      </Alert>
    );
  }
  if (tools.length === 0) {
    return <EmptyState description={t('tickets.tools.emptyCatalog')} />;
  }

  return (
    <section aria-labelledby={`${id}-title`} className="tools-browser">
      <h3 id={`${id}-title`} className={`${FIELD_CLASSES.label} tools-section-title`}>
        {t('tickets.tools.catalog')}
      </h3>
      <FormField label={t('tickets.tools.search')} htmlFor={`${id}-search`}>
        <TextInput
          id={`${id}-search`}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t('tickets.tools.searchPlaceholder')}
          autoComplete="off"
        />
      </FormField>
      {categories.length > 1 && (
        <div className={FIELD_CLASSES.row}>
          <div id={`${id}-category`} className={FIELD_CLASSES.label}>
            {t('tickets.tools.category')}
          </div>
          <Radio.Group
            aria-labelledby={`${id}-category`}
            optionType="button"
            buttonStyle="solid"
            value={category}
            onChange={(event) => setCategory(event.target.value as string)}
            options={[
              { value: '', label: t('tickets.tools.allCategories') },
              ...categories.map((value) => ({ value, label: toolCategoryLabel(t, value) })),
            ]}
            className="tools-browser-categories"
          />
        </div>
      )}
      {visible.length === 0 ? (
        <EmptyState isSimple description={t('tickets.tools.noMatches')} />
      ) : (
        <ul aria-label={t('tickets.tools.catalog')} className="tools-browser-grid">
          {visible.map((tool) => (
            <li key={tool.id}>
              <ToolCard
                tool={tool}
                isInOrder={chosenIds.has(tool.id)}
                canAdd={canChooseUnavailable || tool.status !== 'unavailable'}
                onAdd={onAdd}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
