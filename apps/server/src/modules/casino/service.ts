import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Locale } from '@sorte/contracts';
import type { Db } from '../../platform/db/index';
import { AppError, type Localized } from '../../platform/errors';
import type { Tenant } from '../../platform/tenancy';
import {
  type CachedPage,
  type CatalogCache,
  type CatalogGame,
  type CatalogSnapshot,
  type GameDto,
  type GameFilter,
  gameJson,
  PAGE_SIZE,
} from './catalog';
import { type GameLaunchers, hashSessionToken } from './launch';
import * as repo from './repo';

export type CasinoDeps = {
  db: Db;
  catalog: CatalogCache;
  favorites: FavoriteCache;
  registry: GameLaunchers;
  /** Where a provider reaches our API for this tenant (the stand-in: this process's loopback address). */
  callbackBase: (provider: repo.ProviderRow, tenant: Tenant) => string;
};

export type Paged<T> = { data: T[]; current_page: number; last_page: number; per_page: number; total: number };

export const GAME_NOT_FOUND: Localized = { pt: 'Jogo não encontrado.', en: 'Game not found.' };
export const GAME_MAINTENANCE: Localized = {
  pt: 'Este jogo está em manutenção. Tente novamente mais tarde.',
  en: 'This game is under maintenance. Please try again later.',
};
const DEMO_UNAVAILABLE: Localized = {
  pt: 'Este jogo não tem modo demonstração.',
  en: 'This game has no demo mode.',
};
const LOGIN_TO_PLAY: Localized = {
  pt: 'Entre na sua conta para jogar com dinheiro real.',
  en: 'Log in to play for real money.',
};
const SELF_EXCLUDED: Localized = {
  pt: 'Sua conta está em autoexclusão: jogos com dinheiro real estão bloqueados.',
  en: 'Your account is self-excluded: real-money games are blocked.',
};

export const GAME_SESSION_TTL_MS = 6 * 60 * 60 * 1000;
const RELATED = 12;
const RAIL = 12;
export const BETS_PAGE_SIZE = 20;

function paged<T>(all: T[], page: number, size = PAGE_SIZE): Paged<T> {
  const total = all.length;
  return {
    data: all.slice((page - 1) * size, page * size),
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / size)),
    per_page: size,
    total,
  };
}

const withFav = (g: CatalogGame, favs: Set<number> | null): GameDto =>
  favs?.has(g.dto.id) ? { ...g.dto, hasFavorite: true } : g.dto;

/**
 * The players' favourite game ids, per process, for FAVORITES_TTL_MS: the lobby shows hasFavorite on every page a
 * logged-in player loads, and reading them on each request cost a round trip. A change through this process
 * (games/favorite) drops the entry at once; one made on another node shows here within FAVORITES_TTL_MS. Only the
 * hasFavorite flag of lists depends on it: the favourites page itself reads the database.
 */
export const FAVORITES_TTL_MS = 2_000;

export class FavoriteCache {
  private readonly entries = new Map<string, { ids: Set<number>; at: number; epoch: number }>();
  private epoch = 0;

  constructor(private readonly db: Db) {}

  private readonly loading = new Map<string, Promise<Set<number>>>();

  async get(tenantId: number, userId: number): Promise<Set<number>> {
    const key = `${tenantId}:${userId}`;
    const e = this.entries.get(key);
    const age = e ? Date.now() - e.at : Number.POSITIVE_INFINITY;
    if (e && age < FAVORITES_TTL_MS) {
      // Read again in the background from half its life on, so a player's pages never wait for it to run out.
      if (age >= FAVORITES_TTL_MS / 2 && !this.loading.has(key)) this.start(tenantId, userId, key).catch(() => {});
      return e.ids;
    }
    // Concurrent requests of one player share one read.
    return this.loading.get(key) ?? this.start(tenantId, userId, key);
  }

  private start(tenantId: number, userId: number, key: string): Promise<Set<number>> {
    const p: Promise<Set<number>> = this.load(tenantId, userId, key).finally(() => {
      if (this.loading.get(key) === p) this.loading.delete(key);
    });
    this.loading.set(key, p);
    return p;
  }

