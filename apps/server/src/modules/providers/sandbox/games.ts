import { randomInt } from 'node:crypto';

/**
 * The games of the built-in provider stand-in: real, small games with their own RNG (node:crypto) and exact
 * theoretical RTP computed from the paytables below, so the catalog shows true figures.
 *
 * Slots: 3 reels x 3 rows, 5 fixed lines (3 rows + 2 diagonals); the stake is split evenly over the lines and a
 * line pays `pay[symbol] x stake / 5` for three of a kind. Every visible cell of a reel is marginally distributed
 * by the symbol counts of its strip, so RTP = sum over symbols of p^3 * pay (independent of strip order).
 */
export type SlotTheme = {
  code: string;
  title: string;
  studio: 'aurora' | 'mesa-viva';
  /** Symbol ids, cheapest first; the page draws each with its glyph and colour. */
  symbols: { id: string; glyph: string; color: string }[];
  /** Stops per symbol on every reel (same order as symbols). */
  counts: number[];
  /** Line multiplier for three of a kind (same order). */
  pay: number[];
  palette: [string, string, string];
  featured?: boolean;
};

export type SandboxGame = {
  id: string;
  code: string;
  title: string;
  studio: 'aurora' | 'mesa-viva';
  kind: 'slot' | 'roulette' | 'dice';
  type: 'slots' | 'roulette' | 'instant';
  category: 'slots' | 'roulette' | 'instant';
  rtp_bp: number;
  volatility: 'low' | 'medium' | 'high' | 'very_high';
  palette: [string, string, string];
  featured: boolean;
  theme?: SlotTheme;
};

const S = (id: string, glyph: string, color: string) => ({ id, glyph, color });

export const SLOT_THEMES: SlotTheme[] = [
  {
    code: 'tigre-da-fortuna',
    title: 'Tigre da Fortuna',
    studio: 'aurora',
    symbols: [
      S('coin', '¤', '#f5c542'),
      S('lantern', '◆', '#ff6b4a'),
      S('scroll', '♣', '#65d17f'),
      S('jade', '♦', '#31c48d'),
      S('ingot', '▲', '#ffd166'),
      S('tiger', '★', '#ff9f1c'),
    ],
    counts: [10, 8, 6, 3, 2, 1],
    pay: [8, 10, 25, 99, 397, 1685],
    palette: ['#3b0d0d', '#c2410c', '#fbbf24'],
    featured: true,
  },
  {
    code: 'frutas-de-ouro',
    title: 'Frutas de Ouro',
    studio: 'aurora',
    symbols: [
      S('cherry', '●', '#ef4444'),
      S('lemon', '◖', '#facc15'),
      S('plum', '◉', '#a855f7'),
      S('bell', '♫', '#fbbf24'),
      S('bar', 'BAR', '#e5e7eb'),
      S('seven', '7', '#f43f5e'),
    ],
    counts: [9, 8, 7, 4, 2, 1],
    pay: [8, 11, 23, 68, 339, 2182],
    palette: ['#1e1b4b', '#7c3aed', '#fde047'],
  },
  {
    code: 'tesouro-do-farao',
    title: 'Tesouro do Faraó',
    studio: 'aurora',
    symbols: [
      S('ankh', '☥', '#fcd34d'),
      S('eye', '◎', '#38bdf8'),
      S('scarab', '✦', '#34d399'),
      S('pyramid', '▲', '#f59e0b'),
      S('mask', '♛', '#fde68a'),
    ],
    counts: [11, 9, 6, 3, 1],
    pay: [5, 8, 25, 166, 3415],
    palette: ['#1c1917', '#b45309', '#fcd34d'],
    featured: true,
  },
  {
    code: 'carnaval-do-rio',
    title: 'Carnaval do Rio',
    studio: 'aurora',
    symbols: [
      S('confetti', '✶', '#f472b6'),
      S('drum', '◍', '#60a5fa'),
      S('feather', '❦', '#34d399'),
      S('mask', '☻', '#facc15'),
      S('crown', '♛', '#f97316'),
    ],
    counts: [12, 9, 6, 2, 1],
    pay: [6, 10, 24, 242, 1195],
    palette: ['#3b0764', '#db2777', '#facc15'],
    featured: true,
  },
  {
    code: 'coelho-da-sorte',
    title: 'Coelho da Sorte',
    studio: 'aurora',
    symbols: [
      S('carrot', '▼', '#fb923c'),
      S('clover', '♣', '#4ade80'),
      S('coin', '¤', '#facc15'),
      S('horseshoe', 'Ω', '#e5e7eb'),
      S('rabbit', '❀', '#fda4af'),
    ],
    counts: [10, 9, 7, 3, 1],
    pay: [5, 9, 17, 131, 4585],
    palette: ['#052e16', '#15803d', '#fef08a'],
  },
  {
    code: 'diamantes-neon',
    title: 'Diamantes Neon',
    studio: 'aurora',
    symbols: [
      S('blue', '♦', '#38bdf8'),
      S('green', '♦', '#4ade80'),
      S('pink', '♦', '#f472b6'),
      S('gold', '♦', '#facc15'),
      S('white', '✧', '#ffffff'),
    ],
    counts: [8, 8, 7, 5, 2],
    pay: [8, 11, 16, 54, 527],
    palette: ['#020617', '#0e7490', '#e879f9'],
  },
  {
    code: 'pirata-dos-mares',
    title: 'Pirata dos Mares',
    studio: 'aurora',
    symbols: [
      S('anchor', '⚓', '#93c5fd'),
      S('compass', '✧', '#fde68a'),
      S('map', '▤', '#d6d3d1'),
      S('chest', '▣', '#f59e0b'),
      S('skull', '☠', '#f8fafc'),
    ],
    counts: [10, 9, 7, 3, 1],
    pay: [6, 8, 18, 133, 4052],
    palette: ['#0c1a2b', '#1d4ed8', '#fbbf24'],
  },
  {
    code: 'safari-selvagem',
    title: 'Safari Selvagem',
    studio: 'aurora',
    symbols: [
      S('leaf', '❧', '#86efac'),
      S('paw', '✿', '#fdba74'),
      S('zebra', '≡', '#f5f5f4'),
      S('elephant', '◗', '#a8a29e'),
      S('lion', '♌', '#facc15'),
    ],
    counts: [9, 8, 7, 4, 2],
    pay: [8, 11, 16, 54, 716],
    palette: ['#1a2e05', '#a16207', '#fde047'],
  },
];

