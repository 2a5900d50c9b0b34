import { originalsRtpPercent } from '@sorte/fairness';
import type { GameCode } from '../api/types';

/** The lobby's cards: instant games and the multiplayer rounds (Crash, Double). */
export type CatalogEntry = { code: GameCode | 'crash' | 'double'; playable: boolean; hue: number };

export const CATALOG: CatalogEntry[] = [
  { code: 'dice', playable: true, hue: 150 },
  { code: 'mines', playable: true, hue: 200 },
  { code: 'limbo', playable: true, hue: 275 },
  { code: 'plinko', playable: true, hue: 320 },
  { code: 'keno', playable: true, hue: 35 },
  { code: 'slot', playable: true, hue: 48 },
  { code: 'crash', playable: true, hue: 0 },
  { code: 'double', playable: true, hue: 350 },
];

export const PLAYABLE: GameCode[] = ['dice', 'limbo', 'mines', 'plinko', 'keno', 'slot'];
export const isPlayable = (g: string): g is GameCode => (PLAYABLE as string[]).includes(g);

/**
 * A game's one RTP in percent (98.98), the same figure the casino catalog lists: the lowest exact RTP over every
 * choice the game offers, from packages/fairness. Format it with formatRtp.
 */
export const rtpOf = (code: CatalogEntry['code']): number => originalsRtpPercent(code);