  private async load(tenantId: number, userId: number, key: string): Promise<Set<number>> {
    const epoch = this.epoch;
    // As fresh as the moment the read started.
    const at = Date.now();
    const ids = new Set(await repo.favoriteIds(this.db, tenantId, userId));
    // A change made while this read was in flight must not be hidden behind a stale entry.
    if (epoch === this.epoch) {
      if (this.entries.size > 50_000) this.entries.clear();
      this.entries.set(key, { ids, at, epoch });
    }
    return ids;
  }

  changed(tenantId: number, userId: number): void {
    this.epoch++;
    this.loading.delete(`${tenantId}:${userId}`);
    this.entries.delete(`${tenantId}:${userId}`);
  }
}

async function favSet(d: CasinoDeps, tenantId: number, userId: number | null): Promise<Set<number> | null> {
  return userId ? d.favorites.get(tenantId, userId) : null;
}

function pageBody(list: CatalogGame[], page: number, favs: Set<number> | null): string {
  const total = list.length;
  let data = '';
  for (const g of list.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE))
    data += (data ? ',' : '') + gameJson(g, favs?.has(g.dto.id) === true);
  const last = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return `{"data":[${data}],"current_page":${page},"last_page":${last},"per_page":${PAGE_SIZE},"total":${total}}`;
}

/**
 * GET /casinos/games: one page of 24, as JSON. Pages without any of the player's favourites (every guest's page)
 * come from a per-snapshot cache of encoded pages (the lobby's hot path); a page with favourites, and a page asked
 * for the first time, is built from the games' cached JSON and returned as a string.
 */
export async function listGames(
  d: CasinoDeps,
  o: { tenantId: number; userId: number | null; filter: GameFilter; page: number; url?: string },
): Promise<string | CachedPage> {
  const snap = await d.catalog.get(o.tenantId);
  const favs = await favSet(d, o.tenantId, o.userId);
  const filterKey = JSON.stringify(o.filter);
  const key = `${filterKey}|${o.page}`;
  let page = snap.pageCache.get(key);
  if (page) {
    if (favs && page.ids.some((id) => favs.has(id))) return pageBody(snap.filter(o.filter, filterKey), o.page, favs);
  } else {
    // Kept (the page, and the filter's result with it) from the second time it is asked for: see
    // CatalogSnapshot.admit. One key a request, so the record of what was asked holds as many searches as it can.
    const again = snap.admit(key);
    const list = snap.filter(o.filter, filterKey, again);
    const onPage = list.slice((o.page - 1) * PAGE_SIZE, o.page * PAGE_SIZE);
    if (favs && onPage.some((g) => favs.has(g.dto.id))) return pageBody(list, o.page, favs);
    const json = pageBody(list, o.page, null);
    // A page asked for the first time (most searches of a busy lobby are someone's own) is sent as it is, as a
    // string: the socket write encodes a string of this size on the stack, where a Buffer of its own costs an
    // allocation off the heap and later its collection (measured in bench/README.md, the lobby's one-off searches).
    if (!again) return json;
    page = { body: Buffer.from(json), gzip: null, ids: onPage.map((g) => g.dto.id) };
    snap.pageCache.set(key, page);
  }
  // The request's URL leads to the kept page from now on (several URLs may name one page: parameters in another
  // order, a category "all").
  if (o.url !== undefined) snap.urlCache.set(o.url, page);
  return page;
}

/**
 * The lobby's hot path: a request URL seen before on this catalog snapshot (so already validated) is answered from
 * its cached page, unless the page holds one of the player's favourites (then null: the full path builds it).
 */
export async function cachedListGames(
  d: CasinoDeps,
  o: { tenantId: number; userId: number | null; url: string },
): Promise<CachedPage | null> {
  const page = (await d.catalog.get(o.tenantId)).urlCache.get(o.url);
  if (!page) return null;
  const favs = await favSet(d, o.tenantId, o.userId);
  return favs && page.ids.some((id) => favs.has(id)) ? null : page;
}

