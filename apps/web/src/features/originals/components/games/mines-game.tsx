import { minesMultiplierE4 } from '@sorte/fairness';
import { useEffect, useState } from 'react';
import { useT } from '../../../../shared/lib/i18n';
import { formatMoney } from '../../../../shared/lib/money';
import { formatMultiplier } from '../../../../shared/lib/numbers';
import { useIsLoggedIn } from '../../../../shared/lib/session';
import { Button } from '../../../../shared/ui';
import { activeMines, cashoutMines, revealMines, startMines } from '../../api/bets';
import type { MinesRound } from '../../api/types';
import {
  activeDemoMines,
  cashoutDemoMines,
  type DemoState,
  revealDemoMines,
  startDemoMines,
} from '../../lib/demo-engine';
import { getDemoState, setDemoState, useDemoMode, useDemoState } from '../../lib/demo-store';
import { sfx } from '../../lib/sound';
import { reportBetError, useAfterBet } from '../../lib/use-bet';
import { AmountInput } from '../amount-input';
import { GameIcon } from '../game-icon';
import { GameLayout, LoginToPlay } from '../game-layout';

function Bomb() {
  return (
    <svg width="60%" height="60%" viewBox="0 0 64 64" aria-hidden="true">
      <circle cx="30" cy="36" r="20" fill="#111827" stroke="#ef4444" strokeWidth="3" />
      <path d="M42 20 L50 12" stroke="#f59e0b" strokeWidth="4" strokeLinecap="round" />
      <circle cx="52" cy="10" r="4" fill="#fde047" />
      <circle cx="23" cy="30" r="5" fill="#fff" opacity=".5" />
    </svg>
  );
}

