import { useState } from 'react';
import { useLocation } from 'react-router';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { localizePath } from '../../../shared/lib/locale';
import { useIsLoggedIn } from '../../../shared/lib/session';
import { Button } from '../../../shared/ui/button';
import { Page, PageHead, Panel } from '../../../shared/ui/page';
import { Skeleton } from '../../../shared/ui/skeleton';
import { Tabs } from '../../../shared/ui/tabs';
import { useBets } from '../api/bets';
import { BetCard } from '../components/bet-card';
import { TICKET } from '../components/icons';
import { useBetUpdates } from '../lib/bet-updates';
import { useWatchEvents } from '../lib/live';

/** /sportsbook/bets: the player's open bets (with cash-out) and settled ones, legs and results. */
export function BetsPage() {
  const t = useT();
  const locale = useLocale();
  const { pathname } = useLocation();
  const player = useIsLoggedIn();
  const [status, setStatus] = useState<'open' | 'settled'>('open');
  return (
    <Page className="sp-page" data-testid="sp-bets-page">
      <PageHead icon={TICKET} title={t('sports.bets.title')} intro={t('sports.bets.intro')} />
      {!player ? (
        <Panel>
          <p className="sp-muted">{t('sports.bets.guest')}</p>
          <Button to={`${localizePath('/login', locale)}?redirect=${encodeURIComponent(pathname)}`}>
            {t('sports.slip.login')}
          </Button>
        </Panel>
      ) : (
        <>
          <Tabs
            aria-label={t('sports.bets.title')}
            value={status}
            onChange={(v) => setStatus(v as 'open' | 'settled')}
            items={[
              { id: 'open', label: t('sports.bets.open') },
              { id: 'settled', label: t('sports.bets.settled') },
            ]}
          />
          <BetList key={status} status={status} />
        </>
      )}
    </Page>
  );
}

function BetList({ status }: { status: 'open' | 'settled' }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const bets = useBets(status, page);
  useBetUpdates();
  const rows = bets.data?.data ?? [];
  // Open bets follow their events, so a leg's score and the cash-out move with the match.
  useWatchEvents(status === 'open' ? rows.flatMap((b) => b.legs.map((l) => l.event_id)) : []);
  if (bets.isPending) return <Skeleton variant="text" lines={4} height={90} />;
  if (bets.isError)
    return (
      <div className="sp-failed" role="alert">
        <p>{t('sports.loadError')}</p>
        <Button size="sm" variant="outline" color="default" onClick={() => void bets.refetch()}>
          {t('sports.retry')}
        </Button>
      </div>
    );
  if (rows.length === 0)
    return (
      <p className="sp-muted sp-empty">
        {status === 'open' ? t('sports.bets.noneOpen') : t('sports.bets.noneSettled')}
      </p>
    );
  const last = bets.data?.last_page ?? 1;
  return (
    <>
      <div className="sp-bets sp-bets--page" data-testid={`sp-bets-${status}`}>
        {rows.map((b) => (
          <BetCard key={b.id} bet={b} />
        ))}
      </div>
      {last > 1 && (
        <nav className="sp-pager" aria-label={t('sports.pager.label')}>
          <Button size="sm" variant="outline" color="default" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('sports.pager.prev')}
          </Button>
          <span>{t('sports.pager.page', { page, last })}</span>
          <Button size="sm" variant="outline" color="default" disabled={page >= last} onClick={() => setPage(page + 1)}>
            {t('sports.pager.next')}
          </Button>
        </nav>
      )}
    </>
  );
}
