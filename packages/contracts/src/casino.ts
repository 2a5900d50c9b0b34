/** Shapes of the casino catalog the API returns (spec section 3), shared by the server and the web. */

/**
 * The Game of spec section 3, plus RTP (percent) and volatility shown to the player: what GET /casinos/games,
 * featured/games, featured/home-games, games/get, games/getRelated and profile/favorites list (games/recent sends
 * each with its played_at too).
 */
export type CasinoGame = {
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
};

/** GET /games/providers: the enabled providers that have playable games. */
export type CasinoProvider = { code: string; name: string; logo: string | null; games_count: number };

/** GET /categories: the categories that have playable games, named in the request's language. */
export type CasinoCategory = { slug: string; name: string; icon: string | null; games_count: number };
