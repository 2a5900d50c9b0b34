import { useT } from '../shared/lib/i18n';
import './preloader.css';

export type PreloaderProps =
  | { state: 'loading' }
  | { state: 'maintenance'; message?: string }
  | { state: 'not_found'; infoUrl: string };

/** The start-up screens of spec section 2: loading, maintenance and unknown platform. */
export function Preloader(props: PreloaderProps) {
  const t = useT();
  if (props.state === 'loading') {
    return (
      <div className="preloader" role="status" aria-live="polite">
        <span className="preloader__spinner" aria-hidden="true" />
        <p className="preloader__text">{t('app.preloader.loading')}</p>
      </div>
    );
  }
  if (props.state === 'maintenance') {
    return (
      <main className="preloader preloader--message">
        <span className="preloader__badge" aria-hidden="true">
          <svg
            viewBox="0 0 24 24"
            width="38"
            height="38"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M14.7 6.3a1 1 0 0 0 0 1.4l1.6 1.6a1 1 0 0 0 1.4 0l3.8-3.8a6 6 0 0 1-7.9 7.9l-6.9 6.9a2.1 2.1 0 0 1-3-3l6.9-6.9a6 6 0 0 1 7.9-7.9z" />
          </svg>
        </span>
        <h1 className="preloader__title">{t('app.preloader.maintenanceTitle')}</h1>
        {/* The operator's own message (set with the maintenance switch), else the standard text. */}
        <p className="preloader__text">{props.message ?? t('app.preloader.maintenanceText')}</p>
      </main>
    );
  }
  return (
    <main className="preloader preloader--message">
      <span className="preloader__badge" aria-hidden="true">
        <svg
          viewBox="0 0 24 24"
          width="38"
          height="38"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <circle cx="12" cy="12" r="9" />
          <path d="M15.5 8.5l-2 5-5 2 2-5z" />
        </svg>
      </span>
      <h1 className="preloader__title">{t('app.preloader.notFoundTitle')}</h1>
      <a className="preloader__link" href={props.infoUrl} target="_blank" rel="noopener noreferrer">
        {t('app.preloader.notFoundLink')}
      </a>
    </main>
  );
}
