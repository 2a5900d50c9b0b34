import type { CashbackEntry, CashbackListReply } from '@sorte/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/lib/http';
import { promoKeys } from './keys';

export type { CashbackEntry, CashbackListReply };

/** GET /bonuses/cashback: the player's entries (claims opened, taken, available) and the tenant's windows. */
export const cashbackQuery = queryOptions({
  queryKey: promoKeys.cashback,
  queryFn: ({ signal }) => http.get<CashbackListReply>('/bonuses/cashback', { signal }),
});

export const useCashback = () => useQuery(cashbackQuery);
