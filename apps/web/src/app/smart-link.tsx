import type { ReactNode } from 'react';
import { Link, useInRouterContext } from 'react-router';
import { useLocale } from '../shared/lib/i18n';
import { localizePath } from '../shared/lib/locale';

type SmartLinkProps = {
  /** A plain path ("/casino"); the locale prefix is added here. */
  to: string;
  className?: string;
  children: ReactNode;
  onClick?: () => void;
  'aria-label'?: string;
  'aria-current'?: 'page';
};

/**
 * A link that works inside and outside the router: the error page and the preloader also render before the router
 * exists (start-up errors), where a plain <a> does the job.
 */
export function SmartLink({ to, children, ...rest }: SmartLinkProps) {
  const inRouter = useInRouterContext();
  const href = localizePath(to, useLocale());
  if (inRouter) {
    return (
      <Link to={href} {...rest}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} {...rest}>
      {children}
    </a>
  );
}
