import { useState } from 'react';
import { Link } from 'react-router';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { localizePath } from '../../../shared/lib/locale';
import { usePageTitle } from '../../../shared/lib/page-title';
import { Page, PageHead, Panel } from '../../../shared/ui/page';
import { Skeleton } from '../../../shared/ui/skeleton';
import { useEvents, useSportsList } from '../api/catalog';
import { EventList } from '../components/event-list';
import { BALL } from '../components/icons';
import { useWatchLive } from '../lib/live';

/** /sportsbook/{tournament-slug}: one competition's matches, live first. */
export function Competition({ slug }: { slug: string }) {
  const t = useT();
  const locale = useLocale();
  const sports = useSportsList();
  const [page, setPage] = useState(1);
  const tournament = (sports.data?.data ?? []).flatMap((s) => s.tournaments).find((x) => x.slug === slug);
  const events = useEvents({ tournament: tournament?.id, page }, Boolean(tournament));
  useWatchLive();
  usePageTitle(tournament?.name);
  if (sports.isPending)
    return (
      <Page className="sp-page">
        <Skeleton variant="text" lines={5} height={48} />
      </Page>
    );
  if (!tournament)
    return (
      <Page className="sp-page" data-testid="sp-competition-missing">
        <PageHead icon={BALL} title={t('sports.competitionMissing')} />
        <Panel>
          <Link to={localizePath('/sports', locale)}>{t('sports.back')}</Link>
        </Panel>
      </Page>
    );
  return (
    <Page className="sp-page" data-testid="sp-competition">
      <nav className="sp-crumbs" aria-label={t('sports.crumbs')}>
        <Link to={localizePath('/sports', locale)}>{t('sports.title')}</Link>
        <span aria-hidden="true"> › </span>
        <span>{tournament.category.name}</span>
      </nav>
      <PageHead
        icon={BALL}
        title={tournament.name}
        intro={t('sports.competitionIntro', { n: tournament.events, live: tournament.live })}
      />
      <Panel>
        <EventList
          query={events}
          empty={t('sports.noSoon')}
          page={page}
          onPage={setPage}
          testId="sp-competition-list"
          inTournament
        />
      </Panel>
    </Page>
  );
}
