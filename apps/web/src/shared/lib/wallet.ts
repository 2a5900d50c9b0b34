import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from './http';
import { useSession } from './session';

/**
 * GET /profile/wallet (centavos). The balance is one piece of client state shared by every page that shows it (the
 * header, the wallet, the games), updated by bet replies and by BalanceUpdated, so its query lives here, not in a feature.
 */
export type Wallet = {
  balance: number;
  balance_withdrawal: number;
  bonus: number;
  pending_withdrawal: number;
  deposit_count: number;
};

export const walletQuery = queryOptions({
  queryKey: ['wallet'],
  queryFn: ({ signal }) => http.get<Wallet>('/profile/wallet', { signal }),
  staleTime: 15_000,
  refetchInterval: 60_000,
});

export function useWallet() {
  const token = useSession((s) => s.token);
  return useQuery({ ...walletQuery, enabled: Boolean(token) });
}
