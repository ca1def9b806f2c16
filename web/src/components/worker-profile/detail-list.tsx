import type { ReactNode } from 'react';
import { EMPTY_VALUE } from './format';
import { Descriptions } from '../ui/descriptions';

export type DetailItem = {
  key: string;
  label: string;
  /** Undefined, null or '' renders a dash. */
  value: ReactNode;
};

export type DetailListProps = {
  items: DetailItem[];
};

/** Label/value rows of a profile tab; two columns on wide screens, one on a phone. */
export function DetailList({ items }: DetailListProps) {
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, sm: 1, md: 2 }}
      items={items.map(({ key, label, value }) => ({
        key,
        label,
        children: value === undefined || value === null || value === '' ? EMPTY_VALUE : value,
      }))}
    />
  );
}
