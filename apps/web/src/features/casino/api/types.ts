import type { CasinoGame } from '@sorte/contracts';

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

export type Rail = { slug: string; name: string; games: CasinoGame[] };

export type CasinoBet = {
  id: number;
  round_id: string;
  game: {
    id: number;
    title: string | null;
    image: string | null;
    providercode: string | null;
    gamecode: string | null;
    provider_name: string | null;
  };
  bet: number;
  win: number;
  profit: number;
  multiplier: number;
  status: 'open' | 'closed' | 'rolled_back';
  created_at: string;
  closed_at: string | null;
};
