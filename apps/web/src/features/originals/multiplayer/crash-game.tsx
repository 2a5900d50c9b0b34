import { useCallback, useEffect, useRef, useState } from 'react';
import './register';
import './multiplayer.css';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { formatMoney } from '../../../shared/lib/money';
import { formatNumber } from '../../../shared/lib/numbers';
import { useIsLoggedIn } from '../../../shared/lib/session';
import { Button, toast } from '../../../shared/ui';
import { newIdempotencyKey } from '../api/bets';
import { AmountInput } from '../components/amount-input';
import { LoginToPlay } from '../components/game-layout';
import { sfx } from '../lib/sound';
import { reportBetError } from '../lib/use-bet';
import { cashOut, placeMpBet } from './api';
import { useMpBalance } from './balance';
import { CrashCurve, elapsedNow } from './crash-curve';
import { multiplierAt } from './curve';
import { fmtX, HistoryStrip, MpLayout, PlayersList } from './parts';
import type { LiveState } from './use-mp-game';
import { useMpGame } from './use-mp-game';

type MyBet = {
  roundId: number;
  betId: number;
  amount: number;
  auto: number | null;
  cashedAt: number | null;
  payout: number;
};

/** Seconds left in the betting window, from the server clock offset. */
const secondsLeft = (live: LiveState) =>
  live.round ? Math.max(0, (Date.parse(live.round.betting_ends_at) - (Date.now() + live.offset)) / 1000) : 0;

