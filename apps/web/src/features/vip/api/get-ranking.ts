import type { RankingReply } from '@sorte/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/lib/http';
import { useLocale } from '../../../shared/lib/i18n';
import { useIsLoggedIn } from '../../../shared/lib/session';
import { vipKeys } from './keys';

export type { RankingReply };

/** GET /ranking: the week's board; with a token the player's own position too. */
export const rankingQuery = (locale: string, loggedIn: boolean) =>
  queryOptions({
    queryKey: vipKeys.ranking(locale, loggedIn),
    queryFn: ({ signal }) => http.get<RankingReply>('/ranking', { signal }),
    staleTime: 15_000,
    refetchInterval: 60_000,
  });

export const useRanking = () => useQuery(rankingQuery(useLocale(), useIsLoggedIn()));
