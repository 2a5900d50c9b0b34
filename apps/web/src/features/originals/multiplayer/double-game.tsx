import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import './register';
import './multiplayer.css';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { formatMoney } from '../../../shared/lib/money';
import { formatNumber } from '../../../shared/lib/numbers';
import { useIsLoggedIn } from '../../../shared/lib/session';
import { Button, toast } from '../../../shared/ui';
import { AmountInput } from '../components/amount-input';
import { LoginToPlay } from '../components/game-layout';
import { sfx } from '../lib/sound';
import { reportBetError } from '../lib/use-bet';
import { type DoubleColor, type MpBet, placeMpBet } from './api';
import { useMpBalance } from './balance';
import { STRIP_ORDER, tileColor } from './curve';
import { HistoryStrip, MpLayout } from './parts';
import { useMpGame } from './use-mp-game';

const COLORS: DoubleColor[] = ['red', 'white', 'black'];
const PAYS: Record<DoubleColor, number> = { red: 2, white: 14, black: 2 };
const CYCLES = 12;
const SPIN_MS = 5_000;

/** The roulette strip: spins to the rolled tile under the centre marker when a round ends. */
function Strip({ roll, roundId, phase }: { roll: number | null; roundId: number | null; phase: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [state, setState] = useState<{ index: number; animate: boolean; jitter: number }>({
    index: 2 * 15 + STRIP_ORDER.indexOf((roll ?? 0) as never),
    animate: false,
    jitter: 0,
  });
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setWidth(el.clientWidth));
    ro.observe(el);
    setWidth(el.clientWidth);
    return () => ro.disconnect();
  }, []);
  // A new roll: spin forward several cycles to land on it. A new betting round: reset quietly near the start.
  useEffect(() => {
    if (phase === 'ended' && roll !== null) {
      setState({
        index: (CYCLES - 2) * 15 + STRIP_ORDER.indexOf(roll as never),
        animate: true,
        jitter: Math.random() * 0.6 - 0.3,
      });
    } else if (phase === 'betting') {
      setState((s) => ({ index: 2 * 15 + (s.index % 15), animate: false, jitter: s.jitter }));
    }
    void roundId;
  }, [phase, roll, roundId]);
  const tile = width < 480 ? 52 : 72;
  const gap = 6;
  const x = width / 2 - (state.index + 0.5 + state.jitter) * (tile + gap) + gap / 2;
  return (
    <div className="mp-roulette" ref={box} data-testid="double-strip">
      <div
        className="mp-roulette__track"
        style={{
          transform: `translateX(${x}px)`,
          transition: state.animate ? `transform ${SPIN_MS}ms cubic-bezier(.12,.8,.18,1)` : 'none',
          gap,
        }}
        onTransitionEnd={() => sfx.gem()}
      >
        {Array.from({ length: CYCLES * 15 }, (_, i) => {
          const n = STRIP_ORDER[i % 15]!;
          return (
            <span
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed strip of repeated tiles
              key={i}
              className={`mp-tile mp-tile--${tileColor(n)}${phase === 'ended' && i === state.index ? ' is-hit' : ''}`}
              style={{ width: tile, height: tile }}
            >
              {n === 0 ? '★' : n}
            </span>
          );
        })}
      </div>
      <i className="mp-roulette__marker" aria-hidden="true" />
    </div>
  );
}

