import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from './cx';
import './page.css';

/** The centred column every account and promotions page sits in. */
export function Page({ className, ...rest }: ComponentPropsWithRef<'div'>) {
  return <div {...rest} className={cx('ui-page', className)} />;
}

export type PageHeadProps = {
  /** A 28 px line icon (stroke="currentColor"), drawn on a tile of the accent colour. */
  icon: ReactNode;
  title: ReactNode;
  intro?: ReactNode;
  tone?: 'secondary' | 'success' | 'primary';
  className?: string;
  /** Beside the title (a button, a badge). */
  children?: ReactNode;
};

/** A page's title block: its icon, the h1 and one line on what the page is for. */
export function PageHead({ icon, title, intro, tone = 'secondary', className, children }: PageHeadProps) {
  return (
    <header className={cx('ui-page-head', tone !== 'secondary' && `ui-page-head--${tone}`, className)}>
      <div className="ui-page-head__icon" aria-hidden="true">
        {icon}
      </div>
      <div>
        <h1>{title}</h1>
        {intro != null && <p>{intro}</p>}
      </div>
      {children}
    </header>
  );
}

export type PanelProps = Omit<ComponentPropsWithRef<'section'>, 'title'> & {
  /** The panel's h2; its id labels the section for screen readers. */
  title?: ReactNode;
  titleId?: string;
  tone?: 'danger';
};

/** A titled section of a page. */
export function Panel({ title, titleId, tone, className, children, ...rest }: PanelProps) {
  return (
    <section
      aria-labelledby={title != null ? titleId : undefined}
      {...rest}
      className={cx('ui-panel', tone && `ui-panel--${tone}`, className)}
    >
      {title != null && (
        <h2 id={titleId} className="ui-panel__title">
          {title}
        </h2>
      )}
      {children}
    </section>
  );
}
