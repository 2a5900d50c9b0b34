import type { Fairness, SeedRotation } from '@sorte/contracts';

export type { BetResult, Fairness, HistoryBet, MinesRound } from '@sorte/contracts';

export type GameCode = 'dice' | 'limbo' | 'mines' | 'plinko' | 'keno' | 'slot';
export type Seeds = Fairness;
export type Rotation = SeedRotation;

export const LIMITS = { minBet: 10, maxBet: 100_000, maxWin: 10_000_000 } as const;
