import type {
  BodyOf,
  BuyBoxReply,
  buyBoxCall,
  OpenBoxReply,
  openBoxCall,
  SellReply,
  UserBox,
  UserBoxesReply,
} from '@sorte/contracts';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/lib/http';
import { useLocale } from '../../../shared/lib/i18n';
import { useIsLoggedIn } from '../../../shared/lib/session';
import { boxesKeys } from './keys';

// A player holding more unopened boxes than this many pages is not expected; the count shown then stops there.
const MAX_UNOPENED_PAGES = 10;

/**
 * Every unopened box of the player (GET /boxes/user/get?status=unopened, page after page): the box page counts its
 * own, the crates page counts them all, and /account/boxes groups them.
 */
export const unopenedQuery = (locale: string) =>
  queryOptions({
    queryKey: boxesKeys.unopened(locale),
    queryFn: async ({ signal }) => {
      const boxes: UserBox[] = [];
      for (let page = 1; page <= MAX_UNOPENED_PAGES; page++) {
        const r = await http.get<UserBoxesReply>('/boxes/user/get', { query: { status: 'unopened', page }, signal });
        boxes.push(...r.data);
        if (r.current_page >= r.last_page) break;
      }
      return boxes;
    },
    staleTime: 10_000,
  });

export function useUnopenedBoxes() {
  const player = useIsLoggedIn();
  return useQuery({ ...unopenedQuery(useLocale()), enabled: player });
}

/** The player's opened or sold boxes, newest first, "see more" paging. */
export function useBoxHistory(status: 'opened' | 'sold') {
  const locale = useLocale();
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: boxesKeys.history(status, locale),
      queryFn: ({ pageParam, signal }) =>
        http.get<UserBoxesReply>('/boxes/user/get', { query: { status, page: pageParam }, signal }),
      initialPageParam: 1,
      getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
    }),
  );
}

/** POST /boxes/buy with the Idempotency-Key of this click (a retry of the same click sends the same key). */
export const buyBoxes = (body: BodyOf<typeof buyBoxCall>, key: string) =>
  http.post<BuyBoxReply>('/boxes/buy', body, { headers: { 'Idempotency-Key': key } });

/** POST /boxes/open: opens that many of the player's unopened boxes of that box, oldest first. */
export const openBoxes = (body: BodyOf<typeof openBoxCall>) => http.post<OpenBoxReply>('/boxes/open', body);

/** POST /boxes/sell {id}: one unopened box at its sell-back price. */
export const sellBox = (id: number) => http.post<SellReply>('/boxes/sell', { id });