function ColorColumn({ color, bets }: { color: DoubleColor; bets: MpBet[] }) {
  const t = useT();
  const mine = bets.filter((b) => b.color === color);
  const total = mine.reduce((s, b) => s + b.amount, 0);
  return (
    <div className={`mp-col mp-col--${color}`}>
      <div className="mp-col__head">
        <span>
          {t(`mp.double.${color}`)} · {PAYS[color]}x
        </span>
        <span>{formatMoney(total)}</span>
      </div>
      <ul>
        {mine.map((b) => (
          <li key={b.id} className={`is-${b.status}${b.mine ? ' is-mine' : ''}`}>
            <span>{b.user}</span>
            <span>{b.status === 'won' ? `+${formatMoney(b.payout)}` : formatMoney(b.amount)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function DoubleGame() {
  const t = useT();
  const locale = useLocale();
  const loggedIn = useIsLoggedIn();
  const { live } = useMpGame('double');
  const { balance, settle, refresh } = useMpBalance();
  const [amount, setAmount] = useState(100);
  const [busy, setBusy] = useState<DoubleColor | null>(null);
  const [myIds, setMyIds] = useState<number[]>([]);
  const [, force] = useState(0);
  useEffect(() => {
    const h = setInterval(() => force((n) => n + 1), 250);
    return () => clearInterval(h);
  }, []);

  const lastId = live.last?.id;
  const prev = useRef(lastId);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  // The result is announced (and the balance refreshed) when the strip stops.
  useEffect(() => {
    if (lastId === prev.current || !live.last) return;
    prev.current = lastId;
    const won = live.bets.filter((b) => (b.mine || myIds.includes(b.id)) && b.status === 'won');
    const played = live.bets.some((b) => b.mine || myIds.includes(b.id));
    timers.current.push(
      setTimeout(() => {
        if (played) refresh();
        if (won.length) {
          sfx.win();
          toast.success(`+${formatMoney(won.reduce((s, b) => s + b.payout, 0))}`);
        }
      }, SPIN_MS),
    );
  }, [lastId, live.last, live.bets, myIds, refresh]);

  const left = live.round
    ? Math.max(0, (Date.parse(live.round.betting_ends_at) - (Date.now() + live.offset)) / 1000)
    : 0;
  const betting = live.phase === 'betting' && left > 0;
  const bets = live.bets.map((b) => (myIds.includes(b.id) ? { ...b, mine: true } : b));
  const bet = async (color: DoubleColor) => {
    setBusy(color);
    try {
      const r = await placeMpBet('double', { amount, color });
      setMyIds((ids) => [...ids, r.bet.id]);
      settle(r);
      sfx.bet();
      toast.success(t('mp.double.betPlaced', { color: t(`mp.double.${color}`), amount: formatMoney(amount) }));
    } catch (e) {
      reportBetError(e);
    } finally {
      setBusy(null);
    }
  };
  const roll = live.phase === 'ended' ? (live.last?.roll ?? null) : null;
  const disabled = live.state ? !live.state.enabled : false;
  const stage = (
    <div className="mp-double-stage">
      <HistoryStrip game="double" rounds={live.history} />
      <Strip roll={roll} roundId={live.round?.id ?? null} phase={live.phase} />
      <div className="mp-double-status" data-testid="double-status">
        {live.phase === 'betting' ? (
          <>
            <span>{t('mp.bettingIn', { s: formatNumber(left, { min: 1, max: 1 }, locale) })}</span>
            <div className="mp-countdown mp-countdown--inline">
              <i style={{ width: `${Math.min(100, (left * 100_000) / (live.state?.timing.betting_ms ?? 15000))}%` }} />
            </div>
          </>
        ) : live.phase === 'ended' && live.last?.roll !== undefined ? (
          <span>
            {t('mp.double.rolled', { n: live.last.roll, color: t(`mp.double.${tileColor(live.last.roll)}`) })}
          </span>
        ) : (
          <span>{live.phase === 'loading' ? t('mp.connecting') : t('mp.waiting')}</span>
        )}
        {live.round ? <span className="mp-round-no">{t('mp.round', { n: live.round.number })}</span> : null}
      </div>
      <div className="mp-cols">
        {COLORS.map((c) => (
          <ColorColumn key={c} color={c} bets={bets} />
        ))}
      </div>
    </div>
  );
  const controls = disabled ? (
    <p className="og-outcome" data-testid="mp-disabled">
      {t('mp.disabled')}
    </p>
  ) : (
    <div className="og-form">
      <AmountInput value={amount} onChange={setAmount} disabled={busy !== null} />
      <div className="og-action">
        <span className="og-label">{t('mp.double.pick')}</span>
        {loggedIn ? (
          <div className="mp-color-btns">
            {COLORS.map((c) => (
              <button
                key={c}
                type="button"
                className={`mp-color-btn mp-color-btn--${c}`}
                disabled={!betting || busy !== null}
                onClick={() => bet(c)}
                data-testid={`double-bet-${c}`}
              >
                <strong>{t(`mp.double.${c}`)}</strong>
                <span>{t('mp.double.pays', { m: PAYS[c] })}</span>
              </button>
            ))}
          </div>
        ) : (
          <LoginToPlay />
        )}
        {!betting && loggedIn ? (
          <Button block size="md" variant="outline" disabled>
            {live.phase === 'ended' ? t('mp.nextRound') : t('mp.waiting')}
          </Button>
        ) : null}
      </div>
    </div>
  );
  return (
    <MpLayout
      game="double"
      stage={stage}
      controls={controls}
      balance={balance}
      chain={live.state?.chain ?? null}
      history={live.history}
    />
  );
}
