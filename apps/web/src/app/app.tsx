import { useMemo } from 'react';
import { RouterProvider } from 'react-router';
import { UiRoot } from '../shared/ui/ui-root';
import { useShellState } from './boot-store';
import { ErrorPage } from './error-page';
import { FatalBoundary } from './fatal-boundary';
import { Preloader } from './preloader';
import { Providers } from './providers';
import { createAppRouter } from './router';
import { SiteConfigSync } from './site-config-sync';
// Fills the places where a feature's page shows another feature's component, before any page renders.
import './slots';

/** The whole page: a start-up state (preloader, maintenance, unknown platform, start-up error) or the site. */
export function App() {
  const shell = useShellState((s) => s.shell);
  switch (shell.state) {
    case 'loading':
      return <Preloader state="loading" />;
    case 'maintenance':
      return <Preloader state="maintenance" message={shell.message} />;
    case 'not_found':
      return <Preloader state="not_found" infoUrl={shell.infoUrl} />;
    case 'error':
      return <ErrorPage statusCode={shell.statusCode} url={window.location.href} />;
    case 'ready':
      return <Site />;
  }
}

function Site() {
  const router = useMemo(() => createAppRouter(), []);
  return (
    <FatalBoundary>
      <Providers>
        <RouterProvider router={router} />
        <SiteConfigSync />
        <UiRoot />
      </Providers>
    </FatalBoundary>
  );
}
