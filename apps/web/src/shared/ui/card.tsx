import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from './cx';
import './card.css';

export type CardProps = Omit<ComponentPropsWithRef<'section'>, 'title'> & {
  variant?: 'default' | 'elevated' | 'outline' | 'glow';
  padding?: 'none' | 'sm' | 'md' | 'lg';
  title?: ReactNode;
  subtitle?: ReactNode;
  /** Extra content on the right of the header (a button, a badge). */
  actions?: ReactNode;
  footer?: ReactNode;
  /** Hover lift for clickable cards. */
  interactive?: boolean;
};

export function Card({
  variant = 'default',
  padding = 'md',
  title,
  subtitle,
  actions,
  footer,
  interactive,
  className,
  children,
  ...rest
}: CardProps) {
  const hasHeader = title != null || subtitle != null || actions != null;
  return (
    <section
      {...rest}
      className={cx(
        'ui-card',
        `ui-card--${variant}`,
        `ui-card--p-${padding}`,
        interactive && 'ui-card--interactive',
        className,
      )}
    >
      {hasHeader && (
        <header className="ui-card__header">
          <div className="ui-card__titles">
            {title != null && <h3 className="ui-card__title">{title}</h3>}
            {subtitle != null && <p className="ui-card__subtitle">{subtitle}</p>}
          </div>
          {actions != null && <div className="ui-card__actions">{actions}</div>}
        </header>
      )}
      {children != null && <div className="ui-card__body">{children}</div>}
      {footer != null && <footer className="ui-card__footer">{footer}</footer>}
    </section>
  );
}
