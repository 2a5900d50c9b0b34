import type * as repo from './repo';

/** The demo tenant's categories (slug, pt, en, icon, order): the provider stand-in's games are filed under them. */
export const DEMO_CATEGORIES: repo.CategoryRow[] = [
  { slug: 'slots', name_pt: 'Slots', name_en: 'Slots', icon: 'slots', sort: 1 },
  { slug: 'roulette', name_pt: 'Roleta', name_en: 'Roulette', icon: 'roulette', sort: 2 },
  { slug: 'instant', name_pt: 'Instantâneos', name_en: 'Instant games', icon: 'instant', sort: 3 },
];
