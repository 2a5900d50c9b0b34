import type {
  CashoutQuote,
  CashoutReply,
  PlaceSportBetBody,
  PlaceSportBetReply,
  SportBet,
  SportBetsReply,
} from '@sorte/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/lib/http';
import { useIsLoggedIn } from '../../../shared/lib/session';
import { sportsKeys } from './keys';

const withKey = (key: string) => ({ headers: { 'Idempotency-Key': key } });

/** POST /sports/bets with a fresh Idempotency-Key per attempt (a retry of the same attempt reuses it). */
export const placeBet = (body: PlaceSportBetBody, key: string) =>
  http.post<PlaceSportBetReply>('/sports/bets', body, withKey(key));

/** GET /sports/bets/{id}: one bet, to follow a pending live bet when realtime is down. */
export const getBet = (id: number) => http.get<{ bet: SportBet }>(`/sports/bets/${id}`);

export const betsQuery = (status: 'open' | 'settled', page: number) =>
  queryOptions({
    queryKey: sportsKeys.bets(status, page),
    queryFn: ({ signal }) => http.get<SportBetsReply>('/sports/bets', { signal, query: { status, page } }),
    staleTime: 5_000,
    placeholderData: keepPreviousData,
  });

export function useBets(status: 'open' | 'settled', page: number) {
  const player = useIsLoggedIn();
  return useQuery({ ...betsQuery(status, page), enabled: player, refetchInterval: status === 'open' ? 15_000 : false });
}

/** GET /sports/bets/{id}/cashout: a quote valid a few seconds. */
export const getCashoutQuote = (id: number) => http.get<CashoutQuote>(`/sports/bets/${id}/cashout`);

/** POST /sports/bets/{id}/cashout {quote_id, percent}. */
export const acceptCashout = (id: number, quoteId: string, percent: number, key: string) =>
  http.post<CashoutReply>(`/sports/bets/${id}/cashout`, { quote_id: quoteId, percent }, withKey(key));
