import type { CasinoRail } from '@sorte/contracts';

export type { CasinoBet } from '@sorte/contracts';

export type Paged<T> = { data: T[]; current_page: number; last_page: number; per_page: number; total: number };

/** Game filter of spec section 3 (plus sort). */
export type GameFilter = {
  searchTerm?: string;
  category?: string;
  provider?: string;
  type?: string;
  bonuses?: boolean;
  sort?: 'default' | 'popular' | 'az' | 'za' | 'new' | 'rtp';
};

export type Rail = CasinoRail;
