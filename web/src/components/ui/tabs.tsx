import { type KeyboardEvent, type ReactNode, useId, useState } from 'react';
import './tabs.css';

export type TabItem = { key: string; label: ReactNode; children: ReactNode };

export type TabsProps = {
  items: readonly TabItem[];
  /** The shown tab, when the caller keeps it (e.g. in the URL); otherwise the tabs keep it. */
  activeKey?: string;
  defaultActiveKey?: string;
  onChange?: (key: string) => void;
  /** Names the tab list for screen readers. */
  label?: string;
  /** Extra classes on the list, each tab and the panel (their own styles). */
  className?: string;
  tabClassName?: string;
  panelClassName?: string;
};

const STEPS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/**
 * The app's one tab set: an ARIA tab list (arrow keys, Home and End move and show) and the panel
 * of the shown tab. Plain markup in place of antd Tabs, which brings its overflow menu and motion.
 */
export function Tabs({
  items,
  activeKey,
  defaultActiveKey,
  onChange,
  label,
  className,
  tabClassName,
  panelClassName,
}: TabsProps) {
  const baseId = useId();
  const [ownKey, setOwnKey] = useState(defaultActiveKey ?? items[0]?.key);
  const shownKey = activeKey ?? ownKey;
  const shown = items.find((item) => item.key === shownKey) ?? items[0];
  const tabId = (key: string) => `${baseId}-tab-${key}`;
  const panelId = `${baseId}-panel`;
  const show = (key: string) => {
    setOwnKey(key);
    onChange?.(key);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = STEPS[event.key];
    if (!step || !shown) return;
    event.preventDefault();
    const next = items[step(items.indexOf(shown), items.length)];
    if (!next) return;
    show(next.key);
    document.getElementById(tabId(next.key))?.focus();
  };
  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className={`tabs-list${className ? ` ${className}` : ''}`}>
        {items.map((item) => {
          const isSelected = item.key === shown?.key;
          return (
            <button
              key={item.key}
              type="button"
              role="tab"
              id={tabId(item.key)}
              aria-selected={isSelected}
              aria-controls={panelId}
              tabIndex={isSelected ? 0 : -1}
              className={`tabs-tab${tabClassName ? ` ${tabClassName}` : ''}${isSelected ? ' is-active' : ''}`}
              onClick={() => show(item.key)}
              onKeyDown={onKeyDown}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {shown && (
        <div
          role="tabpanel"
          id={panelId}
          aria-labelledby={tabId(shown.key)}
          className={`tabs-panel${panelClassName ? ` ${panelClassName}` : ''}`}
        >
          {shown.children}
        </div>
      )}
    </div>
  );
}
