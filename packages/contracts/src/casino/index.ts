import { z } from 'zod';
import type { FieldMessage } from '../field-rules';
import { type FieldRule, type FormBody, fieldRulesForm, rules as r } from '../forms';
import { Int, IsoTime, NumericId, paginated, replies, reply } from '../http';

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

/** The casino's own messages for a query or body it cannot read. */
export const CASINO_MESSAGES = {
  invalid: { pt: 'Valor inválido.', en: 'Invalid value.' },
  page: { pt: 'Página inválida.', en: 'Invalid page.' },
  action: { pt: 'Ação inválida: use "add" ou "remove".', en: 'Invalid action: use "add" or "remove".' },
  liked: { pt: 'Informe se o jogo foi curtido.', en: 'Say whether the game is liked.' },
  opId: { pt: 'opId deve ser um número inteiro positivo.', en: 'opId must be a positive whole number.' },
  term: { pt: 'A busca deve ter no máximo 100 caracteres.', en: 'Search must be at most 100 characters.' },
} as const satisfies Record<string, FieldMessage>;
const C = CASINO_MESSAGES;

/**
 * Queries and bodies checked the casino's way: the first field that fails is the whole answer (its message, as
 * the spec's client shows one line), in the order the lobby reads them.
 */
const casinoForm = <S extends z.ZodType>(
  documented: S,
  fields: Record<string, FieldRule[]>,
  read: (b: FormBody) => z.output<S>,
) => fieldRulesForm(documented, fields, read, { firstFieldOnly: true });

/** A game id as sent: a JSON number or its digits (trimmed), 1 or more. */
const idText = (v: unknown) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '');
const isId = (v: unknown) => /^\d{1,15}$/.test(idText(v)) && Number(idText(v)) >= 1;
const gameIdRules = [r.check(isId, C.invalid)];
/** A query parameter as text: a repeated one (a list) reads as absent. */
const textOf = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

const pageRules = [
  r.check(
    (v) => v === undefined || v === '' || (typeof v === 'string' && /^\d{1,5}$/.test(v) && Number(v) >= 1),
    C.page,
  ),
];
const pageOf = (v: unknown) => (v === undefined || v === '' ? 1 : Number(v));

const PageQuery = casinoForm(
  z.object({
    page: z
      .string()
      .optional()
      .describe('1 or more')
      .transform((p) => (p ? Number(p) : 1)),
  }),
  { page: pageRules },
  (q) => ({ page: pageOf(q.page) }),
);

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const SORTS = ['default', 'popular', 'az', 'za', 'new', 'rtp'] as const;
const slugOf = (v: unknown) => {
  const s = textOf(v).toLowerCase();
  return s === 'all' ? '' : s;
};
const slugRules = [r.check((v) => !slugOf(v) || SLUG.test(slugOf(v).replace(/_/g, '-')), C.invalid)];

/** What the lobby filters by (a slug of "all" or none: every one), and its page. */
export type LobbyQuery = {
  searchTerm: string;
  category: string;
  provider: string;
  type: string;
  bonuses: boolean;
  sort: (typeof SORTS)[number];
  page: number;
};

/** The lobby's query as a client sends it. */
const LobbySearch = z.object({
  searchTerm: z.string().optional().describe('At most 100 characters'),
  category: z.string().optional().describe('A slug, or "all"'),
  provider: z.string().optional().describe('A slug, or "all"'),
  type: z.string().optional(),
  bonuses: z.string().optional().describe('"1" or "true": only games that take bonus money'),
  sort: z.enum(SORTS).optional(),
  page: z.string().optional(),
});
export type LobbySearch = z.input<typeof LobbySearch>;

const GameRef = z.object({
  game_id: z.union([Int, z.string()]).optional(),
  provider: z.string().optional().describe('With `game`, instead of game_id'),
  game: z.string().optional(),
});
const idOf = (b: FormBody) => b.game_id ?? b.id;
const hasId = (b: FormBody) => {
  const id = idOf(b);
  return id !== undefined && id !== null && id !== '';
};