/**
 * Below this, a page is sent as it is, not gzipped: a search that matches nothing or a few games makes a few
 * hundred bytes, which gzip would shrink by less than a network packet's worth, at the cost of a compressor's set-up
 * (about half the cost of compressing a whole page). The usual threshold of compression middleware (1 KB).
 */
export const GZIP_MIN_BYTES = 1024;

/**
 * The bytes of a kept page to send: gzipped (made once, kept with the page) when the client takes gzip and the page
 * is not tiny (GZIP_MIN_BYTES). A page asked for once is not kept, and is sent as it is (compressing it would cost
 * more than the bytes it saves).
 *
 * Level 2, not zlib's default 6: a third less time for a page a few percent larger (bench/README.md). When players
 * search for many different things, pages are compressed all the time, on the event loop that every other request
 * waits behind; libuv's thread pool would add two thread wake-ups per page, more than the compression itself.
 */
export function pageBytes(page: CachedPage, acceptsGzip: boolean): { bytes: Buffer; gzip: boolean } {
  if (!acceptsGzip || page.body.length < GZIP_MIN_BYTES) return { bytes: page.body, gzip: false };
  page.gzip ??= gzipSync(page.body, { level: 2 });
  return { bytes: page.gzip, gzip: true };
}

export async function listCategories(d: CasinoDeps, tenantId: number, locale: Locale) {
  return { data: (await d.catalog.get(tenantId)).categoriesDto(locale) };
}

export async function listProviders(d: CasinoDeps, tenantId: number) {
  return { data: (await d.catalog.get(tenantId)).providersDto() };
}

/** The home page's rails: the operator's home picks, the most played, the newest, then one rail per category. */
export async function homeGames(d: CasinoDeps, o: { tenantId: number; userId: number | null; locale: Locale }) {
  const snap = await d.catalog.get(o.tenantId);
  const favs = await favSet(d, o.tenantId, o.userId);
  const rails: { slug: string; name: string; games: GameDto[] }[] = [];
  const home = snap.games.filter((g) => g.featuredHome);
  if (home.length)
    rails.push({
      slug: 'featured',
      name: o.locale === 'en' ? 'Featured' : 'Destaques',
      games: home.slice(0, RAIL).map((g) => withFav(g, favs)),
    });
  const all = { searchTerm: '', category: '', provider: '', type: '', bonuses: false } as const;
  rails.push(
    {
      slug: 'popular',
      name: o.locale === 'en' ? 'Most played' : 'Mais jogados',
      games: snap
        .filter({ ...all, sort: 'popular' })
        .slice(0, RAIL)
        .map((g) => withFav(g, favs)),
    },
    {
      slug: 'new',
      name: o.locale === 'en' ? 'New games' : 'Novidades',
      games: snap
        .filter({ ...all, sort: 'new' })
        .slice(0, RAIL)
        .map((g) => withFav(g, favs)),
    },
  );
  for (const c of snap.categoriesDto(o.locale)) {
    const games = snap.games.filter((g) => g.dto.category_slug === c.slug).slice(0, RAIL);
    if (games.length) rails.push({ slug: c.slug, name: c.name, games: games.map((g) => withFav(g, favs)) });
  }
  return { data: rails.filter((r) => r.games.length > 0) };
}

export async function featuredGames(d: CasinoDeps, o: { tenantId: number; userId: number | null }) {
  const snap = await d.catalog.get(o.tenantId);
  const favs = await favSet(d, o.tenantId, o.userId);
  return { data: snap.games.filter((g) => g.featured).map((g) => withFav(g, favs)) };
}

function findGame(snap: CatalogSnapshot, ref: { id?: number; provider?: string; game?: string }): CatalogGame {
  const g =
    ref.id !== undefined
      ? snap.byId.get(ref.id)
      : ref.provider && ref.game
        ? snap.byCode.get(`${ref.provider.toLowerCase()}/${ref.game.toLowerCase()}`)
        : undefined;
  if (!g) throw new AppError('not_found', GAME_NOT_FOUND);
  return g;
}

