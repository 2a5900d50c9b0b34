import type {
  BodyOf,
  QueryOf,
  Transaction,
  TransactionsReply,
  TransactionType,
  WithdrawalReply,
  walletCalls,
} from '@sorte/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../shared/lib/http';

export type TxType = TransactionType;
/** status: a payment status for deposits, the withdraw status code (0-5) for withdrawals, "completed" otherwise. */
export type TxRow = Transaction;
type Page = TransactionsReply;

export const transactionsQuery = (type: 'all' | 'deposit' | 'withdraw') =>
  infiniteQueryOptions({
    queryKey: ['wallet', 'transactions', type],
    queryFn: ({ pageParam, signal }) =>
      http.get<Page>('/wallet/transactions', {
        query: {
          page: String(pageParam),
          type: type === 'all' ? undefined : type,
        } satisfies QueryOf<typeof walletCalls.transactions>,
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
  http.post<WithdrawalReply>('/main-gateway/user-cancel-withdrawal', {
    id,
  } satisfies BodyOf<typeof walletCalls.cancelWithdrawal>);
