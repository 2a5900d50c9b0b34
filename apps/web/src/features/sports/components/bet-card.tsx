import type { CashoutQuote, SportBet } from '@sorte/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatDateTimeShort } from '../../../shared/lib/dates';
import { HttpError } from '../../../shared/lib/http';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { localizePath } from '../../../shared/lib/locale';
import { formatMoney } from '../../../shared/lib/money';
import { useIsLoggedIn } from '../../../shared/lib/session';
import { applyBetBalance } from '../../../shared/lib/wallet';
import { Button } from '../../../shared/ui/button';
import { Skeleton } from '../../../shared/ui/skeleton';
import { acceptCashout, getCashoutQuote, useBets } from '../api/bets';
import { SPORTS_KEY } from '../api/keys';
import { newKey } from '../lib/ids';
import { formatOdds } from '../lib/odds';
import { usePrefs } from '../lib/prefs';

const errorText = (err: unknown, fallback: string) =>
  err instanceof HttpError ? (err.fieldMessages[0] ?? err.message) : fallback;

/** One bet: its legs with their results, what it pays, and the cash-out while it is open. */
export function BetCard({ bet, compact }: { bet: SportBet; compact?: boolean }) {
  const t = useT();
  const locale = useLocale();
  const format = usePrefs((s) => s.oddsFormat);
  return (
    <article className={`sp-bet sp-bet--${bet.status}`} data-testid="sp-bet" data-bet={bet.id} data-status={bet.status}>
      <header className="sp-bet__head">
        <span className="sp-bet__kind">
          {bet.kind === 'single' ? t('sports.slip.single') : t('sports.slip.multiLabel', { n: bet.legs.length })}
        </span>
        <span className={`sp-status sp-status--${bet.status}`} data-testid="sp-bet-status">
          {t(`sports.bets.status.${bet.status}`)}
        </span>
      </header>
      <ul className="sp-legs">
        {bet.legs.map((l) => (
          <li key={l.outcome_id} className="sp-leg">
            <div className="sp-leg__main">
              <span className="sp-leg__outcome">{l.outcome}</span>
              <span className="sp-leg__odds">{formatOdds(l.odds, format, locale)}</span>
            </div>
            <div className="sp-leg__sub">
              <Link to={localizePath(`/sportsbook/event/${l.event_id}`, locale)}>{l.event_name}</Link>
              {l.score && (
                <span className="sp-leg__score">
                  {' '}
                  {l.score[0]}–{l.score[1]}
                </span>
              )}
              {' · '}
              {l.market}
              {l.result && (
                <span className={`sp-result sp-result--${l.result}`}>{t(`sports.bets.leg.${l.result}`)}</span>
              )}
            </div>
          </li>
        ))}
      </ul>
      <dl className="sp-bet__nums">
        <div>
          <dt>{t('sports.slip.stake')}</dt>
          <dd>{formatMoney(bet.original_stake, locale)}</dd>
        </div>
        <div>
          <dt>{t('sports.slip.totalOdds')}</dt>
          <dd>{formatOdds(bet.odds, format, locale)}</dd>
        </div>
        <div>
          <dt>{bet.settled_at ? t('sports.bets.paid') : t('sports.slip.potentialWin')}</dt>
          <dd data-testid="sp-bet-payout">{formatMoney(bet.settled_at ? bet.payout : bet.potential_win, locale)}</dd>
        </div>
      </dl>
      {bet.cashed_out > 0 && (
        <p className="sp-muted">{t('sports.bets.cashedOut', { amount: formatMoney(bet.cashed_out, locale) })}</p>
      )}
      {bet.message && <p className="sp-bet__msg">{bet.message}</p>}
      {!compact && (
        <p className="sp-fine">{t('sports.bets.placedAt', { date: formatDateTimeShort(bet.placed_at, locale) })}</p>
      )}
      {bet.status === 'open' && bet.cashout_available && <Cashout bet={bet} />}
    </article>
  );
}

