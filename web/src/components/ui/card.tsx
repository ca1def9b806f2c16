import type { ReactNode } from 'react';
import './card.css';

export type CardProps = {
  /** Shown at the top, edge to edge (a picture). */
  cover?: ReactNode;
  className?: string;
  children: ReactNode;
};

/**
 * A bordered box on the page's surface with an optional cover on top. Own markup rather than antd's
 * Card, which brings antd's Tabs, Menu and Dropdown with it (about 26 KB gzip on the route).
 */
export function Card({ cover, className, children }: CardProps) {
  return (
    <div className={className ? `ui-card ${className}` : 'ui-card'}>
      {cover && <div className="ui-card-cover">{cover}</div>}
      <div className="ui-card-body">{children}</div>
    </div>
  );
}
