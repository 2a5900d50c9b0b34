import type { SportEventDetail, SportMarket } from '@sorte/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateTimeShort } from '../../../shared/lib/dates';
import { HttpError } from '../../../shared/lib/http';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { localizePath } from '../../../shared/lib/locale';
import { usePageTitle } from '../../../shared/lib/page-title';
import { Button } from '../../../shared/ui/button';
import { Page, Panel } from '../../../shared/ui/page';
import { Skeleton } from '../../../shared/ui/skeleton';
import { useEvent } from '../api/catalog';
import { Crest } from '../components/crest';
import { LiveClock } from '../components/live-clock';
import { LockIcon, OddsButton } from '../components/odds-button';
import { GROUPS, groupMarkets, type MarketGroup } from '../lib/groups';
import { useWatchEvents } from '../lib/live';
import { marketOpen } from '../lib/patch';
import { pickOf } from '../lib/pick';
import { slip } from '../lib/slip-store';

/** /sportsbook/event/{id}: the scoreboard, what happened so far, and every market, live. */
export function EventPage({ id }: { id: number }) {
  const t = useT();
  const locale = useLocale();
  const q = useEvent(id);
  useWatchEvents([id]);
  const e = q.data?.event;
  usePageTitle(e ? `${e.home.name} x ${e.away.name}` : null);
  if (q.isPending)
    return (
      <Page className="sp-page">
        <Skeleton height={140} />
        <Skeleton variant="text" lines={5} height={48} />
      </Page>
    );
  if (q.isError || !e)
    return (
      <Page className="sp-page" data-testid="sp-event-missing">
        <Panel>
          <p role="alert">
            {q.error instanceof HttpError && q.error.status === 404 ? t('sports.eventMissing') : t('sports.loadError')}
          </p>
          <div className="sp-failed">
            <Button size="sm" variant="outline" color="default" onClick={() => void q.refetch()}>
              {t('sports.retry')}
            </Button>
            <Link to={localizePath('/sports', locale)}>{t('sports.back')}</Link>
          </div>
        </Panel>
      </Page>
    );
  return (
    <Page className="sp-page" data-testid="sp-event" data-event={e.id}>
      <nav className="sp-crumbs" aria-label={t('sports.crumbs')}>
        <Link to={localizePath('/sports', locale)}>{t('sports.title')}</Link>
        <span aria-hidden="true"> › </span>
        <Link to={localizePath(`/sportsbook/${e.tournament.slug}`, locale)}>{e.tournament.name}</Link>
      </nav>
      <Scoreboard e={e} />
      <Markets e={e} />
    </Page>
  );
}

function Scoreboard({ e }: { e: SportEventDetail }) {
  const t = useT();
  const locale = useLocale();
  const live = e.status === 'live' ? e.live : null;
  const score = live?.score ?? e.result;
  return (
    <section className="sp-board" aria-label={t('sports.event.board')} data-testid="sp-board">
      <h1 className="ui-visually-hidden">
        {e.home.name} x {e.away.name}
      </h1>
      <div className="sp-board__teams">
        <div className="sp-board__team">
          <Crest team={e.home} size={52} />
          <span className="sp-board__name">{e.home.name}</span>
        </div>
        <div className="sp-board__mid">
          {score ? (
            <span className="sp-board__score" data-testid="sp-board-score" aria-live="polite">
              {score[0]} – {score[1]}
            </span>
          ) : (
            <span className="sp-board__vs">x</span>
          )}
          {live ? (
            <LiveClock live={live} />
          ) : (
            <span className="sp-board__when">
              {e.status === 'not_started' ? formatDateTimeShort(e.starts_at, locale) : t(`sports.status.${e.status}`)}
            </span>
          )}
          {live?.ht_score && (
            <span className="sp-fine">
              {t('sports.event.ht', { score: `${live.ht_score[0]}–${live.ht_score[1]}` })}
            </span>
          )}
        </div>
        <div className="sp-board__team">
          <Crest team={e.away} size={52} />
          <span className="sp-board__name">{e.away.name}</span>
        </div>
      </div>
      {live?.bet_stop && (
        <p className="sp-stop" role="status" data-testid="sp-bet-stop">
          <LockIcon /> {t('sports.event.betStop')}
        </p>
      )}
      {e.incidents.length > 0 && (
        <ol className="sp-incidents" aria-label={t('sports.event.incidents')}>
          {e.incidents.map((i) => (
            <li
              key={`${i.minute}-${i.type}-${i.side}-${i.score?.join(':') ?? ''}`}
              className={`sp-inc sp-inc--${i.side === 1 ? 'away' : 'home'}`}
            >
              <span className="sp-inc__min">{i.minute}'</span>
              <span className={`sp-inc__icon sp-inc__icon--${i.type}`} aria-hidden="true" />
              <span>
                {t(`sports.incident.${i.type}`)}
                {i.side !== null && ` · ${i.side === 0 ? e.home.name : e.away.name}`}
                {i.score && ` (${i.score[0]}–${i.score[1]})`}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function Markets({ e }: { e: SportEventDetail }) {
  const t = useT();
  const groups = groupMarkets(e.markets);
  const [shown, setShown] = useState<MarketGroup | 'all'>('all');
  const over = e.status !== 'not_started' && e.status !== 'live';
  if (groups.length === 0 || over)
    return (
      <Panel>
        <p className="sp-muted" data-testid="sp-event-closed">
          {over ? t('sports.event.over') : t('sports.noMarket')}
        </p>
      </Panel>
    );
  const present = GROUPS.filter((g) => groups.some((x) => x.group === g));
  return (
    <>
      <div className="sp-chips" role="group" aria-label={t('sports.event.groups')}>
        {(['all', ...present] as const).map((g) => (
          <button key={g} type="button" className="sp-chip" aria-pressed={shown === g} onClick={() => setShown(g)}>
            {t(`sports.group.${g}`)}
          </button>
        ))}
      </div>
      {groups
        .filter((g) => shown === 'all' || g.group === shown)
        .map((g) => (
          <Panel key={g.group} title={t(`sports.group.${g.group}`)} titleId={`sp-g-${g.group}`} className="sp-group">
            {g.markets.map((m) => (
              <MarketBlock key={m.id} e={e} m={m} />
            ))}
          </Panel>
        ))}
    </>
  );
}

function MarketBlock({ e, m }: { e: SportEventDetail; m: SportMarket }) {
  const t = useT();
  const open = marketOpen(e, m);
  // A long market (correct score) drops the outcomes the match has already ruled out; short ones keep their shape.
  const outcomes = m.outcomes.length > 3 ? m.outcomes.filter((o) => o.active || o.odds !== null) : m.outcomes;
  const many = outcomes.length > 3;
  return (
    <div className="sp-market" data-testid="sp-market" data-kind={m.kind} data-market={m.id}>
      <h3 className="sp-market__name">
        {m.name}
        {!open && m.status !== 'settled' && (
          <span className="sp-tag sp-tag--off">
            <LockIcon /> {t('sports.suspended')}
          </span>
        )}
      </h3>
      <div className={`sp-market__outcomes${many ? ' sp-market__outcomes--grid' : ''}`}>
        {outcomes.map((o) => (
          <OddsButton
            key={o.id}
            outcomeId={o.id}
            odds={o.odds}
            label={o.name}
            ariaLabel={`${o.name}, ${m.name}`}
            disabled={!open || !o.active}
            onPick={() => slip.toggle(pickOf(e, m, o))}
          />
        ))}
      </div>
    </div>
  );
}
