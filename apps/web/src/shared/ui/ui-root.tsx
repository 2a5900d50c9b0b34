import { ConfirmHost } from './confirm-modal';
import { LoadingBar } from './loading-bar';
import { Toaster } from './toast';

/** The app-wide overlays: toast queue, loading bar and the shared confirm dialog. Mount once near the root. */
export function UiRoot() {
  return (
    <>
      <LoadingBar />
      <Toaster position="top-right" />
      <ConfirmHost />
    </>
  );
}