/** games/get: one game (by id, or by the provider and game codes of its page URL); counts a view. */
export async function getGame(
  d: CasinoDeps,
  o: { tenantId: number; userId: number | null; ref: { id?: number; provider?: string; game?: string } },
) {
  const snap = await d.catalog.get(o.tenantId);
  const g = findGame(snap, o.ref);
  await repo.addView(d.db, o.tenantId, g.dto.id);
  // This node's copy follows at once; others catch up at their next reload.
  g.dto.views += 1;
  g.json = null;
  const favs = await favSet(d, o.tenantId, o.userId);
  return { data: withFav(g, favs) };
}

/** games/getRelated: the same category first (most viewed), then the same provider; never the game itself. */
export async function relatedGames(d: CasinoDeps, o: { tenantId: number; userId: number | null; id: number }) {
  const snap = await d.catalog.get(o.tenantId);
  const g = findGame(snap, { id: o.id });
  const sameCat = snap.games.filter((x) => x !== g && x.dto.category_slug === g.dto.category_slug);
  const sameProv = snap.games.filter(
    (x) => x !== g && x.dto.category_slug !== g.dto.category_slug && x.dto.providercode === g.dto.providercode,
  );
  const favs = await favSet(d, o.tenantId, o.userId);
  return { data: [...sameCat, ...sameProv].slice(0, RELATED).map((x) => withFav(x, favs)) };
}

export async function recentGames(d: CasinoDeps, o: { tenantId: number; userId: number; page: number }) {
  const snap = await d.catalog.get(o.tenantId);
  const { rows, total } = await repo.listRecents(d.db, o.tenantId, o.userId, PAGE_SIZE, (o.page - 1) * PAGE_SIZE);
  const favs = await favSet(d, o.tenantId, o.userId);
  const data = rows.flatMap((r) => {
    const g = snap.byId.get(r.game_id);
    return g ? [{ ...withFav(g, favs), played_at: r.played_at.toISOString() }] : [];
  });
  return {
    data,
    current_page: o.page,
    last_page: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    per_page: PAGE_SIZE,
    total,
  };
}

export async function favoriteGames(d: CasinoDeps, o: { tenantId: number; userId: number; page: number }) {
  const snap = await d.catalog.get(o.tenantId);
  const rows = await repo.listFavorites(d.db, o.tenantId, o.userId);
  const games = rows.flatMap((r) => {
    const g = snap.byId.get(r.game_id);
    return g ? [{ ...g.dto, hasFavorite: true }] : [];
  });
  return paged(games, o.page);
}

export async function setFavorite(
  d: CasinoDeps,
  o: { tenantId: number; userId: number; gameId: number; action: 'add' | 'remove' },
) {
  const snap = await d.catalog.get(o.tenantId);
  const g = findGame(snap, { id: o.gameId });
  if (o.action === 'add') await repo.addFavorite(d.db, o.tenantId, o.userId, g.dto.id);
  else await repo.removeFavorite(d.db, o.tenantId, o.userId, g.dto.id);
  d.favorites.changed(o.tenantId, o.userId);
  return { game_id: g.dto.id, hasFavorite: o.action === 'add' };
}

/** games/like: the newest op id wins; answers the state now stored (which may be a newer send's). */
export async function setLike(
  d: CasinoDeps,
  o: { tenantId: number; userId: number; gameId: number; liked: boolean; opId: number },
) {
  const snap = await d.catalog.get(o.tenantId);
  const g = findGame(snap, { id: o.gameId });
  const saved = await repo.saveLike(d.db, { ...o, gameId: g.dto.id });
  return { game_id: g.dto.id, liked: saved.liked, opId: saved.op_id, applied: saved.op_id === o.opId };
}

export async function userLikes(d: CasinoDeps, tenantId: number, userId: number) {
  return { user_likes: await repo.likedGameIds(d.db, tenantId, userId) };
}

/**
 * games/url: a launch. Real money needs a logged-in player who is not self-excluded and a game that has a
 * real-money mode; demo needs a game that offers it. The session row is committed before the provider is called
 * (never a transaction across another system); a provider failure is "maintenance" to the player.
 */
