import type { AffiliatesReply } from '@sorte/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/lib/http';

export const REFERRALS_KEY = ['referrals'] as const;

/** GET /profile/affiliates?page=: the player's referred friends (10 a page), totals and the programme's figures. */
export const affiliatesQuery = (page: number) =>
  queryOptions({
    queryKey: [...REFERRALS_KEY, 'affiliates', page] as const,
    queryFn: ({ signal }) =>
      http.get<AffiliatesReply>('/profile/affiliates', { query: { page: String(page) }, signal }),
    placeholderData: keepPreviousData,
  });

export const useAffiliates = (page: number) => useQuery(affiliatesQuery(page));