export const categoriesCall = { response: replies({ 200: reply({ data: z.array(CasinoCategory) }) }) };
export const providersCall = { response: replies({ 200: reply({ data: z.array(CasinoProvider) }) }) };
export const lobbyCall = {
  querystring: casinoForm(
    // Documented as sent; the handler receives it read (typed as LobbyQuery).
    LobbySearch as unknown as z.ZodType<LobbyQuery, z.input<typeof LobbySearch>>,
    {
      searchTerm: [r.check((v) => textOf(v).length <= 100, C.term)],
      sort: [r.check((v) => (SORTS as readonly string[]).includes(textOf(v) || 'default'), C.invalid)],
      category: slugRules,
      provider: slugRules,
      type: slugRules,
      page: pageRules,
    },
    (q) => ({
      searchTerm: textOf(q.searchTerm),
      category: slugOf(q.category),
      provider: slugOf(q.provider),
      type: slugOf(q.type),
      bonuses: q.bonuses === 'true' || q.bonuses === '1',
      sort: (textOf(q.sort) || 'default') as LobbyQuery['sort'],
      page: pageOf(q.page),
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
/** A game by its id (game_id, or id), or by its provider's code and the provider's game code. */
export const getGameCall = {
  body: casinoForm(
    GameRef as unknown as z.ZodType<{ id: number } | { provider: string; game: string }, z.input<typeof GameRef>>,
    {
      game_id: [
        ((_v, b) =>
          hasId(b)
            ? isId(idOf(b))
              ? null
              : C.invalid
            : textOf(b.provider) && textOf(b.game)
              ? null
              : C.invalid) as FieldRule,
      ],
    },
    (b) => (hasId(b) ? { id: Number(idText(idOf(b))) } : { provider: textOf(b.provider), game: textOf(b.game) }),
  ),
  response: replies({ 200: reply({ data: CasinoGame }) }),
};
export const relatedGamesCall = {
  body: casinoForm(
    GameRef.pick({ game_id: true }).transform((b) => ({ id: Number(b.game_id) })),
    { game_id: [((_v, b) => (isId(idOf(b)) ? null : C.invalid)) as FieldRule] },
    (b) => ({ id: Number(idText(idOf(b))) }),
  ),
  response: replies({ 200: reply({ data: z.array(CasinoGame) }) }),
};
const GameIdParams = casinoForm(z.object({ gameId: NumericId }), { gameId: gameIdRules }, (p) => ({
  gameId: Number(idText(p.gameId)),
}));
export const favoriteCall = {
  params: GameIdParams,
  body: casinoForm(
    z.object({ action: z.enum(['add', 'remove']) }),
    { action: [r.check((v) => v === 'add' || v === 'remove', C.action)] },
    (b) => ({ action: b.action as 'add' | 'remove' }),
  ),
  response: replies({ 200: reply({ game_id: Int, hasFavorite: z.boolean() }) }),
};
export const favoritesCall = { querystring: PageQuery, response: replies({ 200: paginated(CasinoGame) }) };
export const likeCall = {
  params: GameIdParams,
  body: casinoForm(
    z.object({
      liked: z.boolean(),
      opId: Int.min(1).describe('Grows with each send of the client: an older one arriving late is not applied.'),
    }),
    {
      liked: [r.check((v) => typeof v === 'boolean', C.liked)],
      opId: [r.check((v) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 1, C.opId)],
    },
    (b) => ({ liked: b.liked as boolean, opId: b.opId as number }),
  ),
  response: replies({ 200: reply({ game_id: Int, liked: z.boolean(), opId: Int, applied: z.boolean() }) }),
};
export const likesCall = { response: replies({ 200: reply({ user_likes: z.array(Int) }) }) };
export const launchCall = {
  body: casinoForm(
    z
      .object({ game_id: z.union([Int, z.string()]), demo: z.union([z.boolean(), z.string()]).optional() })
      .transform((b) => ({ game_id: Number(b.game_id), demo: b.demo === true })),
    { game_id: [((_v, b) => (isId(b.game_id) ? null : C.invalid)) as FieldRule] },
    (b) => ({
      game_id: Number(idText(b.game_id)),
      demo: b.demo === true || b.demo === 'true' || b.demo === '1' || b.demo === 1,
    }),
  ),
  response: replies({ 200: reply({ url: z.string(), demo: z.boolean(), game_id: Int }) }),
};
export const casinoBetsCall = { querystring: PageQuery, response: replies({ 200: paginated(CasinoBet) }) };
