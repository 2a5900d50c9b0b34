import type {
  BetRequest,
  BodyOf,
  InstantGame,
  listBetsCall,
  minesRevealCall,
  minesStartCall,
  QueryOf,
} from '@sorte/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/lib/http';
import type { BetResult, GameCode, HistoryBet, MinesRound } from './types';

/** A fresh Idempotency-Key per intended bet; a retry of the same bet reuses it. */
export const newIdempotencyKey = () => `w-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

const withKey = (key: string) => ({ headers: { 'Idempotency-Key': key } });

/** POST /originals/{game}/bet {amount, ...params} with Idempotency-Key. */
export const placeBet = <G extends InstantGame>(game: G, body: BetRequest<G>, key = newIdempotencyKey()) =>
  http.post<BetResult>(`/originals/${game}/bet`, body, withKey(key));

export const startMines = (body: BodyOf<typeof minesStartCall>, key = newIdempotencyKey()) =>
  http.post<MinesRound>('/originals/mines/start', body, withKey(key));
export const revealMines = (tile: number, key = newIdempotencyKey()) =>
  http.post<MinesRound>('/originals/mines/reveal', { tile } satisfies BodyOf<typeof minesRevealCall>, withKey(key));
export const cashoutMines = (key = newIdempotencyKey()) =>
  http.post<MinesRound>('/originals/mines/cashout', {}, withKey(key));
export const activeMines = () => http.get<{ round: MinesRound | null }>('/originals/mines/active');

/** GET /originals/bets?game=&limit=: the player's own bets, newest first. */
export const listBets = (game?: GameCode, limit = 20) =>
  http.get<{ data: HistoryBet[] }>('/originals/bets', {
    query: { game, limit: String(limit) } satisfies QueryOf<typeof listBetsCall>,
  });
export const betsQuery = (game?: GameCode) =>
  queryOptions({ queryKey: ['originals', 'bets', game ?? 'all'], queryFn: () => listBets(game) });
export const useBets = (game: GameCode | undefined, enabled: boolean) => useQuery({ ...betsQuery(game), enabled });
