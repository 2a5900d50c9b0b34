import type { ReactNode } from 'react';
import { cx } from './cx';
import type { UiColor } from './types';
import './badge.css';

export type BadgeProps = {
  color?: UiColor;
  variant?: 'solid' | 'pastel' | 'outline';
  size?: 'sm' | 'md';
  /** Shows a small pulsing dot before the text ("live", "new"). */
  dot?: boolean;
  pulse?: boolean;
  className?: string;
  children?: ReactNode;
};

export function Badge({
  color = 'primary',
  variant = 'pastel',
  size = 'md',
  dot,
  pulse,
  className,
  children,
}: BadgeProps) {
  return (
    <span
      className={cx(
        'ui-badge',
        `ui-c-${color}`,
        `ui-badge--${variant}`,
        `ui-badge--${size}`,
        pulse && !dot && 'ui-badge--pulse',
        className,
      )}
    >
      {dot && <span className={cx('ui-badge__dot', pulse && 'ui-badge__dot--pulse')} aria-hidden="true" />}
      {children}
    </span>
  );
}

export type ChipProps = {
  color?: UiColor;
  selected?: boolean;
  icon?: ReactNode;
  onClick?: () => void;
  /** Shows a remove button; its accessible name is removeLabel. */
  onRemove?: () => void;
  removeLabel?: string;
  disabled?: boolean;
  className?: string;
  children: ReactNode;
};

export function Chip({
  color = 'primary',
  selected = false,
  icon,
  onClick,
  onRemove,
  removeLabel,
  disabled,
  className,
  children,
}: ChipProps) {
  const classes = cx('ui-chip', `ui-c-${color}`, selected && 'ui-chip--selected', className);
  const inner = (
    <>
      {icon && (
        <span className="ui-chip__icon" aria-hidden="true">
          {icon}
        </span>
      )}
      <span className="ui-chip__label">{children}</span>
    </>
  );
  if (onRemove) {
    return (
      <span className={classes}>
        {inner}
        <button
          type="button"
          className="ui-chip__remove"
          onClick={onRemove}
          aria-label={removeLabel}
          disabled={disabled}
        >
          <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true">
            <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </span>
    );
  }
  if (onClick) {
    return (
      <button type="button" className={classes} aria-pressed={selected} onClick={onClick} disabled={disabled}>
        {inner}
      </button>
    );
  }
  return <span className={classes}>{inner}</span>;
}
