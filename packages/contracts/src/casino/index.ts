import { z } from 'zod';
import { checkedByHandler, Int, IsoTime, NumericId, paginated, replies, reply } from '../http';

/** The casino calls of spec section 7 and the shapes of the catalog they return (spec section 3). */

/**
 * The Game of spec section 3, plus RTP (percent) and volatility shown to the player: what GET /casinos/games,
 * featured/games, featured/home-games, games/get, games/getRelated and profile/favorites list (games/recent sends
 * each with its played_at too).
 */
export const CasinoGame = reply({
  id: Int,
  game_id: z.string(),
  title: z.string(),
  gamecode: z.string(),
  providercode: z.string(),
  provider_name: z.string(),
  category_slug: z.string(),
  type: z.string(),
  has_tables: z.boolean(),
  only_demo: z.boolean(),
  demo_allowed: z.boolean(),
  bonus_allowed: z.boolean(),
  views: Int,
  image: z.string(),
  image_mobile: z.string(),
  hasFavorite: z.boolean(),
  rtp: z.number().describe('Percent'),
  volatility: z.enum(['low', 'medium', 'high', 'very_high']),
});
export type CasinoGame = z.infer<typeof CasinoGame>;

/** GET /games/providers: the enabled providers that have playable games. */
export const CasinoProvider = reply({
  code: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  games_count: Int,
});
export type CasinoProvider = z.infer<typeof CasinoProvider>;

/** GET /categories: the categories that have playable games, named in the request's language. */
export const CasinoCategory = reply({
  slug: z.string(),
  name: z.string(),
  icon: z.string().nullable(),
  games_count: Int,
});
export type CasinoCategory = z.infer<typeof CasinoCategory>;

/** A rail of the home page (featured, popular, a category ...). */
export const CasinoRail = reply({ slug: z.string(), name: z.string(), games: z.array(CasinoGame) });
export type CasinoRail = z.infer<typeof CasinoRail>;

/** A round of a provider game in the player's history (GET /wallet/bets). Money in centavos. */
export const CasinoBet = reply({
  id: Int,
  round_id: z.string(),
  game: reply({
    id: Int,
    title: z.string().nullable(),
    image: z.string().nullable(),
    providercode: z.string().nullable(),
    gamecode: z.string().nullable(),
    provider_name: z.string().nullable(),
  }),
  bet: Int,
  win: Int,
  profit: Int,
  multiplier: z.number(),
  status: z.enum(['open', 'closed', 'rolled_back']),
  created_at: IsoTime,
  closed_at: IsoTime.nullable(),
});
export type CasinoBet = z.infer<typeof CasinoBet>;

/**
 * Query and bodies are read by the handler: the lobby's query is matched against its cache by the raw URL before
 * any parsing (a miss parses it once), and the messages are the casino's own.
 */
const PageQuery = checkedByHandler(z.object({ page: z.string().optional().describe('1 or more') }));
const GameRef = z.object({
  game_id: z.union([Int, z.string()]).optional(),
  provider: z.string().optional().describe('With `game`, instead of game_id'),
  game: z.string().optional(),
});

export const categoriesCall = { response: replies({ 200: reply({ data: z.array(CasinoCategory) }) }) };
export const providersCall = { response: replies({ 200: reply({ data: z.array(CasinoProvider) }) }) };
export const lobbyCall = {
  querystring: checkedByHandler(
    z.object({
      searchTerm: z.string().optional().describe('At most 100 characters'),
      category: z.string().optional().describe('A slug, or "all"'),
      provider: z.string().optional().describe('A slug, or "all"'),
      type: z.string().optional(),
      bonuses: z.string().optional().describe('"1" or "true": only games that take bonus money'),
      sort: z.enum(['default', 'popular', 'az', 'za', 'new', 'rtp']).optional(),
      page: z.string().optional(),
    }),
  ),
  response: replies({ 200: paginated(CasinoGame) }),
};
export const homeGamesCall = { response: replies({ 200: reply({ data: z.array(CasinoRail) }) }) };
export const featuredGamesCall = { response: replies({ 200: reply({ data: z.array(CasinoGame) }) }) };
export const recentGamesCall = {
  querystring: PageQuery,
  response: replies({ 200: paginated(CasinoGame.extend({ played_at: IsoTime })) }),
};
export const getGameCall = {
  body: checkedByHandler(GameRef),
  response: replies({ 200: reply({ data: CasinoGame }) }),
};
export const relatedGamesCall = {
  body: checkedByHandler(GameRef.pick({ game_id: true })),
  response: replies({ 200: reply({ data: z.array(CasinoGame) }) }),
};
export const favoriteCall = {
  params: checkedByHandler(z.object({ gameId: NumericId })),
  body: checkedByHandler(z.object({ action: z.enum(['add', 'remove']) })),
  response: replies({ 200: reply({ game_id: Int, hasFavorite: z.boolean() }) }),
};
export const favoritesCall = { querystring: PageQuery, response: replies({ 200: paginated(CasinoGame) }) };
export const likeCall = {
  params: checkedByHandler(z.object({ gameId: NumericId })),
  body: checkedByHandler(
    z.object({
      liked: z.boolean(),
      opId: Int.min(1).describe('Grows with each send of the client: an older one arriving late is not applied.'),
    }),
  ),
  response: replies({ 200: reply({ game_id: Int, liked: z.boolean(), opId: Int, applied: z.boolean() }) }),
};
export const likesCall = { response: replies({ 200: reply({ user_likes: z.array(Int) }) }) };
export const launchCall = {
  body: checkedByHandler(
    z.object({ game_id: z.union([Int, z.string()]), demo: z.union([z.boolean(), z.string()]).optional() }),
  ),
  response: replies({ 200: reply({ url: z.string(), demo: z.boolean(), game_id: Int }) }),
};
export const casinoBetsCall = { querystring: PageQuery, response: replies({ 200: paginated(CasinoBet) }) };