/** The cash-out: a quote valid a few seconds (asked again when it runs out), a share by percent, then the payment. */
function Cashout({ bet }: { bet: SportBet }) {
  const t = useT();
  const locale = useLocale();
  const qc = useQueryClient();
  const id = useId();
  const [quote, setQuote] = useState<CashoutQuote | null>(null);
  const [percent, setPercent] = useState(100);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());

  const ask = async () => {
    setError(null);
    try {
      setQuote(await getCashoutQuote(bet.id));
    } catch (err) {
      setQuote(null);
      setError(errorText(err, t('sports.slip.unknownError')));
    }
  };

  // An expired quote is asked again while the panel is open, so the amount shown is one the server will honour.
  useEffect(() => {
    if (!quote) return;
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [quote]);
  const expired = quote !== null && new Date(quote.expires_at).getTime() <= now;
  const askRef = useRef(ask);
  askRef.current = ask;
  useEffect(() => {
    if (expired && !busy) void askRef.current();
  }, [expired, busy]);

  const confirm = async () => {
    if (!quote) return;
    setBusy(true);
    setError(null);
    try {
      const r = await acceptCashout(bet.id, quote.quote_id, percent, newKey());
      void applyBetBalance(qc, r.balance);
      setQuote(null);
      void qc.invalidateQueries({ queryKey: [...SPORTS_KEY, 'bets'] });
    } catch (err) {
      setError(errorText(err, t('sports.slip.unknownError')));
      await ask();
    } finally {
      setBusy(false);
    }
  };

  if (!quote)
    return (
      <div className="sp-cashout">
        {error && (
          <p className="sp-error" role="alert">
            {error}
          </p>
        )}
        <Button size="sm" variant="outline" block onClick={() => void ask()} data-testid="sp-cashout">
          {t('sports.bets.cashout')}
        </Button>
      </div>
    );
  const amount = Math.floor((quote.amount * percent) / 100);
  return (
    <div className="sp-cashout sp-cashout--open" data-testid="sp-cashout-panel">
      <label htmlFor={`${id}-pct`} className="sp-cashout__label">
        {t('sports.bets.cashoutShare', { pct: percent })}
      </label>
      <input
        id={`${id}-pct`}
        type="range"
        min={10}
        max={100}
        step={10}
        value={percent}
        onChange={(e) => setPercent(Number(e.target.value))}
        data-testid="sp-cashout-pct"
      />
      {error && (
        <p className="sp-error" role="alert">
          {error}
        </p>
      )}
      <div className="sp-cashout__btns">
        <Button size="sm" variant="pastel" color="default" onClick={() => setQuote(null)}>
          {t('sports.bets.cancel')}
        </Button>
        <Button
          size="sm"
          color="success"
          loading={busy || expired}
          onClick={() => void confirm()}
          data-testid="sp-cashout-confirm"
        >
          {t('sports.bets.cashoutFor', { amount: formatMoney(amount, locale) })}
        </Button>
      </div>
    </div>
  );
}

/** The slip's "my bets" tab: the open bets, with a link to every bet. */
export function OpenBetsMini() {
  const t = useT();
  const locale = useLocale();
  const player = useIsLoggedIn();
  const bets = useBets('open', 1);
  if (!player)
    return (
      <p className="sp-muted sp-slip__empty">
        {t('sports.bets.guest')} <Link to={localizePath('/login', locale)}>{t('sports.slip.login')}</Link>
      </p>
    );
  return (
    <div className="sp-slip__body">
      {bets.isPending ? (
        <Skeleton variant="text" lines={3} height={60} />
      ) : bets.isError ? (
        <p className="sp-error" role="alert">
          {t('sports.loadError')}
        </p>
      ) : bets.data.data.length === 0 ? (
        <p className="sp-muted sp-slip__empty">{t('sports.bets.noneOpen')}</p>
      ) : (
        <div className="sp-bets">
          {bets.data.data.slice(0, 5).map((b) => (
            <BetCard key={b.id} bet={b} compact />
          ))}
        </div>
      )}
      <Link className="sp-link sp-slip__all" to={localizePath('/sportsbook/bets', locale)} data-testid="sp-all-bets">
        {t('sports.bets.all')}
      </Link>
    </div>
  );
}
