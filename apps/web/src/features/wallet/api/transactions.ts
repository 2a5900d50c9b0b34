import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../shared/lib/http';

export type TxType = 'deposit' | 'withdraw' | 'bonus' | 'rollover' | 'win' | 'bet' | 'refund';
export type TxRow = {
  id: string;
  type: TxType;
  value: number;
  /** A payment status for deposits, the withdraw status code (0-5) for withdrawals, "completed" otherwise. */
  status: string | number;
  date: string;
  actions: string[];
  withdrawal_id: number | null;
};
type Page = { transactions: { data: TxRow[]; current_page: number; last_page: number } };

export const transactionsQuery = (type: 'all' | 'deposit' | 'withdraw') =>
  infiniteQueryOptions({
    queryKey: ['wallet', 'transactions', type],
    queryFn: ({ pageParam, signal }) =>
      http.get<Page>('/wallet/transactions', {
        query: { page: pageParam, type: type === 'all' ? null : type },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.transactions.current_page < last.transactions.last_page ? last.transactions.current_page + 1 : undefined,
  });

/** GET /wallet/transactions, page by page ("see more"). */
export const useTransactions = (type: 'all' | 'deposit' | 'withdraw') => useInfiniteQuery(transactionsQuery(type));

/** POST /main-gateway/user-cancel-withdrawal. */
export const cancelWithdrawal = (id: number) =>
  http.post<{ status: true; balance: number }>('/main-gateway/user-cancel-withdrawal', { id });
