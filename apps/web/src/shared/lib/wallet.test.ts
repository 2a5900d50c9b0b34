import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyBalance, applyBetBalance, holdWalletReads, refreshWallet, WALLET_KEY, type Wallet } from './wallet';

const wallet = (o: Partial<Wallet> = {}): Wallet => ({
  balance: 10_000,
  balance_withdrawal: 10_000,
  bonus: 0,
  pending_withdrawal: 0,
  deposit_count: 1,
  ...o,
});

describe('the one balance state', () => {
  let qc: QueryClient;
  let served: Wallet;
  let reads: number;
  let unsubscribe: () => void;

  beforeEach(() => {
    vi.useFakeTimers();
    qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    served = wallet();
    reads = 0;
    qc.setQueryDefaults(WALLET_KEY, {
      queryFn: async () => {
        reads += 1;
        const answer = { ...served };
        await new Promise((r) => setTimeout(r, 100));
        return answer;
      },
    });
    qc.setQueryData(WALLET_KEY, wallet());
    // The header is always on screen for a player: the query has an observer, so an invalidation reads it again.
    unsubscribe = new QueryObserver(qc, { queryKey: WALLET_KEY, staleTime: Number.POSITIVE_INFINITY }).subscribe(
      () => {},
    );
  });
  afterEach(() => {
    unsubscribe();
    qc.clear();
    vi.useRealTimers();
  });

  const shown = () => {
    const w = qc.getQueryData<Wallet>(WALLET_KEY)!;
    return w.balance + w.bonus;
  };

  it('shows a bet reply at once, and an older read under way cannot bring the old figure back', async () => {
    // A read starts before the bet (it will answer R$ 100,00), then the bet answers R$ 90,00.
    const stale = qc.fetchQuery({ queryKey: WALLET_KEY, staleTime: 0 }).catch(() => null);
    served = wallet({ balance: 9_000 });
    await applyBetBalance(qc, 9_000);
    expect(shown()).toBe(9_000);
    await vi.advanceTimersByTimeAsync(200);
    await stale;
    expect(shown()).toBe(9_000);
  });

  it('spends bonus after cash, and reads the exact split once after a burst of bets', async () => {
    qc.setQueryData(WALLET_KEY, wallet({ balance: 500, bonus: 2_000 }));
    served = wallet({ balance: 0, bonus: 1_800 });
    for (const total of [2_300, 2_100, 1_800]) await applyBetBalance(qc, total);
    expect(qc.getQueryData<Wallet>(WALLET_KEY)).toMatchObject({ balance: 0, bonus: 1_800 });
    expect(reads).toBe(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(reads).toBe(1);
  });

  it('holds the follow-up read while a result is still being animated', async () => {
    const release = holdWalletReads();
    refreshWallet(qc, 0);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(reads).toBe(0);
    release();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(reads).toBe(1);
  });

  it('takes a pushed BalanceUpdated as it is (cash and bonus), and ignores a malformed one', async () => {
    await applyBalance(qc, { balance: 4_200, bonus: 300 });
    expect(qc.getQueryData<Wallet>(WALLET_KEY)).toMatchObject({ balance: 4_200, bonus: 300 });
    await applyBalance(qc, { balance: -1, bonus: 'x' });
    await applyBetBalance(qc, 1.5);
    expect(qc.getQueryData<Wallet>(WALLET_KEY)).toMatchObject({ balance: 4_200, bonus: 300 });
  });
});
