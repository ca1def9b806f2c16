import type { HTMLAttributes } from 'react';
import './status-tag.css';

/** The tag colours (status-tag.css `status-tag--<colour>`); `default` is grey. */
export type TagColor = 'blue' | 'gold' | 'green' | 'cyan' | 'purple' | 'red' | 'default';

export type TagProps = HTMLAttributes<HTMLSpanElement> & { color?: TagColor };

/** The app's one tag: a small coloured label (a status, a role, a property). antd Tag's look without its code. */
export function Tag({ color = 'default', className, ...props }: TagProps) {
  return <span {...props} className={`status-tag status-tag--${color}${className ? ` ${className}` : ''}`} />;
}
