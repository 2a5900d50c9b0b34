import { useState } from 'react';
import { useInRouterContext, useNavigate } from 'react-router';
import type { AppError } from '../shared/lib/app-error';
import { formatDateTime } from '../shared/lib/dates';
import { translateList, useLocale, useT } from '../shared/lib/i18n';
import { isLivePath } from '../shared/lib/live-routes';
import { localizePath } from '../shared/lib/locale';
import { sportsPath, useSiteConfigStore } from '../shared/lib/site-config';
import { buttonClassName } from '../shared/ui/button';
import { DEFAULT_ERROR_STATUS, errorCase, errorReference, isBot, pickJoke } from './error-model';
import { IconArrowLeft, IconBall, IconCards, IconDice, IconGift, IconHome } from './icons';
import { SmartLink } from './smart-link';
import './error-page.css';

type ErrorPageProps = AppError & { className?: string };

/** The error page of spec section 2. Renders inside or outside the router (start-up errors). */
export function ErrorPage({ statusCode, url, className }: ErrorPageProps) {
  const t = useT();
  const locale = useLocale();
  const config = useSiteConfigStore((s) => s.config);
  const status = statusCode ?? DEFAULT_ERROR_STATUS;
  const kind = errorCase(status);
  // Fixed for the life of this page so the joke and reference do not change on re-render.
  const [stamp] = useState(() => {
    const now = Date.now();
    return {
      joke: pickJoke(translateList(locale, `app.error.jokes.${kind}`)),
      reference: errorReference(statusCode, now),
      time: formatDateTime(now, config?.timezone),
    };
  });

  const sports = sportsPath(config);
  // Suggestions only to sections that are open (no 404, no "not available yet" page).
  const explore = [
    { key: 'casino', to: '/casino/games', icon: <IconCards size={18} /> },
    { key: 'originals', to: '/originals', icon: <IconDice size={18} /> },
    ...(sports ? [{ key: 'sports', to: sports, icon: <IconBall size={18} /> }] : []),
    { key: 'bonus', to: '/bonus', icon: <IconGift size={18} /> },
  ].filter((e) => isLivePath(e.to));

  if (isBot(typeof navigator === 'undefined' ? undefined : navigator.userAgent)) {
    // Crawlers get the plain facts (the server already answered with the status), not the playful page.
    return (
      <main className="error-page error-page--bot">
        <h1>{t(`app.error.${kind}.title`)}</h1>
      </main>
    );
  }

  return (
    <main className={`error-page ${className ?? ''}`} aria-labelledby="error-title">
      <div className="error-page__glow" aria-hidden="true" />
      <div className="error-page__card">
        <p className="error-page__status" aria-hidden="true">
          {status}
        </p>
        <h1 className="error-page__title" id="error-title">
          {t(`app.error.${kind}.title`)}
        </h1>
        <p className="error-page__text">{t(`app.error.${kind}.text`)}</p>
        {stamp.joke && <p className="error-page__joke">{stamp.joke}</p>}

        <div className="error-page__actions">
          <SmartLink to="/" className={buttonClassName({ size: 'lg', color: 'primary', rounded: 'lg' })}>
            <span className="ui-btn__content">
              <IconHome size={18} />
              <span>{t('app.error.home')}</span>
            </span>
          </SmartLink>
          <BackButton />
        </div>

        <nav className="error-page__explore" aria-labelledby="error-explore">
          <p id="error-explore">{t('app.error.explore')}</p>
          <ul>
            {explore.map((e) => (
              <li key={e.key}>
                <SmartLink to={e.to}>
                  {e.icon}
                  {t(`app.error.${e.key}`)}
                </SmartLink>
              </li>
            ))}
          </ul>
        </nav>

        <section className="error-page__details" aria-labelledby="error-details">
          <h2 id="error-details">{t('app.error.details')}</h2>
          <dl>
            <div>
              <dt>{t('app.error.code')}</dt>
              <dd>{statusCode || t('app.error.notAvailable')}</dd>
            </div>
            <div>
              <dt>{t('app.error.time')}</dt>
              <dd>{stamp.time}</dd>
            </div>
            {url && (
              <div>
                <dt>{t('app.error.url')}</dt>
                <dd className="error-page__url">{url}</dd>
              </div>
            )}
            <div>
              <dt>{t('app.error.reference')}</dt>
              <dd>
                <code data-testid="error-reference">{stamp.reference}</code>
              </dd>
            </div>
          </dl>
        </section>
      </div>
    </main>
  );
}

function BackButton() {
  const inRouter = useInRouterContext();
  return inRouter ? <RouterBackButton /> : <PlainBackButton />;
}

function RouterBackButton() {
  const navigate = useNavigate();
  const locale = useLocale();
  return (
    <BackButtonView onBack={() => (window.history.length > 1 ? navigate(-1) : navigate(localizePath('/', locale)))} />
  );
}

function PlainBackButton() {
  const locale = useLocale();
  return (
    <BackButtonView
      onBack={() =>
        window.history.length > 1 ? window.history.back() : window.location.assign(localizePath('/', locale))
      }
    />
  );
}

function BackButtonView({ onBack }: { onBack: () => void }) {
  const t = useT();
  return (
    <button
      type="button"
      className={buttonClassName({ size: 'lg', color: 'default', variant: 'outline', rounded: 'lg' })}
      onClick={onBack}
    >
      <span className="ui-btn__content">
        <IconArrowLeft size={18} />
        <span>{t('app.error.back')}</span>
      </span>
    </button>
  );
}
