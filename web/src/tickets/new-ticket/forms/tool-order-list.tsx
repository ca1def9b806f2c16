import { MAX_TOOL_QUANTITY } from '@domain';
import { useTranslation } from 'react-i18next';
import type { CatalogTool } from '../../api/tool-catalog';
import { ToolImage, toolUnitLabel } from './tool-card';
import { Button } from '../../../components/ui/button';
import { Flex } from '../../../components/ui/flex';
import { DeleteOutlined, MinusOutlined, PlusOutlined } from '../../../components/ui/icons';
import { InputNumber } from '../../../components/ui/input-number';
import { Typography } from '../../../components/ui/typography';
import './tools-form.css';

// The chosen tools (form value `tools`), each with a quantity stepper and a remove button. Big
// touch targets: this is used with gloves on.

export type ToolLine = { toolId: string; quantity: number };

const isValidQuantity = (value: number | null): value is number =>
  value !== null && Number.isInteger(value) && value >= 1 && value <= MAX_TOOL_QUANTITY;

export type ToolOrderListProps = {
  /** The list's accessible name, e.g. "Your order". */
  label: string;
  lines: ToolLine[];
  /** The catalogue by id; once it has loaded, a line whose tool is missing says so. */
  toolsById: ReadonlyMap<string, CatalogTool>;
  isCatalogLoaded: boolean;
  onQuantityChange: (toolId: string, quantity: number) => void;
  onRemove: (toolId: string) => void;
};

export function ToolOrderList({
  label,
  lines,
  toolsById,
  isCatalogLoaded,
  onQuantityChange,
  onRemove,
}: ToolOrderListProps) {
  const { t } = useTranslation();
  if (lines.length === 0) {
    return <Typography.Paragraph type="secondary">{t('tickets.tools.orderEmpty')}</Typography.Paragraph>;
  }
  return (
    <ul aria-label={label} className="tools-order-list">
      {lines.map((line) => {
        const tool = toolsById.get(line.toolId);
        const name = tool?.name ?? line.toolId;
        return (
          <li key={line.toolId} className="tools-order-line">
            <Flex wrap align="center" gap="small">
              {tool && <ToolImage tool={tool} isThumbnail />}
              <Flex vertical className="tools-order-name">
                <Typography.Text strong>{name}</Typography.Text>
                {!tool && isCatalogLoaded && (
                  <Typography.Text type="danger">{t('validation.unknownTool')}</Typography.Text>
                )}
              </Flex>
              <Flex align="center" gap="xsmall">
                <Button
                  icon={<MinusOutlined />}
                  aria-label={t('tickets.tools.decrease', { name })}
                  disabled={line.quantity <= 1}
                  onClick={() => onQuantityChange(line.toolId, line.quantity - 1)}
                />
                <InputNumber<number>
                  aria-label={t('tickets.tools.quantity', { name })}
                  value={line.quantity}
                  min={1}
                  max={MAX_TOOL_QUANTITY}
                  precision={0}
                  controls={false}
                  inputMode="numeric"
                  onChange={(value) => {
                    if (isValidQuantity(value)) onQuantityChange(line.toolId, value);
                  }}
                  className="tools-order-quantity"
                />
                <Button
                  icon={<PlusOutlined />}
                  aria-label={t('tickets.tools.increase', { name })}
                  disabled={line.quantity >= MAX_TOOL_QUANTITY}
                  onClick={() => onQuantityChange(line.toolId, line.quantity + 1)}
                />
                {tool && <Typography.Text type="secondary">{toolUnitLabel(t, tool.unit)}</Typography.Text>}
              </Flex>
              <Button
                isDanger
                variant="text"
                icon={<DeleteOutlined />}
                aria-label={t('tickets.tools.remove', { name })}
                onClick={() => onRemove(line.toolId)}
              />
            </Flex>
          </li>
        );
      })}
    </ul>
  );
}
