import type { GameCode } from '../api/types';

/** The lobby's cards: instant games and the multiplayer rounds (Crash, Double). */
export type CatalogEntry = { code: GameCode | 'crash' | 'double'; rtp: string; playable: boolean; hue: number };

export const CATALOG: CatalogEntry[] = [
  { code: 'dice', rtp: '99%', playable: true, hue: 150 },
  { code: 'mines', rtp: '99%', playable: true, hue: 200 },
  { code: 'limbo', rtp: '99%', playable: true, hue: 275 },
  { code: 'plinko', rtp: '98,6–99%', playable: true, hue: 320 },
  { code: 'keno', rtp: '98–99%', playable: true, hue: 35 },
  { code: 'slot', rtp: '96,48%', playable: true, hue: 48 },
  { code: 'crash', rtp: '99%', playable: true, hue: 0 },
  { code: 'double', rtp: '93,33%', playable: true, hue: 350 },
];

export const PLAYABLE: GameCode[] = ['dice', 'limbo', 'mines', 'plinko', 'keno', 'slot'];
export const isPlayable = (g: string): g is GameCode => (PLAYABLE as string[]).includes(g);

/** The figures here are written the Brazilian way (96,48%); English uses a decimal point. */
export const localDecimal = (text: string, locale: string): string =>
  locale === 'en' ? text.replace(/,/g, '.') : text;
