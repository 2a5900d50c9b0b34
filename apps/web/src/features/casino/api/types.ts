/** The Game of spec section 3 as GET /casinos/games answers it, plus RTP (percent) and volatility. */
export type Game = {
  id: number;
  game_id: string;
  title: string;
  gamecode: string;
  providercode: string;
  provider_name: string;
  category_slug: string;
  type: string;
  has_tables: boolean;
  only_demo: boolean;
  demo_allowed: boolean;
  bonus_allowed: boolean;
  views: number;
  image: string;
  image_mobile: string;
  hasFavorite: boolean;
  rtp: number;
  volatility: 'low' | 'medium' | 'high' | 'very_high';
  played_at?: string;
};

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

export type Category = { slug: string; name: string; icon: string | null; games_count: number };
export type Provider = { code: string; name: string; logo: string | null; games_count: number };
export type Rail = { slug: string; name: string; games: Game[] };

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
