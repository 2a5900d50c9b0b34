import type { AddressInfo } from 'node:net';
import {
  casinoBetsCall,
  categoriesCall,
  favoriteCall,
  favoritesCall,
  featuredGamesCall,
  getGameCall,
  homeGamesCall,
  launchCall,
  likeCall,
  likesCall,
  lobbyCall,
  providersCall,
  recentGamesCall,
  relatedGamesCall,
} from '@sorte/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AuthUser, currentUser, findSessionUser, requireUser } from '../../platform/auth';
import type { Db } from '../../platform/db/index';
import { AppError, type Localized } from '../../platform/errors';
import { acceptsGzip } from '../../platform/http';
import { normalizeHost } from '../../platform/tenancy';
import { CatalogCache, type GameFilter } from './catalog';
import type { GameLaunchers } from './launch';
import { syncOriginalsAllTenants } from './originals';
import * as casino from './service';

const INVALID: Localized = { pt: 'Valor inválido.', en: 'Invalid value.' };
const PAGE: Localized = { pt: 'Página inválida.', en: 'Invalid page.' };
const ACTION: Localized = { pt: 'Ação inválida: use "add" ou "remove".', en: 'Invalid action: use "add" or "remove".' };
const LIKED: Localized = { pt: 'Informe se o jogo foi curtido.', en: 'Say whether the game is liked.' };
const OP_ID: Localized = {
  pt: 'opId deve ser um número inteiro positivo.',
  en: 'opId must be a positive whole number.',
};
const TERM: Localized = {
  pt: 'A busca deve ter no máximo 100 caracteres.',
  en: 'Search must be at most 100 characters.',
};

const bad = (field: string, m: Localized) => new AppError('validation', m, { [field]: [m] });

const asObj = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' ? (v as Record<string, unknown>) : {};

function pageOf(q: Record<string, unknown>): number {
  const v = q.page;
  if (v === undefined || v === '') return 1;
  if (typeof v !== 'string' || !/^\d{1,5}$/.test(v) || Number(v) < 1) throw bad('page', PAGE);
  return Number(v);
}

function idOf(v: unknown, field: string): number {
  const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
  if (!/^\d{1,15}$/.test(s) || Number(s) < 1) throw bad(field, INVALID);
  return Number(s);
}

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const SORTS = new Set(['default', 'popular', 'az', 'za', 'new', 'rtp']);
const bool = (v: unknown) => v === true || v === 'true' || v === '1' || v === 1;

const strOf = (q: Record<string, unknown>, k: string) => (typeof q[k] === 'string' ? (q[k] as string).trim() : '');

function slugOrEmpty(q: Record<string, unknown>, k: string): string {
  const v = strOf(q, k).toLowerCase();
  if (v === 'all') return '';
  if (v && !SLUG.test(v.replace(/_/g, '-'))) throw bad(k, INVALID);
  return v;
}

// The helpers above are module functions, not closures made on each call: the lobby's misses run this per request.
function filterOf(q: Record<string, unknown>): GameFilter {
  const searchTerm = strOf(q, 'searchTerm');
  if (searchTerm.length > 100) throw bad('searchTerm', TERM);
  const sort = strOf(q, 'sort') || 'default';
  if (!SORTS.has(sort)) throw bad('sort', INVALID);
  return {
    searchTerm,
    category: slugOrEmpty(q, 'category'),
    provider: slugOrEmpty(q, 'provider'),
    type: slugOrEmpty(q, 'type'),
    bonuses: bool(q.bonuses),
    sort: sort as GameFilter['sort'],
  };
}

/** The player behind an optional bearer token (lists work for guests; logged-in players also get hasFavorite). */
async function optionalUser(db: Db, req: FastifyRequest): Promise<AuthUser | null> {
  const m = /^Bearer\s+([A-Za-z0-9_-]{20,100})\s*$/i.exec(String(req.headers.authorization ?? ''));
  return m ? findSessionUser(db, req.tenant.id, m[1]!) : null;
}

export type CasinoRouteOptions = {
  /** The game providers' launchers by protocol (app.ts passes the providers module's registry). */
  launchers: GameLaunchers;
  /** Mounts, beside these, routes that share the casino's catalog cache (app.ts: the provider callbacks). */
  withCatalog?: (app: FastifyInstance, catalog: CatalogCache) => PromiseLike<unknown>;
};

