import type { MarketKindName, SportMarket } from '@sorte/contracts';

/** The event page's market groups, in the order a player looks for them. */
export const GROUPS = ['main', 'goals', 'handicap', 'correct_score', 'first_half'] as const;
export type MarketGroup = (typeof GROUPS)[number];

const GROUP_OF: Record<MarketKindName, MarketGroup> = {
  '1x2': 'main',
  double_chance: 'main',
  draw_no_bet: 'main',
  btts: 'main',
  total: 'goals',
  asian_handicap: 'handicap',
  correct_score: 'correct_score',
  ht_1x2: 'first_half',
};

const KIND_ORDER: MarketKindName[] = [
  '1x2',
  'double_chance',
  'draw_no_bet',
  'btts',
  'total',
  'asian_handicap',
  'correct_score',
  'ht_1x2',
];

const line = (spec: string) => {
  const n = Number(spec.split('=')[1]);
  return Number.isFinite(n) ? n : 0;
};

/** Markets by group, each group in kind then line order (total 1.5 before 2.5); settled and withdrawn ones left out. */
export function groupMarkets(markets: readonly SportMarket[]): { group: MarketGroup; markets: SportMarket[] }[] {
  const shown = markets
    .filter((m) => m.status !== 'deactivated' && m.status !== 'cancelled')
    .sort(
      (a, b) =>
        KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) ||
        line(a.specifiers) - line(b.specifiers) ||
        a.id - b.id,
    );
  return GROUPS.map((group) => ({ group, markets: shown.filter((m) => GROUP_OF[m.kind] === group) })).filter(
    (g) => g.markets.length > 0,
  );
}
