import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { HttpError } from '../../../shared/lib/http';
import { t } from '../../../shared/lib/i18n';
import { formatMoney } from '../../../shared/lib/money';
import { applyBetBalance, useBalance } from '../../../shared/lib/wallet';
import { toast } from '../../../shared/ui';
import { seedsQuery } from '../api/seeds';
import type { Fairness } from '../api/types';
import { LIMITS } from '../api/types';
import { DemoError } from './demo-engine';
import { sfx } from './sound';

/** Shows a failed call's message (already localized by the server) as a toast. */
export function reportBetError(err: unknown) {
  if (err instanceof DemoError) {
    toast.error(
      t(`originals.demo.errors.${err.code}`, {
        min: formatMoney(LIMITS.minBet),
        max: formatMoney(err.code === 'maxWin' ? LIMITS.maxWin : LIMITS.maxBet),
      }),
    );
    return;
  }
  const msg =
    err instanceof HttpError
      ? (((err.body as { errors?: Record<string, string[]> } | null)?.errors
          ? Object.values((err.body as { errors: Record<string, string[]> }).errors)[0]?.[0]
          : undefined) ?? err.message)
      : t('originals.errors.generic');
  toast.error(msg);
}

/**
 * After a settled call: the balance it answers goes into the one wallet state (header, panel and wallet page move
 * together), the next nonce into the fairness panel, and the history is read again.
 */
export function useAfterBet() {
  const qc = useQueryClient();
  const balance = useBalance();
  const settle = useCallback(
    (r: { balance?: number; fairness?: Fairness }) => {
      if (typeof r.balance === 'number') void applyBetBalance(qc, r.balance);
      if (r.fairness) qc.setQueryData(seedsQuery().queryKey, { ...r.fairness, nonce: r.fairness.nonce + 1 });
      void qc.invalidateQueries({ queryKey: ['originals', 'bets'] });
    },
    [qc],
  );
  return { balance, settle };
}

export type AutoConfig = { count: number; stopProfit: number; stopLoss: number };
export type AutoState = { running: boolean; done: number; profit: number };

/**
 * Autobet: runs `play` again and again (count 0 = until stopped), stopping at the profit or loss limits (centavos,
 * 0 = none), on an error, or when the player presses stop.
 */
export function useAutobet(play: () => Promise<{ amount: number; payout: number } | null>) {
  const [state, setState] = useState<AutoState>({ running: false, done: 0, profit: 0 });
  const running = useRef(false);
  const start = useCallback(
    async (cfg: AutoConfig) => {
      running.current = true;
      let done = 0;
      let profit = 0;
      setState({ running: true, done, profit });
      while (running.current && (cfg.count === 0 || done < cfg.count)) {
        const r = await play();
        if (!r) break;
        done += 1;
        profit += r.payout - r.amount;
        setState({ running: true, done, profit });
        if (cfg.stopProfit > 0 && profit >= cfg.stopProfit) break;
        if (cfg.stopLoss > 0 && -profit >= cfg.stopLoss) break;
        await new Promise((res) => setTimeout(res, 450));
      }
      running.current = false;
      setState((s) => ({ ...s, running: false }));
    },
    [play],
  );
  const stop = useCallback(() => {
    running.current = false;
  }, []);
  return { state, start, stop };
}

export const playSound = (win: boolean, multiplier: number) => {
  if (win && multiplier >= 1) sfx.win();
  else if (win) sfx.gem();
  else sfx.lose();
};
