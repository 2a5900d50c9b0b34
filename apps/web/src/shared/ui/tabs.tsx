import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { cx } from './cx';
import './tabs.css';

export type TabItem = {
  id: string;
  label: ReactNode;
  icon?: ReactNode;
  badge?: ReactNode;
  disabled?: boolean;
  content?: ReactNode;
};

export type TabsProps = {
  items: TabItem[];
  /** Controlled selection; omit for uncontrolled with defaultValue. */
  value?: string;
  defaultValue?: string;
  onChange?: (id: string) => void;
  variant?: 'underline' | 'pills' | 'segmented';
  /** Tabs share the width equally (good on phones). */
  fitted?: boolean;
  'aria-label'?: string;
  className?: string;
};

export function Tabs({
  items,
  value,
  defaultValue,
  onChange,
  variant = 'underline',
  fitted,
  className,
  ...aria
}: TabsProps) {
  const baseId = useId();
  const [inner, setInner] = useState(defaultValue ?? items.find((i) => !i.disabled)?.id ?? '');
  const selected = value ?? inner;
  const listRef = useRef<HTMLDivElement>(null);

  const select = (id: string) => {
    if (value === undefined) setInner(id);
    onChange?.(id);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const enabled = items.filter((i) => !i.disabled);
    const index = enabled.findIndex((i) => i.id === selected);
    let next: TabItem | undefined;
    if (event.key === 'ArrowRight') next = enabled[(index + 1) % enabled.length];
    else if (event.key === 'ArrowLeft') next = enabled[(index - 1 + enabled.length) % enabled.length];
    else if (event.key === 'Home') next = enabled[0];
    else if (event.key === 'End') next = enabled[enabled.length - 1];
    if (!next) return;
    event.preventDefault();
    select(next.id);
    listRef.current?.querySelector<HTMLElement>(`[data-tab-id="${CSS.escape(next.id)}"]`)?.focus();
  };

  const active = items.find((i) => i.id === selected);

  return (
    <div className={cx('ui-tabs', `ui-tabs--${variant}`, fitted && 'ui-tabs--fitted', className)}>
      <div className="ui-tabs__list" role="tablist" aria-label={aria['aria-label']} ref={listRef} onKeyDown={onKeyDown}>
        {items.map((item) => {
          const isSelected = item.id === selected;
          return (
            <button
              key={item.id}
              type="button"
              role="tab"
              id={`${baseId}-tab-${item.id}`}
              data-tab-id={item.id}
              aria-selected={isSelected}
              aria-controls={item.content !== undefined ? `${baseId}-panel-${item.id}` : undefined}
              tabIndex={isSelected ? 0 : -1}
              disabled={item.disabled}
              className={cx('ui-tabs__tab', isSelected && 'ui-tabs__tab--active')}
              onClick={() => select(item.id)}
            >
              {item.icon && (
                <span className="ui-tabs__icon" aria-hidden="true">
                  {item.icon}
                </span>
              )}
              <span>{item.label}</span>
              {item.badge != null && <span className="ui-tabs__badge">{item.badge}</span>}
            </button>
          );
        })}
      </div>
      {active?.content !== undefined && (
        <div
          className="ui-tabs__panel"
          role="tabpanel"
          id={`${baseId}-panel-${active.id}`}
          aria-labelledby={`${baseId}-tab-${active.id}`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: tab panels are focusable per the WAI-ARIA tabs pattern
          tabIndex={0}
        >
          {active.content}
        </div>
      )}
    </div>
  );
}
