import { MAX_TOOL_QUANTITY } from '@domain';
import { useId, useMemo } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type CatalogTool, useToolCatalog } from '../../api/tool-catalog';
import type { CategoryForm, CategoryFormContext } from '../category-form';
import { FieldError } from '../fields';
import { ToolBrowser } from './tool-browser';
import { type ToolLine, ToolOrderList } from './tool-order-list';
import { Flex } from '../../../components/ui/flex';
import { FIELD_CLASSES } from '../../../components/ui/form-field';
import { Typography } from '../../../components/ui/typography';
import './tools-form.css';

// Tools: an order picks tools from the catalogue (at least one); a repair may point at the
// broken tool(s) the same way, or just describe them.

/**
 * The first message in the `tools` error: the list's own (none chosen, duplicates) or a line's,
 * which is how the server reports a tool that left the catalogue (`tools.0.toolId`).
 */
function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { message } = error as { message?: unknown };
  if (typeof message === 'string' && message) return message;
  for (const [key, value] of Object.entries(error)) {
    if (key === 'ref') continue;
    const nested = firstMessage(value);
    if (nested) return nested;
  }
  return undefined;
}

function ToolsFields({ subcategory }: CategoryFormContext) {
  const { t } = useTranslation();
  const id = useId();
  const catalog = useToolCatalog();
  const {
    field: { value, onChange, ref },
    fieldState,
  } = useController({ name: 'tools' });
  const lines = useMemo(() => (value as ToolLine[] | undefined) ?? [], [value]);
  const isOrder = subcategory === 'order';
  const error = firstMessage(fieldState.error);

  const toolsById = useMemo(() => new Map(catalog.tools.map((tool) => [tool.id, tool])), [catalog.tools]);
  const chosenIds = useMemo(() => new Set(lines.map((line) => line.toolId)), [lines]);

  const add = (tool: CatalogTool) => {
    if (!chosenIds.has(tool.id)) onChange([...lines, { toolId: tool.id, quantity: 1 }]);
  };
  const setQuantity = (toolId: string, quantity: number) =>
    onChange(
      lines.map((line) =>
        line.toolId === toolId
          ? { ...line, quantity: Math.min(Math.max(quantity, 1), MAX_TOOL_QUANTITY) }
          : line,
      ),
    );
  const remove = (toolId: string) => onChange(lines.filter((line) => line.toolId !== toolId));

  const title = t(isOrder ? 'tickets.form.tools.orderList' : 'tickets.form.tools.repairList');
  return (
    <Flex vertical gap="middle" className={FIELD_CLASSES.row}>
      <Typography.Paragraph className={`${FIELD_CLASSES.hint} tools-form-hint`}>
        {t(isOrder ? 'tickets.form.tools.orderHint' : 'tickets.form.tools.repairHint')}
      </Typography.Paragraph>
      <section
        ref={ref}
        tabIndex={-1}
        aria-labelledby={`${id}-title`}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <h3 id={`${id}-title`} className={`${FIELD_CLASSES.label} tools-section-title`}>
          {title}
          {isOrder && <span aria-hidden="true"> *</span>}
        </h3>
        <ToolOrderList
          label={title}
          lines={lines}
          toolsById={toolsById}
          isCatalogLoaded={!catalog.isLoading && !catalog.error}
          onQuantityChange={setQuantity}
          onRemove={remove}
        />
        {error && <FieldError id={`${id}-error`} message={error} />}
      </section>
      <ToolBrowser catalog={catalog} chosenIds={chosenIds} canChooseUnavailable={!isOrder} onAdd={add} />
    </Flex>
  );
}

export const toolsForm: CategoryForm = {
  defaultValues: () => ({ tools: [] }),
  Fields: ToolsFields,
  submitFailedKey: 'tickets.form.tools.submitFailed',
  descriptionHintKey: 'tickets.form.tools.descriptionHint',
};