/** Exact theoretical RTP (fraction) of a slot theme. */
export function slotRtp(t: SlotTheme): number {
  const total = t.counts.reduce((a, b) => a + b, 0);
  return t.counts.reduce((sum, c, i) => sum + (c / total) ** 3 * t.pay[i]!, 0);
}

/**
 * Standard deviation of one spin's return (in stakes), estimated on a fixed-seed sample of windows.
 */
export function slotStdDev(t: SlotTheme): number {
  const total = t.counts.reduce((a, b) => a + b, 0);
  const p = t.counts.map((c) => c / total);
  const n = p.length;
  // The 5 lines share cells, so the variance has covariance terms; enumerating n^9 windows is too slow at start,
  // so a fixed-seed sample (deterministic, stable to about 1 %) classifies the volatility.
  let seed = 12345;
  const rnd = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x80000000;
  };
  const cdf = p.map((_, i) => p.slice(0, i + 1).reduce((a, b) => a + b, 0));
  const draw = () => {
    const r = rnd();
    for (let i = 0; i < n; i++) if (r < cdf[i]!) return i;
    return n - 1;
  };
  const spins = 60_000;
  let s1 = 0;
  let s2 = 0;
  for (let k = 0; k < spins; k++) {
    const g = [0, 1, 2].map(() => [draw(), draw(), draw()]);
    const x = lineWins(g, t.pay).reduce((a, w) => a + w.pay, 0) / 5;
    s1 += x;
    s2 += x * x;
  }
  const mean = s1 / spins;
  return Math.sqrt(s2 / spins - mean * mean);
}

export function volatilityOf(stdDev: number): SandboxGame['volatility'] {
  if (stdDev < 3) return 'low';
  if (stdDev < 6) return 'medium';
  if (stdDev < 12) return 'high';
  return 'very_high';
}

/** Lines as [column, row] cells: top, middle, bottom, diagonal down, diagonal up. */
export const LINES: [number, number][][] = [
  [
    [0, 0],
    [1, 0],
    [2, 0],
  ],
  [
    [0, 1],
    [1, 1],
    [2, 1],
  ],
  [
    [0, 2],
    [1, 2],
    [2, 2],
  ],
  [
    [0, 0],
    [1, 1],
    [2, 2],
  ],
  [
    [0, 2],
    [1, 1],
    [2, 0],
  ],
];

/** grid[column][row] of symbol indexes -> the winning lines and their multipliers (per line stake). */
export function lineWins(grid: number[][], pay: number[]): { line: number; symbol: number; pay: number }[] {
  const wins: { line: number; symbol: number; pay: number }[] = [];
  LINES.forEach((cells, line) => {
    const [a, b, c] = cells.map(([col, row]) => grid[col]![row]!);
    if (a === b && b === c) wins.push({ line, symbol: a!, pay: pay[a!]! });
  });
  return wins;
}

/** Reel strip of a theme: symbols spread out deterministically (order does not change the RTP). */
export function reelStrip(t: SlotTheme): number[] {
  const strip: number[] = [];
  t.counts.forEach((c, i) => {
    for (let k = 0; k < c; k++) strip.push(i);
  });
  // Interleave so equal symbols are not adjacent in the animation.
  const out: number[] = [];
  const step = 7;
  const used = new Array(strip.length).fill(false);
  let pos = 0;
  for (let k = 0; k < strip.length; k++) {
    while (used[pos]) pos = (pos + 1) % strip.length;
    out.push(strip[pos]!);
    used[pos] = true;
    pos = (pos + step) % strip.length;
  }
  return out;
}

