import { Outlet, useLocation, useMatches } from 'react-router';
import { useAppError } from '../shared/lib/app-error';
import { useT } from '../shared/lib/i18n';
import { ErrorPage } from './error-page';
import { DefaultLayout } from './layouts/default-layout';
import { EmptyLayout } from './layouts/empty-layout';
import {
  useForcedColorMode,
  useLocaleFromUrl,
  useScrollReset,
  useTitleAndPageView,
  useTrackingParams,
} from './route-behaviours';
import type { RouteHandle } from './router';

/** The root route: applies the route behaviours of spec section 2 and picks the layout of the matched route. */
export function RootShell() {
  const location = useLocation();
  const matches = useMatches();
  const t = useT();
  const handle = matches[matches.length - 1]?.handle as RouteHandle | undefined;
  const def = handle?.def ?? null;

  useLocaleFromUrl(location.pathname);
  useTrackingParams(location.search);
  useScrollReset(location.pathname);
  useForcedColorMode(def?.colorMode);
  useTitleAndPageView(def, t('app.error.404.title'));

  const appError = useAppError((s) => s.error);
  const content = appError ? <ErrorPage statusCode={appError.statusCode} url={appError.url} /> : <Outlet />;
  const Layout = def?.layout === 'empty' ? EmptyLayout : DefaultLayout;
  return <Layout>{content}</Layout>;
}
