import type { BodyOf, multiplayerBetCalls } from '@sorte/contracts';
import { http } from '../../../shared/lib/http';
import { newIdempotencyKey } from '../api/bets';

export type MpGame = 'crash' | 'double';
export type DoubleColor = 'white' | 'red' | 'black';

export type MpBet = {
  id: number;
  user: string;
  amount: number;
  color: DoubleColor | null;
  cashout: number | null;
  payout: number;
  status: 'open' | 'won' | 'lost' | 'refunded';
  mine?: boolean;
};

export type MpRound = {
  id: number;
  number: number;
  chain_id: number;
  status: 'betting' | 'running';
  betting_ends_at: string;
  started_at: string | null;
  elapsed_ms?: number;
  multiplier?: number;
  force_point?: number | null;
};

export type MpPastRound = {
  id: number;
  number: number;
  chain_id: number;
  status: 'ended' | 'refunded';
  hash: string;
  crash_point?: number;
  roll?: number;
  color?: DoubleColor;
  ended_at: string | null;
};

export type MpChain = { id: number; terminating_hash: string; salt: string; length: number; created_at: string };

export type MpState = {
  game: MpGame;
  enabled: boolean;
  server_time: string;
  timing: { betting_ms: number; tick_ms: number; pause_ms: number };
  curve?: { growth_per_ms: number };
  max_profit?: number;
  chain: MpChain | null;
  round: MpRound | null;
  bets: MpBet[];
  history: MpPastRound[];
};

export type MyMpBet = {
  id: number;
  round_id: number;
  round_number: number;
  amount: number;
  auto_cashout: number | null;
  color: DoubleColor | null;
  cashout: number | null;
  payout: number;
  status: MpBet['status'];
  hash: string | null;
  crash_point?: number;
  roll?: number;
};

export type MpBetResult = {
  round: { id: number; number: number };
  bet: { id: number; amount: number; auto_cashout: number | null; color: DoubleColor | null };
  balance: number;
};

export type CashoutResult = {
  round: { id: number; number: number };
  bet: { id: number; amount: number; cashout: number; payout: number };
  multiplier: number;
  payout: number;
  balance: number;
};

const withKey = (key: string) => ({ headers: { 'Idempotency-Key': key } });

export const getMpState = (game: MpGame) => http.get<MpState>(`/originals/${game}/state`);
export const placeMpBet = <G extends MpGame>(
  game: G,
  body: BodyOf<(typeof multiplayerBetCalls)[G]>,
  key = newIdempotencyKey(),
) => http.post<MpBetResult>(`/originals/${game}/bet`, body, withKey(key));
export const cashOut = (key = newIdempotencyKey()) =>
  http.post<CashoutResult>('/originals/crash/cashout', {}, withKey(key));
export const myMpBets = (game: MpGame) => http.get<{ data: MyMpBet[] }>(`/originals/${game}/bets`);
