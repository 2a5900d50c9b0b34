import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/lib/http';

export type KeyType = 'cpf' | 'email' | 'phone' | 'evp';
export type PixKey = { id: number; type: KeyType; key: string; created_at: string };

export const methodsQuery = queryOptions({
  queryKey: ['wallet', 'methods'],
  queryFn: ({ signal }) => http.get<{ data: PixKey[] }>('/wallet/withdraw/methods', { signal }),
});

/** GET /wallet/withdraw/methods. */
export const useMethods = () => useQuery(methodsQuery);

/** POST /wallet/withdraw/method. */
export const addMethod = (type: KeyType, key: string) =>
  http.post<{ status: true; method: PixKey }>('/wallet/withdraw/method', { type, key });

/** POST /wallet/withdraw/request with the Idempotency-Key of this attempt (a retry sends the same key). */
export const requestWithdrawal = (o: { amount: number; methodId: number; key: string }) =>
  http.post<{ status: true; withdrawal: { id: number; status: number; amount: number }; balance: number }>(
    '/wallet/withdraw/request',
    { amount: o.amount, method_id: o.methodId },
    { headers: { 'Idempotency-Key': o.key } },
  );
