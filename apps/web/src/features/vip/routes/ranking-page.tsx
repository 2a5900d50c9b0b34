import '../locales/register';
import type { RankingEntry } from '@sorte/contracts';
import { type CSSProperties, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { localizePath } from '../../../shared/lib/locale';
import { formatMoney } from '../../../shared/lib/money';
import { Button } from '../../../shared/ui/button';
import { Page, PageHead, Panel } from '../../../shared/ui/page';
import { Skeleton } from '../../../shared/ui/skeleton';
import { type RankingReply, useRanking } from '../api/get-ranking';
import { LevelBadge } from '../components/level-badge';
import { countdownText, shortDay } from '../lib/period';
import '../vip.css';

const TROPHY = (
  <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
    <path
      d="M8 21h8M12 17v4M7 4h10v5a5 5 0 0 1-10 0zM17 5h3v2a3 3 0 0 1-3 3M7 5H4v2a3 3 0 0 0 3 3"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);

function useNow(everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}

/** /ranking: the week's leaderboard (podium and standings, masked names), the player's own place and the reset clock. */
export default function RankingPage() {
  const t = useT();
  const ranking = useRanking();
  const r = ranking.data;
  return (
    <Page data-testid="ranking-page">
      <PageHead icon={TROPHY} title={t('vip.ranking.title')} intro={t('vip.ranking.intro')} />
      {ranking.isError ? (
        <Panel>
          <div className="vip-failed" role="alert">
            <p>{t('vip.ranking.loadError')}</p>
            <Button size="sm" variant="outline" color="default" onClick={() => void ranking.refetch()}>
              {t('vip.ranking.retry')}
            </Button>
          </div>
        </Panel>
      ) : !r ? (
        <Panel>
          <Skeleton variant="text" lines={6} height={36} />
        </Panel>
      ) : (
        <Board r={r} onReset={() => void ranking.refetch()} />
      )}
    </Page>
  );
}

function Board({ r, onReset }: { r: RankingReply; onReset: () => void }) {
  const t = useT();
  const locale = useLocale();
  const now = useNow();
  const left = new Date(r.period.resets_at).getTime() - now;
  const over = left <= 0;
  // A new week began while the page was open: read the new (empty) board.
  useEffect(() => {
    if (over) onReset();
  }, [over, onReset]);
  const top = r.entries.slice(0, 3);
  const rest = r.entries.slice(3);
  return (
    <>
      <div className="vip-period" data-testid="ranking-period">
        <span>
          {t('vip.ranking.period', { start: shortDay(r.period.start, locale), end: shortDay(r.period.end, locale) })}
        </span>
        <span className="vip-period__clock" data-testid="ranking-countdown">
          {t('vip.ranking.resetsIn', { time: countdownText(left, t) })}
        </span>
      </div>
      <Me r={r} />
      {r.entries.length === 0 ? (
        <Panel>
          <p className="vip-muted" data-testid="ranking-empty">
            {t('vip.ranking.empty')}
          </p>
        </Panel>
      ) : (
        <>
          <section aria-label={t('vip.ranking.podium')} className="vip-podium" data-testid="ranking-podium">
            {top.map((e) => (
              <PodiumSpot key={e.position} e={e} />
            ))}
          </section>
          {rest.length > 0 && (
            <Panel title={t('vip.ranking.board')} titleId="ranking-board">
              <ol className="vip-board" data-testid="ranking-board">
                {rest.map((e) => (
                  <Row key={e.position} e={e} />
                ))}
              </ol>
            </Panel>
          )}
        </>
      )}
    </>
  );
}

function PodiumSpot({ e }: { e: RankingEntry }) {
  const t = useT();
  const locale = useLocale();
  return (
    <div
      className={`vip-spot vip-spot--${e.position}${e.me ? ' vip-spot--me' : ''}`}
      data-testid={e.me ? 'ranking-me-row' : undefined}
      style={{ '--vip-c': e.color } as CSSProperties}
    >
      <span className="vip-spot__medal">
        <span className="vip-sr">{t('vip.ranking.place', { position: e.position })}</span>
        <span aria-hidden="true">{e.position}º</span>
      </span>
      <LevelBadge level={e.level} color={e.color} size={40} />
      <span className="vip-spot__name">
        {e.name}
        {e.me && <span className="vip-you">{t('vip.ranking.you')}</span>}
      </span>
      <span className="vip-muted">{e.level_name}</span>
      <strong className="vip-spot__amount">{formatMoney(e.totalBet, locale)}</strong>
    </div>
  );
}

function Row({ e }: { e: RankingEntry }) {
  const t = useT();
  const locale = useLocale();
  return (
    <li className={`vip-row${e.me ? ' vip-row--me' : ''}`} data-testid={e.me ? 'ranking-me-row' : undefined}>
      <span className="vip-row__pos">{e.position}º</span>
      <LevelBadge level={e.level} color={e.color} size={30} />
      <span className="vip-row__who">
        <span className="vip-row__name">
          {e.name}
          {e.me && <span className="vip-you">{t('vip.ranking.you')}</span>}
        </span>
        <span className="vip-muted">{e.level_name}</span>
      </span>
      <strong className="vip-row__amount">{formatMoney(e.totalBet, locale)}</strong>
    </li>
  );
}

/** The player's own place: a guest is asked to log in; a player out of the board sees their position anyway. */
function Me({ r }: { r: RankingReply }) {
  const t = useT();
  const locale = useLocale();
  const location = useLocation();
  if (!r.me) {
    const back = encodeURIComponent(location.pathname);
    return (
      <div className="vip-me" data-testid="ranking-guest">
        <span>{t('vip.ranking.guest')}</span>
        <Button size="sm" to={`${localizePath('/login', locale)}?redirect=${back}`}>
          {t('vip.ranking.login')}
        </Button>
      </div>
    );
  }
  const me = r.me;
  const text = me.hidden
    ? t('vip.ranking.hidden')
    : me.position === null
      ? t('vip.ranking.notYet')
      : t('vip.ranking.outside', { position: me.position, amount: formatMoney(me.totalBet, locale) });
  return (
    <div className="vip-me" data-testid="ranking-me">
      <strong>{t('vip.ranking.yourPosition')}</strong>
      <span>{text}</span>
      {me.hidden && (
        <Button size="sm" variant="outline" color="default" to={localizePath('/user', locale)}>
          {t('vip.ranking.hiddenLink')}
        </Button>
      )}
    </div>
  );
}
