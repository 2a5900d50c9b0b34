import type { BetFeedEvent } from '@sorte/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useT } from '../../../shared/lib/i18n';
import { formatMoney } from '../../../shared/lib/money';
import { formatNumber } from '../../../shared/lib/numbers';
import { getEcho, publicRoom, useRealtime } from '../../../shared/lib/realtime';
import { useSiteConfig } from '../../../shared/lib/site-config';
import '../locales/register';
import { recentFeedQuery } from '../api/recent-feed';
import { fakeBet, matchResults, pushEvent, seedRecent } from './bet-feed-model';
import './bet-feed.css';

/**
 * The live bet feed: the newest real settled bets on arrival (GET /api/feed/recent), then BetPlaced events live; the
 * demo generator only where the tenant enabled it.
 * In the chat panel (compact) and on the home page (variant 'home', a card that also shows the payout).
 */
export function BetFeed({ variant = 'panel' }: { variant?: 'panel' | 'home' }) {
  const home = variant === 'home';
  const t = useT();
  const config = useSiteConfig();
  const simulate = config.feed_simulation === true && !config.is_regulated;
  const [raw, setRaw] = useState<BetFeedEvent[]>([]);
  const generation = useRealtime((s) => s.generation);
  const room = publicRoom();
  const recent = useQuery(recentFeedQuery()).data?.data;

  // The latest real rounds the server had when the page opened, behind whatever arrived live meanwhile.
  useEffect(() => {
    if (recent) setRaw((r) => seedRecent(r, recent));
  }, [recent]);

  useEffect(() => {
    let stop = () => {};
    let cancelled = false;
    void generation;
    getEcho().then((echo) => {
      if (cancelled) return;
      const ch = echo.channel(`chat.${room}`);
      ch.listen('BetPlaced', (e: BetFeedEvent) => setRaw((r) => pushEvent(r, e)));
      stop = () => ch.stopListening('BetPlaced');
    });
    return () => {
      cancelled = true;
      stop();
    };
  }, [generation, room]);

  useEffect(() => {
    if (!simulate) return;
    const id = setInterval(() => setRaw((r) => fakeBet().reduce(pushEvent, r)), 1500);
    return () => clearInterval(id);
  }, [simulate]);

  const results = matchResults(raw);
  return (
    <section className={home ? 'bet-feed bet-feed--home' : 'bet-feed'} aria-label={t('chat.feed.title')}>
      <h3 className="bet-feed__title">
        <span className="bet-feed__live" aria-hidden="true" />
        {t('chat.feed.title')}
        {simulate && <span className="bet-feed__tag">{t('chat.feed.simulated')}</span>}
      </h3>
      {results.length === 0 ? (
        <p className="bet-feed__empty">{t('chat.feed.empty')}</p>
      ) : (
        <ul className="bet-feed__list">
          {results.map((r) => (
            <li key={r.transaction} className={`bet-feed__item ${r.win_amount > 0 ? 'bet-feed__item--win' : ''}`}>
              <span className="bet-feed__user">{r.user}</span>
              <span className="bet-feed__game">{r.game}</span>
              <span className="bet-feed__amount">{formatMoney(r.bet_amount)}</span>
              <span className="bet-feed__mult">
                {r.multiplier > 0
                  ? t('chat.feed.multiplier', { value: formatNumber(r.multiplier, { min: 2, max: 2 }) })
                  : '—'}
              </span>
              {home && (
                <span className={r.win_amount > 0 ? 'bet-feed__payout bet-feed__win' : 'bet-feed__payout'}>
                  {r.win_amount > 0 ? formatMoney(r.win_amount) : '—'}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
