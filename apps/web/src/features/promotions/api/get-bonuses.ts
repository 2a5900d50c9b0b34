import type { Bonus, BonusesReply } from '@sorte/contracts';
import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../shared/lib/http';
import { promoKeys } from './keys';

export type PlayerBonus = Bonus;

/** GET /wallet/bonuses?page=: the player's bonuses, newest first, page by page, with the active one apart. */
export const bonusesQuery = infiniteQueryOptions({
  queryKey: promoKeys.bonuses,
  queryFn: ({ pageParam, signal }) =>
    http.get<BonusesReply>('/wallet/bonuses', { query: { page: String(pageParam) }, signal }),
  initialPageParam: 1,
  getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
});

export const useBonuses = () => useInfiniteQuery(bonusesQuery);

/** The active bonus, as the first page's reply says (the server sends it whatever the page). */
export const activeBonusOf = (data: InfiniteData<BonusesReply> | undefined): Bonus | null =>
  data?.pages[0]?.active ?? null;
