import type { SportEventsReply } from '@sorte/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useT } from '../../../shared/lib/i18n';
import { Button } from '../../../shared/ui/button';
import { Skeleton } from '../../../shared/ui/skeleton';
import { useWatchEvents } from '../lib/live';
import { EventRow } from './event-row';

/** A page of events with its pager; the rows on screen follow their events' prices live. */
export function EventList({
  query,
  empty,
  page,
  onPage,
  testId,
  inTournament,
}: {
  query: UseQueryResult<SportEventsReply>;
  empty: string;
  page: number;
  onPage: (page: number) => void;
  testId?: string;
  /** A competition's own page: its rows leave out the competition's name. */
  inTournament?: boolean;
}) {
  const t = useT();
  const rows = query.data?.data ?? [];
  useWatchEvents(rows.filter((e) => e.status === 'live' || e.status === 'not_started').map((e) => e.id));
  if (query.isPending) return <Skeleton variant="text" lines={4} height={64} />;
  if (query.isError)
    return (
      <div className="sp-failed" role="alert">
        <p>{t('sports.loadError')}</p>
        <Button size="sm" variant="outline" color="default" onClick={() => void query.refetch()}>
          {t('sports.retry')}
        </Button>
      </div>
    );
  if (rows.length === 0) return <p className="sp-muted sp-empty">{empty}</p>;
  const last = query.data?.last_page ?? 1;
  return (
    <>
      <ul className="sp-rows" data-testid={testId}>
        {rows.map((e) => (
          <EventRow key={e.id} e={e} inTournament={inTournament} />
        ))}
      </ul>
      {last > 1 && (
        <nav className="sp-pager" aria-label={t('sports.pager.label')}>
          <Button size="sm" variant="outline" color="default" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            {t('sports.pager.prev')}
          </Button>
          <span>{t('sports.pager.page', { page, last })}</span>
          <Button size="sm" variant="outline" color="default" disabled={page >= last} onClick={() => onPage(page + 1)}>
            {t('sports.pager.next')}
          </Button>
        </nav>
      )}
    </>
  );
}