export async function launchGame(
  d: CasinoDeps,
  o: { tenant: Tenant; userId: number | null; gameId: number; demo: boolean; locale: Locale; origin: string },
) {
  const snap = await d.catalog.get(o.tenant.id);
  const g = findGame(snap, { id: o.gameId });
  const provider = snap.providers.find((p) => p.id === g.providerId);
  const adapter = provider ? d.registry.get(provider.protocol) : undefined;
  if (!provider || !adapter) throw new AppError('unavailable', GAME_MAINTENANCE);
  const demo = o.demo || g.dto.only_demo;
  if (demo && !g.dto.demo_allowed) throw new AppError('validation', DEMO_UNAVAILABLE, { demo: [DEMO_UNAVAILABLE] });
  if (!demo && !o.userId) throw new AppError('unauthorized', LOGIN_TO_PLAY);
  let token: string | null = null;
  if (!demo && o.userId) {
    const flags = await repo.playerFlags(d.db, o.tenant.id, o.userId);
    if (!flags) throw new AppError('unauthorized');
    if (flags.self_exclusion_end && flags.self_exclusion_end > new Date())
      throw new AppError('forbidden', SELF_EXCLUDED);
  }
  // In-site games (Sorte Originals) settle in-process through the wallet: no provider session token.
  if (!demo && o.userId && !adapter.inSite) {
    token = randomBytes(32).toString('base64url');
    await repo.insertGameSession(d.db, {
      tenantId: o.tenant.id,
      userId: o.userId,
      gameId: g.dto.id,
      providerId: provider.id,
      tokenHash: hashSessionToken(token),
      demo: false,
      ttlMs: GAME_SESSION_TTL_MS,
    });
  }
  const callbackUrl = `${d.callbackBase(provider, o.tenant)}/api/providers/${provider.code}`;
  let url: string;
  try {
    ({ url } = await adapter.launch({
      provider,
      providerGameId: g.providerGameId,
      sessionToken: token,
      playerId: o.userId ? String(o.userId) : null,
      demo,
      language: o.locale,
      currency: 'BRL',
      callbackUrl,
      callbackHost: o.tenant.primaryHost || o.origin,
      lobbyUrl: `${o.locale === 'en' ? '/en' : ''}/casino/games`,
    }));
  } catch {
    throw new AppError('unavailable', GAME_MAINTENANCE);
  }
  if (o.userId) await repo.touchRecent(d.db, o.tenant.id, o.userId, g.dto.id);
  return { url, demo, game_id: g.dto.id };
}

/** GET wallet/bets: the player's casino rounds, newest first. */
export async function listBets(d: CasinoDeps, o: { tenantId: number; userId: number; page: number }) {
  const snap = await d.catalog.get(o.tenantId);
  const { rows, total } = await repo.listBets(
    d.db,
    o.tenantId,
    o.userId,
    BETS_PAGE_SIZE,
    (o.page - 1) * BETS_PAGE_SIZE,
  );
  return {
    data: rows.map((r) => {
      const g = snap.byId.get(r.game_id);
      return {
        id: r.id,
        round_id: r.round_id,
        game: g
          ? {
              id: g.dto.id,
              title: g.dto.title,
              image: g.dto.image,
              providercode: g.dto.providercode,
              gamecode: g.dto.gamecode,
              provider_name: g.dto.provider_name,
            }
          : { id: r.game_id, title: null, image: null, providercode: null, gamecode: null, provider_name: null },
        bet: r.bet_total,
        win: r.win_total,
        profit: r.win_total - r.bet_total,
        multiplier: r.bet_total > 0 ? Math.round((r.win_total / r.bet_total) * 100) / 100 : 0,
        status: r.status,
        created_at: r.started_at.toISOString(),
        closed_at: r.closed_at?.toISOString() ?? null,
      };
    }),
    current_page: o.page,
    last_page: Math.max(1, Math.ceil(total / BETS_PAGE_SIZE)),
    per_page: BETS_PAGE_SIZE,
    total,
  };
}
