import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/lib/http';
import { useSession } from '../../../shared/lib/session';

/** GET /profile/wallet (centavos). */
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