export function MinesGame() {
  const t = useT();
  const loggedIn = useIsLoggedIn();
  const [amount, setAmount] = useState(100);
  const [mines, setMines] = useState(3);
  const [realRound, setRound] = useState<MinesRound | null>(null);
  const [busy, setBusy] = useState(false);
  const { balance, settle } = useAfterBet();
  // Demo: the open round lives in the demo state (this tab's sessionStorage), the last settled one here.
  const { demo } = useDemoMode();
  const demoState = useDemoState();
  const [demoSettled, setDemoSettled] = useState<MinesRound | null>(null);
  const demoOpen = activeDemoMines(demoState);
  const round = demo ? (demoOpen ?? demoSettled) : realRound;
  const demoOpenId = demoOpen?.id;

  useEffect(() => {
    if (!loggedIn) return;
    void activeMines()
      .then((r) => {
        if (r.round) {
          setRound(r.round);
          if (!demo) {
            setMines(r.round.mines);
            setAmount(r.round.amount);
          }
        }
      })
      .catch(() => {});
  }, [loggedIn, demo]);

  // A demo round left open (reload, another game and back): resume it with its settings.
  useEffect(() => {
    if (!demo || demoOpenId === undefined) return;
    const r = activeDemoMines(getDemoState());
    if (r) {
      setMines(r.mines);
      setAmount(r.amount);
    }
  }, [demo, demoOpenId]);

  const open = round?.status === 'open';
  const runDemo = async (fn: (s: DemoState) => { state: DemoState; round: MinesRound }) => {
    try {
      const r = fn(getDemoState());
      setDemoState(r.state);
      setDemoSettled(r.round.status === 'settled' ? r.round : null);
      return r.round;
    } catch (err) {
      reportBetError(err);
      return null;
    }
  };
  const run = async (fn: () => Promise<MinesRound>) => {
    setBusy(true);
    try {
      const r = await fn();
      setRound(r);
      if (r.status === 'settled') settle(r);
      else if (typeof r.balance === 'number') settle({ balance: r.balance });
      return r;
    } catch (err) {
      reportBetError(err);
      return null;
    } finally {
      setBusy(false);
    }
  };

  const start = () => {
    sfx.bet();
    void (demo ? runDemo((s) => startDemoMines(s, amount, mines)) : run(() => startMines({ amount, mines })));
  };
  const reveal = (tile: number) =>
    void (demo ? runDemo((s) => revealDemoMines(s, tile)) : run(() => revealMines(tile))).then((r) => {
      if (!r) return;
      if (r.busted) sfx.boom();
      else if (r.status === 'settled') sfx.win();
      else sfx.gem();
    });
  const cashout = () =>
    void (demo ? runDemo(cashoutDemoMines) : run(() => cashoutMines())).then((r) => {
      if (r) sfx.win();
    });

  const board = new Set(round?.board ?? []);
  const revealed = new Set(round?.revealed ?? []);
  const currentPayout = round && round.multiplier > 0 ? Math.floor(round.amount * round.multiplier) : 0;
  const settledPayout = round?.status === 'settled' ? round.payout : null;

  const stage = (
    <div className="og-mines">
      <div className="og-mines__grid" data-testid="og-mines-grid">
        {Array.from({ length: 25 }, (_, i) => {
          const isRevealed = revealed.has(i);
          const isMine = board.has(i);
          const shownMine = round?.status === 'settled' && isMine;
          const shownGem = isRevealed && !isMine;
          const dim = round?.status === 'settled' && !isRevealed;
          return (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed positions (buckets, hits, reveals)
              key={i}
              type="button"
              className={`og-tile ${shownGem ? 'is-gem' : ''} ${shownMine ? 'is-mine' : ''} ${dim ? 'is-dim' : ''} ${
                isRevealed && isMine ? 'is-boom' : ''
              }`}
              aria-label={t('originals.mines.tile', { n: i + 1 })}
              data-tile={i}
              disabled={!open || busy || isRevealed}
              onClick={() => reveal(i)}
            >
              {shownGem || (round?.status === 'settled' && !isMine) ? <GameIcon code="mines" size={34} /> : null}
              {shownMine ? <Bomb /> : null}
            </button>
          );
        })}
      </div>
      {round ? (
        <div className="og-stats">
          <div>
            <span>{t('originals.result.multiplier')}</span>
            <strong>{formatMultiplier(round.multiplier, { max: 4 })}</strong>
          </div>
          {round.next_multiplier && open ? (
            <div>
              <span>{t('originals.mines.next', { m: '' }).replace(/:\s*$/, '')}</span>
              <strong>{formatMultiplier(round.next_multiplier, { max: 4 })}</strong>
            </div>
          ) : null}
          <div>
            <span>{t('originals.mines.gems')}</span>
            <strong>{round.busted ? round.revealed.length - 1 : round.revealed.length}</strong>
          </div>
        </div>
      ) : null}
      {round?.status === 'settled' ? (
        <p className={`og-outcome ${settledPayout ? 'is-win' : ''}`} data-testid="og-mines-outcome">
          {round.busted
            ? t('originals.mines.busted')
            : t(demo ? 'originals.demo.win' : 'originals.result.win', { amount: formatMoney(settledPayout ?? 0) })}
        </p>
      ) : null}
    </div>
  );

  const controls = (
    <div className="og-form">
      <AmountInput value={amount} onChange={setAmount} disabled={open} />
      <label className="og-label">
        {t('originals.mines.mines')}
        <select
          className="og-input"
          value={mines}
          disabled={open}
          onChange={(e) => setMines(Number(e.target.value))}
          data-testid="og-mines-count"
        >
          {Array.from({ length: 24 }, (_, i) => i + 1).map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
      </label>
      {!open ? (
        <p className="og-muted">
          {t('originals.mines.next', {
            m: formatMultiplier(minesMultiplierE4(mines, 1) / 10_000, { max: 4 }),
          })}
        </p>
      ) : null}
      <div className="og-action">
        {!loggedIn && !demo ? (
          <LoginToPlay />
        ) : open ? (
          <Button
            block
            size="lg"
            color="warning"
            loading={busy}
            disabled={busy || (round?.revealed.length ?? 0) === 0}
            onClick={cashout}
            data-testid="og-cashout"
          >
            {t('originals.mines.cashout', { amount: formatMoney(currentPayout) })}
            {demo ? <span className="og-demo-tag">{t('originals.demo.badge')}</span> : null}
          </Button>
        ) : (
          <Button block size="lg" loading={busy} onClick={start} data-testid="og-bet">
            {t('originals.mines.start')}
            {demo ? <span className="og-demo-tag">{t('originals.demo.badge')}</span> : null}
          </Button>
        )}
      </div>
    </div>
  );
  return (
    <GameLayout
      game="mines"
      stage={stage}
      controls={controls}
      balance={demo ? demoState.balance : balance}
      locked={busy || open}
    />
  );
}
