import type { BodyOf, PixKey, PixKeyType, ReplyOf, WithdrawalReply, walletCalls } from '@sorte/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/lib/http';

export type KeyType = PixKeyType;
export type { PixKey };

export const methodsQuery = queryOptions({
  queryKey: ['wallet', 'methods'],
  queryFn: ({ signal }) => http.get<{ data: PixKey[] }>('/wallet/withdraw/methods', { signal }),
});

/** GET /wallet/withdraw/methods. */
export const useMethods = () => useQuery(methodsQuery);

/** POST /wallet/withdraw/method. */
export const addMethod = (type: KeyType, key: string) =>
  http.post<ReplyOf<typeof walletCalls.addMethod>>('/wallet/withdraw/method', {
    type,
    key,
  } satisfies BodyOf<typeof walletCalls.addMethod>);

/**
 * POST /wallet/withdraw/request with the Idempotency-Key of this attempt (a retry sends the same key). While a bonus
 * is active the server answers 422 `bonus_active`; the player confirms and it is sent again with forfeit_bonus.
 */
export const requestWithdrawal = (o: { amount: number; methodId: number; key: string; forfeitBonus?: boolean }) =>
  http.post<WithdrawalReply>(
    '/wallet/withdraw/request',
    {
      amount: o.amount,
      method_id: o.methodId,
      ...(o.forfeitBonus ? { forfeit_bonus: true } : {}),
    } satisfies BodyOf<typeof walletCalls.requestWithdrawal>,
    { headers: { 'Idempotency-Key': o.key } },
  );

/** POST /wallet/withdraw/method/own-cpf: the player's own CPF as a key (the page knows it only masked). */
export const addOwnCpfMethod = () => http.post<{ status: true; method: PixKey }>('/wallet/withdraw/method/own-cpf', {});
