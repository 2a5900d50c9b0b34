import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from './http';
import { useSession } from './session';

/**
 * GET /profile/wallet (centavos). The balance is one piece of client state shared by every page that shows it (the
 * header, the wallet, the games, the deposit and withdraw forms): this query's cache. Bet replies and BalanceUpdated
 * write into it, so every view changes together and in-app navigation never shows an older figure.
 */
export type Wallet = {
  balance: number;
  balance_withdrawal: number;
  bonus: number;
  pending_withdrawal: number;
  deposit_count: number;
};

export const WALLET_KEY = ['wallet'] as const;

export const walletQuery = queryOptions({
  queryKey: WALLET_KEY,
  queryFn: ({ signal }) => http.get<Wallet>('/profile/wallet', { signal }),
  staleTime: 15_000,
  refetchInterval: 60_000,
});

export function useWallet() {
  const token = useSession((s) => s.token);
  return useQuery({ ...walletQuery, enabled: Boolean(token) });
}

/** What the player can stake (cash + bonus), the figure every balance chip shows; null until it is known. */
export function useBalance(): number | null {
  const { data } = useWallet();
  return data ? data.balance + data.bonus : null;
}

const cents = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

// Several bets in a row (autobet) ask for one refetch once they stop, not one each.
const REFETCH_AFTER_MS = 800;
let refetchTimer: ReturnType<typeof setTimeout> | undefined;
let holds = 0;

/** Reads the wallet again soon (the split between cash, bonus, withdrawable and pending), once for a burst. */
export function refreshWallet(qc: QueryClient, delayMs = REFETCH_AFTER_MS): void {
  clearTimeout(refetchTimer);
  refetchTimer = setTimeout(() => {
    // A bet whose result is still being animated: reading now would show its outcome before the board does.
    if (holds > 0) return refreshWallet(qc);
    void qc.invalidateQueries({ queryKey: WALLET_KEY, exact: true });
  }, delayMs);
}

/** Holds the follow-up reads while a bet is in flight or animating; call the returned function when it is shown. */
export function holdWalletReads(): () => void {
  holds += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds -= 1;
  };
}

/**
 * A balance known from the server (cash and bonus), by BalanceUpdated or a call's reply: shown at once. A refetch
 * already under way started before this change, so it is cancelled rather than allowed to write an older figure.
 */
export async function applyBalance(qc: QueryClient, e: { balance?: unknown; bonus?: unknown }): Promise<void> {
  if (cents(e.balance) && cents(e.bonus) && qc.getQueryData(WALLET_KEY)) {
    const { balance, bonus } = e;
    await qc.cancelQueries({ queryKey: WALLET_KEY, exact: true });
    qc.setQueryData<Wallet>(WALLET_KEY, (old) => (old ? { ...old, balance, bonus } : old));
  }
  // The rest of the wallet (withdrawable, pending) and its lists (a deposit's status) are read again.
  void qc.invalidateQueries({ queryKey: WALLET_KEY });
}

/**
 * The balance a bet or cash-out answers with: the total (cash + bonus). The total is exact at once; how it splits
 * between cash and bonus (bets take cash first) is corrected by the refetch that follows the last bet of a burst.
 */
export async function applyBetBalance(qc: QueryClient, total: unknown): Promise<void> {
  if (!cents(total)) return;
  // Before the first read there is nothing to correct: the read under way already sees this bet or is followed.
  if (!qc.getQueryData(WALLET_KEY)) return refreshWallet(qc);
  await qc.cancelQueries({ queryKey: WALLET_KEY, exact: true });
  qc.setQueryData<Wallet>(WALLET_KEY, (old) => {
    if (!old) return old;
    const bonus = Math.min(old.bonus, total);
    return { ...old, balance: total - bonus, bonus };
  });
  refreshWallet(qc);
}
