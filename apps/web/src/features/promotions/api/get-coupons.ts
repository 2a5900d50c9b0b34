import type { CouponsReply } from '@sorte/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/lib/http';
import { promoKeys } from './keys';

/** GET /bonuses/coupons: the codes the player may use now. */
export const couponsQuery = queryOptions({
  queryKey: promoKeys.coupons,
  queryFn: ({ signal }) => http.get<CouponsReply>('/bonuses/coupons', { signal }),
});

export const useCoupons = () => useQuery(couponsQuery);
