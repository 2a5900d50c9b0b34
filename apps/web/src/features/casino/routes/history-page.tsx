import type { CasinoBet } from '@sorte/contracts';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/lib/dates';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { localizePath } from '../../../shared/lib/locale';
import { formatMoney } from '../../../shared/lib/money';
import { formatMultiplier } from '../../../shared/lib/numbers';
import { useIsLoggedIn } from '../../../shared/lib/session';
import { Button, cx, Skeleton } from '../../../shared/ui';
import { useBets } from '../api/history';
import { gamePath } from '../components/game-card';
import '../locales';
import '../casino.css';

/** A settled round as the player reads it: won (more back than staked), even (the stake back) or lost. */
function outcomeOf(b: CasinoBet): 'won' | 'lost' | 'even' | null {
  if (b.status !== 'closed') return null;
  if (b.win > b.bet) return 'won';
  return b.win === b.bet ? 'even' : 'lost';
}

/** /user/edit/history-casino: the player's casino rounds (GET wallet/bets), newest first, "see more" paging. */
export default function HistoryPage() {
  const t = useT();
  const locale = useLocale();
  const loggedIn = useIsLoggedIn();
  const bets = useBets(loggedIn);
  const rows = bets.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <div className="casino casino-history">
      <h1 className="casino__title">{t('casino.history.title')}</h1>
      {bets.isError ? (
        <p className="casino-empty">{t('casino.history.error')}</p>
      ) : bets.isPending ? (
        <Skeleton lines={5} />
      ) : rows.length === 0 ? (
        <p className="casino-empty">{t('casino.history.empty')}</p>
      ) : (
        <ul className="casino-bets">
          {rows.map((b) => {
            const to =
              b.game.providercode && b.game.gamecode
                ? localizePath(gamePath({ providercode: b.game.providercode, gamecode: b.game.gamecode }), locale)
                : null;
            const outcome = outcomeOf(b);
            return (
              <li key={b.id} className="casino-bet" data-testid="casino-bet">
                {b.game.image && <img src={b.game.image} alt="" width={42} height={56} />}
                <div className="casino-bet__game">
                  {to ? <Link to={to}>{b.game.title}</Link> : <span>{b.game.title ?? '—'}</span>}
                  <span className="casino-bet__date">{formatDateTime(b.created_at)}</span>
                </div>
                <dl className="casino-bet__nums">
                  <div>
                    <dt>{t('casino.history.bet')}</dt>
                    <dd>{formatMoney(b.bet)}</dd>
                  </div>
                  <div>
                    <dt>{t('casino.history.win')}</dt>
                    <dd className={cx(b.win > 0 && 'is-win')}>{formatMoney(b.win)}</dd>
                  </div>
                  <div>
                    <dt>{t('casino.history.result')}</dt>
                    <dd className={cx(outcome === 'won' && 'is-win')}>
                      {outcome ? t(`casino.history.outcome.${outcome}`) : t(`casino.history.status.${b.status}`)}
                    </dd>
                  </div>
                  {b.status === 'closed' && (
                    <div>
                      <dt>{t('casino.history.multiplier')}</dt>
                      <dd>{formatMultiplier(b.multiplier, { max: 4 }, locale)}</dd>
                    </div>
                  )}
                </dl>
              </li>
            );
          })}
        </ul>
      )}
      {bets.hasNextPage && (
        <div className="casino-more">
          <Button
            variant="outline"
            color="light"
            loading={bets.isFetchingNextPage}
            onClick={() => bets.fetchNextPage()}
          >
            {t('casino.history.more')}
          </Button>
        </div>
      )}
    </div>
  );
}
