import { Component, type ReactNode } from 'react';
import { reportError } from '../shared/lib/app-error';
import { ErrorPage } from './error-page';

/** Last line of defence: a render error the routes did not catch switches the page to the error page. */
export class FatalBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    reportError(error, { where: 'fatal' });
  }

  override render() {
    return this.state.failed ? <ErrorPage statusCode={500} url={window.location.href} /> : this.props.children;
  }
}
