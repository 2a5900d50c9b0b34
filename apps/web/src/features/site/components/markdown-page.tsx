import { useEffect, useMemo } from 'react';
import { Link } from 'react-router';
import { showAppError } from '../../../shared/lib/app-error';
import { formatLongDate } from '../../../shared/lib/dates';
import { HttpError } from '../../../shared/lib/http';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { localizePath } from '../../../shared/lib/locale';
import { renderMarkdown } from '../../../shared/lib/markdown';
import { usePageTitle } from '../../../shared/lib/page-title';
import { usePage } from '../api/get-page';
import './markdown-page.css';

/** A content page from the API, rendered from its Markdown body. A missing page is the 404 error page. */
export function MarkdownPage({ slug, fallbackTitle }: { slug: string; fallbackTitle: string }) {
  const t = useT();
  const locale = useLocale();
  const { data, error, isPending, refetch } = usePage(slug, locale);

  useEffect(() => {
    if (error instanceof HttpError && error.status >= 400 && error.status < 500) {
      showAppError({ statusCode: error.status === 401 ? 401 : 404, url: error.url });
    }
  }, [error]);

  usePageTitle(data?.title);

  const body = useMemo(
    () =>
      data
        ? renderMarkdown(data.body, {
            headingOffset: 1,
            renderInternalLink: (href, children, key) => (
              <Link key={key} to={localizePath(href, locale)}>
                {children}
              </Link>
            ),
          })
        : null,
    [data, locale],
  );

  if (isPending) {
    return (
      <article className="md-page" aria-busy="true">
        <h1 className="md-page__title">{fallbackTitle}</h1>
        <div className="md-page__skeleton" role="status">
          <span className="ui-visually-hidden">{t('site.page.loading')}</span>
          {[92, 100, 76, 100, 64].map((w, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static skeleton lines
            <span key={i} style={{ width: `${w}%` }} />
          ))}
        </div>
      </article>
    );
  }

  if (!data) {
    return (
      <article className="md-page">
        <h1 className="md-page__title">{fallbackTitle}</h1>
        <p className="md-page__failed">{t('site.page.failed')}</p>
        <button type="button" className="md-page__retry" onClick={() => refetch()}>
          {t('common.retry')}
        </button>
      </article>
    );
  }

  return (
    <article className="md-page" lang={data.locale === 'en' ? 'en' : 'pt-BR'}>
      <header className="md-page__header">
        <h1 className="md-page__title">{data.title}</h1>
        {data.updated_at && (
          <p className="md-page__updated">
            {t('site.page.updated', { date: formatLongDate(data.updated_at, locale) })}
          </p>
        )}
      </header>
      <div className="md-page__body">{body}</div>
    </article>
  );
}
