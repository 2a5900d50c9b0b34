import type { SportEventSummary } from '@sorte/contracts';
import { Link } from 'react-router';
import { tenantTimeZone } from '../../../shared/lib/dates';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { localizePath } from '../../../shared/lib/locale';
import { formatKickoff } from '../lib/kickoff';
import { marketOpen } from '../lib/patch';
import { pickOf, shortCode } from '../lib/pick';
import { slip } from '../lib/slip-store';
import { Crest } from './crest';
import { LiveClock } from './live-clock';
import { OddsButton } from './odds-button';

/** One match in a list: teams with crests, the score and clock when live (else the kick-off), and the 1X2 prices. */
export function EventRow({ e, inTournament }: { e: SportEventSummary; inTournament?: boolean }) {
  const t = useT();
  const locale = useLocale();
  const m = e.main_market;
  const live = e.status === 'live' && e.live;
  const href = localizePath(`/sportsbook/event/${e.id}`, locale);
  const open = m ? marketOpen(e, m) : false;
  return (
    <li className="sp-row" data-testid="sp-event-row" data-event={e.id}>
      <Link to={href} className="sp-row__teams">
        <span className="sp-row__meta">
          {live ? (
            <LiveClock live={e.live!} />
          ) : (
            <span className="sp-row__when">{formatKickoff(e.starts_at, locale, tenantTimeZone())}</span>
          )}
          {!inTournament && <span className="sp-row__tournament">{e.tournament.name}</span>}
        </span>
        <span className="sp-row__team">
          <Crest team={e.home} size={24} />
          <span className="sp-row__name">{e.home.name}</span>
          {live && (
            <span className="sp-row__goals" data-testid="sp-score-home">
              {e.live!.score[0]}
            </span>
          )}
        </span>
        <span className="sp-row__team">
          <Crest team={e.away} size={24} />
          <span className="sp-row__name">{e.away.name}</span>
          {live && (
            <span className="sp-row__goals" data-testid="sp-score-away">
              {e.live!.score[1]}
            </span>
          )}
        </span>
      </Link>
      <div className="sp-row__odds">
        {m ? (
          m.outcomes.map((o) => (
            <OddsButton
              key={o.id}
              compact
              outcomeId={o.id}
              odds={o.odds}
              label={shortCode(o.code)}
              ariaLabel={`${o.name}, ${m.name}`}
              disabled={!open || !o.active}
              onPick={() => slip.toggle(pickOf(e, m, o))}
            />
          ))
        ) : (
          <span className="sp-row__none">{t('sports.noMarket')}</span>
        )}
        <Link to={href} className="sp-row__more">
          +{e.markets_count}
          <span className="ui-visually-hidden"> {t('sports.row.markets')}</span>
        </Link>
      </div>
    </li>
  );
}
