import type { ComponentPropsWithRef, MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { cx } from './cx';
import { Spinner } from './spinner';
import type { UiColor, UiRounded, UiSize, UiVariant } from './types';
import './button.css';

type Common = {
  size?: UiSize;
  color?: UiColor;
  variant?: UiVariant;
  rounded?: UiRounded;
  /** Shows a spinner, disables the button and sets aria-busy. */
  loading?: boolean;
  /** Small counter or label pinned to the top-right corner. */
  badge?: ReactNode;
  badgeColor?: UiColor;
  badgePulse?: boolean;
  /** Accessible text for the badge, e.g. "3 new notifications". */
  badgeLabel?: string;
  icon?: ReactNode;
  iconRight?: ReactNode;
  /** Square button that only holds an icon; needs aria-label. */
  iconOnly?: boolean;
  block?: boolean;
  className?: string;
  children?: ReactNode;
};

type AsButton = Common & Omit<ComponentPropsWithRef<'button'>, keyof Common | 'color'> & { to?: never; href?: never };
type AsRouterLink = Common &
  Omit<ComponentPropsWithRef<'a'>, keyof Common | 'color' | 'href'> & {
    to: string;
    href?: never;
    replace?: boolean;
    disabled?: boolean;
  };
type AsAnchor = Common &
  Omit<ComponentPropsWithRef<'a'>, keyof Common | 'color'> & { href: string; to?: never; disabled?: boolean };

export type ButtonProps = AsButton | AsRouterLink | AsAnchor;

export function buttonClassName({
  size = 'md',
  color = 'primary',
  variant = 'solid',
  rounded = 'md',
  block,
  iconOnly,
  loading,
  className,
}: Pick<Common, 'size' | 'color' | 'variant' | 'rounded' | 'block' | 'iconOnly' | 'loading' | 'className'>): string {
  return cx(
    'ui-btn',
    `ui-c-${color}`,
    `ui-btn--${size}`,
    `ui-btn--${variant}`,
    `ui-btn--r-${rounded}`,
    block && 'ui-btn--block',
    iconOnly && 'ui-btn--icon',
    loading && 'ui-btn--loading',
    className,
  );
}

export function Button(props: ButtonProps) {
  const {
    size,
    color,
    variant,
    rounded,
    loading = false,
    badge,
    badgeColor = 'danger',
    badgePulse = false,
    badgeLabel,
    icon,
    iconRight,
    iconOnly,
    block,
    className,
    children,
    ...rest
  } = props;
  const classes = buttonClassName({ size, color, variant, rounded, block, iconOnly, loading, className });

  const content = (
    <>
      {loading && <Spinner size={size === 'sm' ? 'xs' : size === 'xl' ? 'md' : 'sm'} className="ui-btn__spinner" />}
      <span className="ui-btn__content">
        {icon && (
          <span className="ui-btn__icon" aria-hidden="true">
            {icon}
          </span>
        )}
        {children != null && children !== false && <span className="ui-btn__label">{children}</span>}
        {iconRight && (
          <span className="ui-btn__icon" aria-hidden="true">
            {iconRight}
          </span>
        )}
      </span>
      {badge != null && badge !== false && (
        <>
          <span
            className={cx('ui-btn__badge', `ui-c-${badgeColor}`, badgePulse && 'ui-btn__badge--pulse')}
            aria-hidden={badgeLabel ? true : undefined}
          >
            {badge}
          </span>
          {badgeLabel && <span className="ui-visually-hidden">{badgeLabel}</span>}
        </>
      )}
    </>
  );

  if ('to' in rest && rest.to !== undefined) {
    const { to, replace, disabled, onClick, ...anchorRest } = rest as AsRouterLink;
    const inactive = disabled || loading;
    return (
      <Link
        {...anchorRest}
        to={to}
        replace={replace}
        className={classes}
        aria-disabled={inactive || undefined}
        aria-busy={loading || undefined}
        tabIndex={inactive ? -1 : anchorRest.tabIndex}
        onClick={(event: MouseEvent<HTMLAnchorElement>) => {
          if (inactive) {
            event.preventDefault();
            return;
          }
          onClick?.(event);
        }}
      >
        {content}
      </Link>
    );
  }

  if ('href' in rest && rest.href !== undefined) {
    const { href, disabled, onClick, ...anchorRest } = rest as AsAnchor;
    const inactive = disabled || loading;
    return (
      <a
        {...anchorRest}
        href={inactive ? undefined : href}
        className={classes}
        aria-disabled={inactive || undefined}
        aria-busy={loading || undefined}
        role={inactive ? 'link' : anchorRest.role}
        onClick={(event) => {
          if (inactive) {
            event.preventDefault();
            return;
          }
          onClick?.(event);
        }}
      >
        {content}
      </a>
    );
  }

  const { type = 'button', disabled, ...buttonRest } = rest as AsButton;
  return (
    <button
      {...buttonRest}
      type={type}
      className={classes}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      {content}
    </button>
  );
}
