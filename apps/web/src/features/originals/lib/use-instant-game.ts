import type { BetRequest, InstantGame } from '@sorte/contracts';
import { useCallback, useRef, useState } from 'react';
import { holdWalletReads } from '../../../shared/lib/wallet';
import { newIdempotencyKey, placeBet } from '../api/bets';
import type { BetResult } from '../api/types';
import { playDemo } from './demo-engine';
import { getDemoState, setDemoState, useDemoMode, useDemoState } from './demo-store';
import { sfx } from './sound';
import { playSound, reportBetError, useAfterBet, useAutobet } from './use-bet';

/**
 * State of an instant game (dice, limbo, plinko, keno, slot): amount, the last result, balance, manual play and
 * autobet. `body()` gives the game's parameters at the moment of the bet; `reveal` lets the page animate before
 * the result is announced.
 */
export function useInstantGame<G extends InstantGame>(
  game: G,
  body: () => Omit<BetRequest<G>, 'amount'> | null,
  reveal?: (r: BetResult) => Promise<void>,
) {
  const [amount, setAmount] = useState(100);
  const [busy, setBusy] = useState(false);
  const [last, setLast] = useState<BetResult | null>(null);
  const { balance, settle } = useAfterBet();
  const { demo } = useDemoMode();
  const demoBalance = useDemoState().balance;
  const demoRef = useRef(demo);
  demoRef.current = demo;
  const bodyRef = useRef(body);
  bodyRef.current = body;
  const revealRef = useRef(reveal);
  revealRef.current = reveal;
  const amountRef = useRef(amount);
  amountRef.current = amount;

  const play = useCallback(async (): Promise<BetResult | null> => {
    const params = bodyRef.current();
    if (!params) return null;
    setBusy(true);
    sfx.bet();
    const release = holdWalletReads();
    try {
      // Demo: drawn here from the local seed pair, against the play balance; no call, no wallet, no history.
      const isDemo = demoRef.current;
      let r: BetResult;
      let demoState: ReturnType<typeof playDemo>['state'] | null = null;
      if (isDemo) {
        const d = playDemo(getDemoState(), game, amountRef.current, params);
        demoState = d.state;
        r = d.result;
      } else r = await placeBet(game, { amount: amountRef.current, ...params } as BetRequest<G>, newIdempotencyKey());
      if (revealRef.current) await revealRef.current(r);
      // The play balance moves once the animation has shown the result, like the real one.
      if (demoState) setDemoState(demoState);
      setLast(r);
      if (!isDemo) settle(r);
      playSound(r.win && r.payout >= r.amount, r.multiplier);
      return r;
    } catch (err) {
      reportBetError(err);
      return null;
    } finally {
      release();
      setBusy(false);
    }
  }, [game, settle]);

  const auto = useAutobet(play);
  // A result of the other mode is not shown after a switch.
  const shown = last && Boolean(last.demo) === demo ? last : null;
  return { amount, setAmount, busy, last: shown, balance: demo ? demoBalance : balance, demo, play, auto };
}
