import type { Locale, RouteDef } from '@sorte/contracts';
import { Suspense } from 'react';
import {
  createBrowserRouter,
  isRouteErrorResponse,
  Navigate,
  type RouteObject,
  useLocation,
  useRouteError,
} from 'react-router';
import { AuthHost } from '../features/auth/components/auth-host';
import { reportError } from '../shared/lib/app-error';
import { localizePath } from '../shared/lib/locale';
import { useIsLoggedIn, useSession } from '../shared/lib/session';
import { ErrorPage } from './error-page';
import { installHistoryMirror } from './history-mirror';
import { PageLoader } from './layouts/page-loader';
import { pageComponent } from './pages';
import { RootShell } from './root-shell';
import { expandRoutes, loginRedirect } from './route-table';

/** What each route match carries for the shell: its table entry (null for the 404) and locale. */
export type RouteHandle = { def: RouteDef | null; locale: Locale | null };

function RoutePage({ def, locale }: { def: RouteDef; locale: Locale }) {
  const location = useLocation();
  const loggedIn = useIsLoggedIn();
  const endedBy = useSession((s) => s.endedBy);
  if (def.auth && !loggedIn) {
    // After the player's own logout (or self-exclusion) the page goes home; otherwise the login modal, then back.
    if (endedBy === 'logout') return <Navigate to={localizePath('/', locale)} replace />;
    return <Navigate to={loginRedirect(locale, location.pathname + location.search)} replace />;
  }
  const Page = pageComponent(def.name);
  return (
    <Suspense fallback={<PageLoader />}>
      <Page route={def} />
    </Suspense>
  );
}

function NotFound() {
  return <ErrorPage statusCode={404} url={window.location.href} />;
}

/** A page that threw while rendering: the error page inside the layout, reported once. */
function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) return <ErrorPage statusCode={error.status} url={window.location.href} />;
  reportError(error, { where: 'route' });
  return <ErrorPage statusCode={500} url={window.location.href} />;
}

export function buildRouteObjects(): RouteObject[] {
  const pages: RouteObject[] = expandRoutes().map(({ id, path, locale, def }) => ({
    id,
    path,
    element: <RoutePage def={def} locale={locale} />,
    errorElement: <RouteError />,
    handle: { def, locale } satisfies RouteHandle,
  }));
  return [
    {
      id: 'root',
      element: (
        <>
          <RootShell />
          <AuthHost />
        </>
      ),
      errorElement: <RouteError />,
      children: [
        ...pages,
        { id: 'not-found:en', path: '/en/*', element: <NotFound />, handle: { def: null, locale: 'en' } },
        { id: 'not-found', path: '*', element: <NotFound />, handle: { def: null, locale: null } },
      ],
    },
  ];
}

export function createAppRouter() {
  const router = createBrowserRouter(buildRouteObjects());
  installHistoryMirror(router);
  return router;
}
