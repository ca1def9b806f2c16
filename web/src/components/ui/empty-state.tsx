import { Empty } from 'antd';
import type { ReactNode } from 'react';

export type EmptyStateProps = {
  description: ReactNode;
  /** The small outline picture, for a panel or list rather than a whole page. */
  isSimple?: boolean;
};

/** "Nothing here yet": a picture and a line of text (antd Empty). */
export function EmptyState({ description, isSimple = false }: EmptyStateProps) {
  return <Empty image={isSimple ? Empty.PRESENTED_IMAGE_SIMPLE : undefined} description={description} />;
}
