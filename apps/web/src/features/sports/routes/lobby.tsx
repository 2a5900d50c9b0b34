import { useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { localizePath } from '../../../shared/lib/locale';
import { Page, PageHead, Panel } from '../../../shared/ui/page';
import { useEvents, useSportsList } from '../api/catalog';
import { EventList } from '../components/event-list';
import { BALL } from '../components/icons';
import { useWatchLive } from '../lib/live';

const SEARCH_DELAY_MS = 300;

/** /sports (and a bare /sportsbook): live now, starting soon, the competitions, and a search over teams. */
export function Lobby() {
  const t = useT();
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  const [livePage, setLivePage] = useState(1);
  const [soonPage, setSoonPage] = useState(1);
  const [searchPage, setSearchPage] = useState(1);
  const searchId = useId();
  useWatchLive();

  // The query string follows the box after a pause, so the search is a link and Back returns to it.
  useEffect(() => {
    const id = setTimeout(() => {
      const next = text.trim();
      if (next === q) return;
      setSearchPage(1);
      setParams(next ? { q: next } : {}, { replace: true });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(id);
  }, [text, q, setParams]);

  const sports = useSportsList();
  const live = useEvents({ live: true, page: livePage }, !q);
  const soon = useEvents({ live: false, page: soonPage }, !q);
  const found = useEvents({ q, page: searchPage }, Boolean(q));
  const tournaments = (sports.data?.data ?? []).flatMap((s) => s.tournaments);

  return (
    <Page className="sp-page" data-testid="sports-lobby">
      <PageHead icon={BALL} title={t('sports.title')} intro={t('sports.intro')} />
      <div className="sp-search" role="search">
        <label htmlFor={searchId} className="ui-visually-hidden">
          {t('sports.search.label')}
        </label>
        <svg
          width="18"
          height="18"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-4-4" strokeLinecap="round" />
        </svg>
        <input
          id={searchId}
          type="search"
          value={text}
          placeholder={t('sports.search.placeholder')}
          onChange={(e) => setText(e.target.value)}
          maxLength={60}
          data-testid="sp-search"
        />
      </div>
      {q ? (
        <Panel title={t('sports.search.results', { q })} titleId="sp-found">
          <EventList
            query={found}
            empty={t('sports.search.none')}
            page={searchPage}
            onPage={setSearchPage}
            testId="sp-found"
          />
        </Panel>
      ) : (
        <>
          <Panel
            title={
              <>
                <span className="sp-live-dot" aria-hidden="true" /> {t('sports.liveNow')}
              </>
            }
            titleId="sp-live"
          >
            <EventList
              query={live}
              empty={t('sports.noLive')}
              page={livePage}
              onPage={setLivePage}
              testId="sp-live-list"
            />
          </Panel>
          <Panel title={t('sports.startingSoon')} titleId="sp-soon">
            <EventList
              query={soon}
              empty={t('sports.noSoon')}
              page={soonPage}
              onPage={setSoonPage}
              testId="sp-soon-list"
            />
          </Panel>
          {tournaments.length > 0 && (
            <Panel title={t('sports.competitions')} titleId="sp-comps">
              <ul className="sp-comps">
                {tournaments.map((tr) => (
                  <li key={tr.id}>
                    <Link className="sp-comp" to={localizePath(`/sportsbook/${tr.slug}`, locale)}>
                      <span className="sp-comp__name">{tr.name}</span>
                      <span className="sp-comp__meta">
                        {tr.category.name}
                        {' · '}
                        {t('sports.eventsCount', { n: tr.events })}
                        {tr.live > 0 && <span className="sp-tag">{t('sports.liveCount', { n: tr.live })}</span>}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            </Panel>
          )}
        </>
      )}
    </Page>
  );
}