export function CrashGame() {
  const t = useT();
  const locale = useLocale();
  const loggedIn = useIsLoggedIn();
  const { live, liveRef } = useMpGame('crash');
  const { balance, settle, refresh } = useMpBalance();
  const [amount, setAmount] = useState(100);
  const [auto, setAuto] = useState('');
  const [mine, setMine] = useState<MyBet | null>(null);
  const [busy, setBusy] = useState(false);
  const [, force] = useState(0);
  const cashKey = useRef<string | null>(null);

  // Re-render a few times a second for the countdown and the cash-out amount.
  useEffect(() => {
    const h = setInterval(() => force((n) => n + 1), 200);
    return () => clearInterval(h);
  }, []);

  // My bet in the round, also after a reload (the state marks my bets) and as cash-outs arrive.
  const roundId = live.round?.id ?? null;
  const myRow = live.bets.find((b) => b.mine || b.id === mine?.betId);
  useEffect(() => {
    if (roundId === null || !myRow) return;
    if (!mine || mine.roundId !== roundId)
      setMine({
        roundId,
        betId: myRow.id,
        amount: myRow.amount,
        auto: null,
        cashedAt: myRow.cashout,
        payout: myRow.payout,
      });
    else if (mine.cashedAt === null && myRow.status === 'won' && myRow.cashout) {
      // Cashed out automatically at the target.
      setMine({ ...mine, cashedAt: myRow.cashout, payout: myRow.payout });
      sfx.win();
      toast.success(t('mp.crash.cashedOut', { m: fmtX(myRow.cashout, locale), amount: formatMoney(myRow.payout) }));
    }
  }, [roundId, myRow, mine, t, locale]);

  // Sound and message when the round ends with my bet still in.
  const lastId = live.last?.id;
  const prevLast = useRef(lastId);
  useEffect(() => {
    if (lastId === prevLast.current) return;
    prevLast.current = lastId;
    sfx.boom();
    if (mine && mine.roundId === lastId) {
      if (mine.cashedAt === null) sfx.lose();
      refresh();
    }
  }, [lastId, mine, refresh]);

  const label = useCallback(
    (l: LiveState, m: number) => {
      if (l.phase === 'running') return fmtX(m, locale);
      if (l.phase === 'ended' && l.last?.crash_point !== undefined)
        return t('mp.crash.crashed', { m: fmtX(l.last.crash_point, locale) });
      if (l.phase === 'betting') return `${formatNumber(secondsLeft(l), { min: 1, max: 1 }, locale)} s`;
      return l.phase === 'loading' ? t('mp.connecting') : t('mp.waiting');
    },
    [t, locale],
  );

  const inRound = mine !== null && mine.roundId === roundId;
  const open = inRound && mine.cashedAt === null;
  const now = live.phase === 'running' ? multiplierAt(elapsedNow(live)) : 1;
  const bet = async () => {
    const autoValue = auto.trim() ? Number(auto.replace(',', '.')) : null;
    setBusy(true);
    try {
      const r = await placeMpBet('crash', { amount, ...(autoValue ? { auto_cashout: autoValue } : {}) });
      setMine({ roundId: r.round.id, betId: r.bet.id, amount, auto: r.bet.auto_cashout, cashedAt: null, payout: 0 });
      cashKey.current = newIdempotencyKey();
      settle(r);
      sfx.bet();
      toast.success(t('mp.crash.betPlaced', { amount: formatMoney(amount) }));
    } catch (e) {
      reportBetError(e);
    } finally {
      setBusy(false);
    }
  };
  const doCashout = async () => {
    setBusy(true);
    try {
      const r = await cashOut(cashKey.current ?? newIdempotencyKey());
      setMine((m) => (m ? { ...m, cashedAt: r.multiplier, payout: r.payout } : m));
      settle(r);
      sfx.win();
      toast.success(t('mp.crash.cashedOut', { m: fmtX(r.multiplier, locale), amount: formatMoney(r.payout) }));
    } catch (e) {
      reportBetError(e);
    } finally {
      setBusy(false);
    }
  };

  const disabled = live.state ? !live.state.enabled : false;
  const left = secondsLeft(live);
  const stage = (
    <div className="mp-crash-stage">
      <HistoryStrip game="crash" rounds={live.history} />
      <div className={`mp-crash-board is-${live.phase}`}>
        <CrashCurve liveRef={liveRef} label={label} />
        {live.round ? <span className="mp-round-no">{t('mp.round', { n: live.round.number })}</span> : null}
        {live.phase === 'betting' ? (
          <div className="mp-countdown" role="progressbar" aria-label={t('mp.bettingIn', { s: Math.ceil(left) })}>
            <i style={{ width: `${Math.min(100, (left * 1000 * 100) / (live.state?.timing.betting_ms ?? 7000))}%` }} />
          </div>
        ) : null}
        {live.round?.force_point && live.round.force_point < 100 && live.phase === 'running' ? (
          <span className="mp-force">{t('mp.crash.forced', { m: fmtX(live.round.force_point, locale) })}</span>
        ) : null}
      </div>
      <PlayersList bets={live.bets.map((b) => (b.id === mine?.betId ? { ...b, mine: true } : b))} game="crash" />
    </div>
  );
  const controls = disabled ? (
    <p className="og-outcome" data-testid="mp-disabled">
      {t('mp.disabled')}
    </p>
  ) : (
    <div className="og-form">
      <AmountInput value={amount} onChange={setAmount} disabled={busy || inRound} />
      <label className="og-label">
        {t('mp.crash.autoCashout')}
        <input
          className="og-input"
          inputMode="decimal"
          placeholder="2,00"
          value={auto}
          disabled={busy || inRound}
          onChange={(e) => setAuto(e.target.value.replace(/[^\d.,]/g, ''))}
          data-testid="crash-auto"
        />
      </label>
      <p className="og-muted mp-hint">{t('mp.crash.autoHint')}</p>
      <div className="og-action">
        {!loggedIn ? (
          <LoginToPlay />
        ) : open && live.phase === 'running' ? (
          <Button block size="lg" color="warning" loading={busy} onClick={doCashout} data-testid="crash-cashout">
            {t('mp.crash.cashout', { amount: formatMoney(Math.floor(mine.amount * now)) })}
          </Button>
        ) : inRound && (mine.cashedAt !== null || live.phase !== 'ended') ? (
          <Button block size="lg" disabled>
            {mine.cashedAt
              ? t('mp.crash.cashedOut', { m: fmtX(mine.cashedAt, locale), amount: formatMoney(mine.payout) })
              : t('mp.crash.inRound')}
          </Button>
        ) : live.phase === 'betting' && left > 0 ? (
          <Button block size="lg" loading={busy} onClick={bet} data-testid="crash-bet">
            {t('mp.crash.bet')}
          </Button>
        ) : (
          <Button block size="lg" disabled>
            {t('mp.crash.wait')}
          </Button>
        )}
      </div>
      {live.state?.max_profit ? (
        <p className="og-muted">{t('mp.crash.maxProfit', { amount: formatMoney(live.state.max_profit) })}</p>
      ) : null}
    </div>
  );
  return (
    <MpLayout
      game="crash"
      stage={stage}
      controls={controls}
      balance={balance}
      chain={live.state?.chain ?? null}
      history={live.history}
      maxProfit={live.state?.max_profit}
    />
  );
}