/** Casino calls of spec section 7 under /api. One catalog cache per app. */
export async function casinoRoutes(app: FastifyInstance, opts: CasinoRouteOptions) {
  const { db, config } = app;
  // Every existing tenant has the Sorte Originals provider and games in its catalog (new ones: first catalog load).
  await syncOriginalsAllTenants(db);
  const catalog = new CatalogCache(db);
  const deps: casino.CasinoDeps = {
    db,
    catalog,
    favorites: new casino.FavoriteCache(db),
    registry: opts.launchers,
    callbackBase: (provider, tenant) => {
      if (provider.api_url === 'sandbox:') {
        const addr = app.server.address() as AddressInfo | null;
        if (!addr || typeof addr !== 'object') throw new Error('not listening');
        return `http://127.0.0.1:${addr.port}`;
      }
      return config.publicUrl?.replace(/\/+$/, '') ?? `https://${tenant.primaryHost}`;
    },
  };
  const authed = { preHandler: requireUser(db) };
  const uid = async (req: FastifyRequest) => (await optionalUser(db, req))?.id ?? null;

  app.get('/categories', { schema: categoriesCall }, async (req) =>
    casino.listCategories(deps, req.tenant.id, req.locale),
  );
  app.get('/games/providers', { schema: providersCall }, async (req) => casino.listProviders(deps, req.tenant.id));

  app.get('/casinos/games', { schema: lobbyCall }, async (req, reply) => {
    const userId = await uid(req);
    const q = asObj(req.query);
    const page =
      (await casino.cachedListGames(deps, { tenantId: req.tenant.id, userId, url: req.url })) ??
      (await casino.listGames(deps, {
        tenantId: req.tenant.id,
        userId,
        filter: filterOf(q),
        page: pageOf(q),
        url: req.url,
      }));
    reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    if (typeof page === 'string') return reply.send(page);
    const out = casino.pageBytes(page, acceptsGzip(req));
    if (out.gzip) reply.header('content-encoding', 'gzip');
    return reply.send(out.bytes);
  });

  app.get('/featured/home-games', { schema: homeGamesCall }, async (req) =>
    casino.homeGames(deps, { tenantId: req.tenant.id, userId: await uid(req), locale: req.locale }),
  );
  app.get('/featured/games', { schema: featuredGamesCall }, async (req) =>
    casino.featuredGames(deps, { tenantId: req.tenant.id, userId: await uid(req) }),
  );

  app.get('/games/recent', { ...authed, schema: recentGamesCall }, async (req) =>
    casino.recentGames(deps, { tenantId: req.tenant.id, userId: currentUser(req).id, page: pageOf(asObj(req.query)) }),
  );

  const gameRef = (b: Record<string, unknown>) => {
    const id = b.game_id ?? b.id;
    if (id !== undefined && id !== null && id !== '') return { id: idOf(id, 'game_id') };
    const provider = typeof b.provider === 'string' ? b.provider.trim() : '';
    const game = typeof b.game === 'string' ? b.game.trim() : '';
    if (!provider || !game) throw bad('game_id', INVALID);
    return { provider, game };
  };

  app.post('/games/get', { schema: getGameCall }, async (req) =>
    casino.getGame(deps, { tenantId: req.tenant.id, userId: await uid(req), ref: gameRef(asObj(req.body)) }),
  );
  app.post('/games/getRelated', { schema: relatedGamesCall }, async (req) => {
    const b = asObj(req.body);
    return casino.relatedGames(deps, {
      tenantId: req.tenant.id,
      userId: await uid(req),
      id: idOf(b.game_id ?? b.id, 'game_id'),
    });
  });

  app.post('/games/favorite/:gameId', { ...authed, schema: favoriteCall }, async (req) => {
    const b = asObj(req.body);
    if (b.action !== 'add' && b.action !== 'remove') throw bad('action', ACTION);
    return casino.setFavorite(deps, {
      tenantId: req.tenant.id,
      userId: currentUser(req).id,
      gameId: idOf((req.params as { gameId: string }).gameId, 'gameId'),
      action: b.action,
    });
  });

  app.get('/profile/favorites', { ...authed, schema: favoritesCall }, async (req) =>
    casino.favoriteGames(deps, {
      tenantId: req.tenant.id,
      userId: currentUser(req).id,
      page: pageOf(asObj(req.query)),
    }),
  );

  app.post('/games/like/:gameId', { ...authed, schema: likeCall }, async (req) => {
    const b = asObj(req.body);
    if (typeof b.liked !== 'boolean') throw bad('liked', LIKED);
    if (typeof b.opId !== 'number' || !Number.isSafeInteger(b.opId) || b.opId < 1) throw bad('opId', OP_ID);
    return casino.setLike(deps, {
      tenantId: req.tenant.id,
      userId: currentUser(req).id,
      gameId: idOf((req.params as { gameId: string }).gameId, 'gameId'),
      liked: b.liked,
      opId: b.opId,
    });
  });

  app.get('/games/likes', { ...authed, schema: likesCall }, async (req) =>
    casino.userLikes(deps, req.tenant.id, currentUser(req).id),
  );

  app.post('/games/url', { schema: launchCall }, async (req) => {
    const b = asObj(req.body);
    const demo = b.demo === undefined ? false : bool(b.demo);
    const user = await optionalUser(db, req);
    return casino.launchGame(deps, {
      tenant: req.tenant,
      userId: user?.id ?? null,
      gameId: idOf(b.game_id, 'game_id'),
      demo,
      locale: req.locale,
      origin: normalizeHost(req.host) ?? req.tenant.primaryHost,
    });
  });

  app.get('/wallet/bets', { ...authed, schema: casinoBetsCall }, async (req) =>
    casino.listBets(deps, { tenantId: req.tenant.id, userId: currentUser(req).id, page: pageOf(asObj(req.query)) }),
  );

  await opts.withCatalog?.(app, catalog);
}
