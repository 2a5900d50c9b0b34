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
import type { ContractTypeProvider } from '../../platform/contracts';
import type { Db } from '../../platform/db/index';
import { acceptsGzip } from '../../platform/http';
import { normalizeHost } from '../../platform/tenancy';
import { CatalogCache } from './catalog';
import type { GameLaunchers } from './launch';
import { syncOriginalsAllTenants } from './originals';
import * as casino from './service';

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
export async function casinoRoutes(fastify: FastifyInstance, opts: CasinoRouteOptions) {
  const app = fastify.withTypeProvider<ContractTypeProvider>();
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
  // Before validation: a guest gets 401 before any field is read.
  const authed = { preValidation: requireUser(db) };
  const uid = async (req: FastifyRequest) => (await optionalUser(db, req))?.id ?? null;

  app.get('/categories', { schema: categoriesCall }, async (req) =>
    casino.listCategories(deps, req.tenant.id, req.locale),
  );
  app.get('/games/providers', { schema: providersCall }, async (req) => casino.listProviders(deps, req.tenant.id));

  app.get('/casinos/games', { schema: lobbyCall }, async (req, reply) => {
    const userId = await uid(req);
    const { page: number, ...filter } = req.query;
    const page =
      (await casino.cachedListGames(deps, { tenantId: req.tenant.id, userId, url: req.url })) ??
      (await casino.listGames(deps, { tenantId: req.tenant.id, userId, filter, page: number, url: req.url }));
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
    casino.recentGames(deps, { tenantId: req.tenant.id, userId: currentUser(req).id, page: req.query.page }),
  );

  app.post('/games/get', { schema: getGameCall }, async (req) =>
    casino.getGame(deps, { tenantId: req.tenant.id, userId: await uid(req), ref: req.body }),
  );
  app.post('/games/getRelated', { schema: relatedGamesCall }, async (req) =>
    casino.relatedGames(deps, { tenantId: req.tenant.id, userId: await uid(req), id: req.body.id }),
  );

  app.post('/games/favorite/:gameId', { ...authed, schema: favoriteCall }, async (req) =>
    casino.setFavorite(deps, {
      tenantId: req.tenant.id,
      userId: currentUser(req).id,
      gameId: req.params.gameId,
      action: req.body.action,
    }),
  );

  app.get('/profile/favorites', { ...authed, schema: favoritesCall }, async (req) =>
    casino.favoriteGames(deps, {
      tenantId: req.tenant.id,
      userId: currentUser(req).id,
      page: req.query.page,
    }),
  );

  app.post('/games/like/:gameId', { ...authed, schema: likeCall }, async (req) =>
    casino.setLike(deps, {
      tenantId: req.tenant.id,
      userId: currentUser(req).id,
      gameId: req.params.gameId,
      liked: req.body.liked,
      opId: req.body.opId,
    }),
  );

  app.get('/games/likes', { ...authed, schema: likesCall }, async (req) =>
    casino.userLikes(deps, req.tenant.id, currentUser(req).id),
  );

  app.post('/games/url', { schema: launchCall }, async (req) => {
    const user = await optionalUser(db, req);
    return casino.launchGame(deps, {
      tenant: req.tenant,
      userId: user?.id ?? null,
      gameId: req.body.game_id,
      demo: req.body.demo,
      locale: req.locale,
      origin: normalizeHost(req.host) ?? req.tenant.primaryHost,
    });
  });

  app.get('/wallet/bets', { ...authed, schema: casinoBetsCall }, async (req) =>
    casino.listBets(deps, { tenantId: req.tenant.id, userId: currentUser(req).id, page: req.query.page }),
  );

  await opts.withCatalog?.(app, catalog);
}
