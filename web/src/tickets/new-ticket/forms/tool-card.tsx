import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogTool, ToolStatus } from '../../api/tool-catalog';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Flex } from '../../../components/ui/flex';
import { CheckOutlined, PlusOutlined, ToolOutlined } from '../../../components/ui/icons';
import { Tag, type TagColor } from '../../../components/ui/tag';
import { Typography } from '../../../components/ui/typography';
import './tools-form.css';

// One tool of the catalogue browser, plus the label helpers the order list shares. Catalogue
// values (category, unit) are data in English; the known ones are translated, others shown as is.

const STATUS_COLORS: Record<ToolStatus, TagColor> = {
  available: 'green',
  limited: 'gold',
  unavailable: 'red',
};

/** `power tools` -> `powerTools`: a translation key segment for a catalogue value. */
const keyOf = (value: string) =>
  value
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+(.)?/g, (_match, next: string | undefined) => (next ?? '').toUpperCase());

export function toolCategoryLabel(t: TFunction, category: string): string {
  const key = keyOf(category);
  return key ? t(`tickets.tools.categories.${key}`, { defaultValue: category }) : category;
}

export function toolUnitLabel(t: TFunction, unit: string): string {
  const key = keyOf(unit);
  return key ? t(`tickets.tools.units.${key}`, { defaultValue: unit }) : unit;
}

export type ToolImageProps = { tool: CatalogTool; isThumbnail?: boolean };

/**
 * The tool's picture (loaded lazily); a neutral placeholder when it is missing or fails to load.
 * A thumbnail sits beside the tool's name, so it is decorative.
 */
export function ToolImage({ tool, isThumbnail = false }: ToolImageProps) {
  const { t } = useTranslation();
  const [hasFailed, setHasFailed] = useState(false);
  const className = isThumbnail ? 'tools-image is-thumbnail' : 'tools-image';
  if (!tool.image || hasFailed) {
    return (
      <Flex
        vertical
        align="center"
        justify="center"
        role={isThumbnail ? undefined : 'img'}
        aria-label={isThumbnail ? undefined : tool.name}
        aria-hidden={isThumbnail || undefined}
        title={hasFailed ? t('tickets.tools.imageFailed') : undefined}
        className={className}
      >
        <ToolOutlined aria-hidden className="tools-image-icon" />
        {hasFailed && !isThumbnail && (
          <Typography.Text type="secondary" className="tools-image-failed">
            {t('tickets.tools.imageFailed')}
          </Typography.Text>
        )}
      </Flex>
    );
  }
  return (
    <img
      src={tool.image}
      alt={isThumbnail ? '' : tool.name}
      loading="lazy"
      decoding="async"
      className={className}
      onError={() => setHasFailed(true)}
    />
  );
}

export type ToolCardProps = {
  tool: CatalogTool;
  isInOrder: boolean;
  canAdd: boolean;
  onAdd: (tool: CatalogTool) => void;
};

export function ToolCard({ tool, isInOrder, canAdd, onAdd }: ToolCardProps) {
  const { t } = useTranslation();
  return (
    <Card cover={<ToolImage tool={tool} />} className="tools-card">
      <Flex vertical gap="small" className="tools-card-body">
        <Typography.Text strong>{tool.name}</Typography.Text>
        <Typography.Text type="secondary">
          {t('tickets.tools.unit')}: {toolUnitLabel(t, tool.unit)}
        </Typography.Text>
        <Typography.Text type="secondary">
          {t('tickets.tools.category')}: {toolCategoryLabel(t, tool.category)}
        </Typography.Text>
        <Flex wrap gap="xsmall">
          <Tag color={STATUS_COLORS[tool.status]}>{t(`tickets.tools.status.${tool.status}`)}</Tag>
          <Tag>{t(`tickets.tools.providedBy.${tool.providedBy}`)}</Tag>
        </Flex>
        <Button
          isBlock
          variant={isInOrder ? 'default' : 'primary'}
          icon={isInOrder ? <CheckOutlined /> : <PlusOutlined />}
          disabled={isInOrder || !canAdd}
          aria-label={t(isInOrder ? 'tickets.tools.addedNamed' : 'tickets.tools.addNamed', {
            name: tool.name,
          })}
          onClick={() => onAdd(tool)}
          className="tools-card-add"
        >
          {t(isInOrder ? 'tickets.tools.added' : 'tickets.tools.add')}
        </Button>
      </Flex>
    </Card>
  );
}
