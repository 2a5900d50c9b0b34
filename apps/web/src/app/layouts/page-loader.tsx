import { useT } from '../../shared/lib/i18n';

/** Shown in the content area while a page's code loads; the header and menu stay. */
export function PageLoader() {
  const t = useT();
  return (
    <div className="page-loader" role="status" aria-live="polite">
      <span className="page-loader__spinner" aria-hidden="true" />
      <span className="ui-visually-hidden">{t('app.loadingPage')}</span>
    </div>
  );
}