export type SlotOutcome = { grid: number[][]; wins: { line: number; symbol: number; pay: number }[]; win: number };

/** One spin: random stop per reel, the 3 visible rows, wins in centavos (floored once over all lines). */
export function spinSlot(t: SlotTheme, stake: number, rng: (n: number) => number = randomInt): SlotOutcome {
  const strip = reelStrip(t);
  const grid = [0, 1, 2].map(() => {
    // Each reel is its own strip copy at a random stop.
    const stop = rng(strip.length);
    return [0, 1, 2].map((r) => strip[(stop + r) % strip.length]!);
  });
  const wins = lineWins(grid, t.pay);
  const mult = wins.reduce((a, w) => a + w.pay, 0);
  return { grid, wins, win: Math.floor((stake * mult) / 5) };
}

// European roulette: 37 pockets. Straight pays 35:1 (36x back), even chances 1:1, dozens and columns 2:1.
export const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
export type RouletteBet =
  | { type: 'straight'; value: number; amount: number }
  | { type: 'red' | 'black' | 'odd' | 'even' | 'low' | 'high'; amount: number }
  | { type: 'dozen' | 'column'; value: 1 | 2 | 3; amount: number };

export function rouletteReturn(bet: RouletteBet, n: number): number {
  const a = bet.amount;
  switch (bet.type) {
    case 'straight':
      return bet.value === n ? a * 36 : 0;
    case 'red':
      return n !== 0 && RED.has(n) ? a * 2 : 0;
    case 'black':
      return n !== 0 && !RED.has(n) ? a * 2 : 0;
    case 'odd':
      return n !== 0 && n % 2 === 1 ? a * 2 : 0;
    case 'even':
      return n !== 0 && n % 2 === 0 ? a * 2 : 0;
    case 'low':
      return n >= 1 && n <= 18 ? a * 2 : 0;
    case 'high':
      return n >= 19 ? a * 2 : 0;
    case 'dozen':
      return n !== 0 && Math.ceil(n / 12) === bet.value ? a * 3 : 0;
    case 'column':
      return n !== 0 && ((n - 1) % 3) + 1 === bet.value ? a * 3 : 0;
  }
}

export function spinRoulette(bets: RouletteBet[], rng: (n: number) => number = randomInt) {
  const n = rng(37);
  return { number: n, win: bets.reduce((s, b) => s + rouletteReturn(b, n), 0) };
}

// Dice 7: two dice; under 7 and over 7 (15/36 each) pay 2.3x, exactly 7 (6/36) pays 5.75x: RTP 95.83 %.
export const DICE_PAY = { under: 2.3, over: 2.3, seven: 5.75 } as const;
export type DicePick = keyof typeof DICE_PAY;

export function rollDice(pick: DicePick, stake: number, rng: (n: number) => number = randomInt) {
  const d = [rng(6) + 1, rng(6) + 1] as [number, number];
  const sum = d[0] + d[1];
  const hit = pick === 'seven' ? sum === 7 : pick === 'under' ? sum < 7 : sum > 7;
  return { dice: d, sum, win: hit ? Math.floor(stake * DICE_PAY[pick]) : 0 };
}

const bp = (x: number) => Math.floor(x * 10_000);

function buildCatalog(): SandboxGame[] {
  const slots = SLOT_THEMES.map(
    (t): SandboxGame => ({
      id: `slot-${t.code}`,
      code: t.code,
      title: t.title,
      studio: t.studio,
      kind: 'slot',
      type: 'slots',
      category: 'slots',
      rtp_bp: bp(slotRtp(t)),
      volatility: volatilityOf(slotStdDev(t)),
      palette: t.palette,
      featured: t.featured === true,
      theme: t,
    }),
  );
  return [
    ...slots,
    {
      id: 'roulette-european',
      code: 'roleta-europeia',
      title: 'Roleta Europeia',
      studio: 'mesa-viva',
      kind: 'roulette',
      type: 'roulette',
      category: 'roulette',
      rtp_bp: bp(36 / 37),
      volatility: 'low',
      palette: ['#052e16', '#166534', '#facc15'],
      featured: true,
    },
    {
      id: 'dice-seven',
      code: 'dados-sete',
      title: 'Dados Sete',
      studio: 'mesa-viva',
      kind: 'dice',
      type: 'instant',
      category: 'instant',
      rtp_bp: bp((15 / 36) * DICE_PAY.under),
      volatility: 'medium',
      palette: ['#111827', '#2563eb', '#f8fafc'],
      featured: false,
    },
  ];
}

let catalog: SandboxGame[] | null = null;

/** The stand-in's game list (what its "games" API answers and what the demo tenant imports). */
export function sandboxGames(): SandboxGame[] {
  catalog ??= buildCatalog();
  return catalog;
}

export const SANDBOX_STUDIOS = {
  aurora: { name: 'Aurora Slots' },
  'mesa-viva': { name: 'Mesa Viva' },
} as const;
