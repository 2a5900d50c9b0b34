export type GameCode = 'dice' | 'limbo' | 'mines' | 'plinko' | 'keno' | 'slot';
export type Fairness = { server_seed_hash: string; client_seed: string; nonce: number };
export type Seeds = Fairness;
export type Rotation = {
  previous: Fairness & { server_seed: string };
  current: Fairness;
};

/** The answer of an instant bet: the common fields plus the game's own result fields. */
export type BetResult = {
  id: number;
  game: GameCode;
  amount: number;
  win: boolean;
  payout: number;
  multiplier: number;
  balance: number;
  fairness: Fairness;
  [field: string]: unknown;
};

export type MinesRound = {
  id: number;
  game: 'mines';
  amount: number;
  mines: number;
  status: 'open' | 'settled';
  revealed: number[];
  busted: boolean;
  multiplier: number;
  next_multiplier: number | null;
  board: number[] | null;
  payout: number;
  balance?: number;
  fairness: Fairness;
};

export type HistoryBet = {
  id: number;
  game: GameCode;
  amount: number;
  payout: number;
  multiplier: number;
  win: boolean;
  status: 'open' | 'settled';
  result: Record<string, unknown>;
  created_at: string;
  fairness: Fairness & { server_seed: string | null };
};

export const LIMITS = { minBet: 10, maxBet: 100_000, maxWin: 10_000_000 } as const;
