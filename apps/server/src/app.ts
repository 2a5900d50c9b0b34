import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, LogController, type RouteOptions } from 'fastify';
import type { Config } from './config';
import { ADMIN_JOBS, adminRoutes, registerAdminConsole } from './modules/admin/index';
import { devOutboxPage } from './modules/auth/dev-outbox';
import { accountRoutes } from './modules/auth/plugin';
import { boxesRoutes, boxGrantProblem, findBox, grantBox, seedDemoBoxes } from './modules/boxes/index';
import { casinoRoutes } from './modules/casino/routes';
import { chatConsumer } from './modules/chat/index';
import { chatRoutes } from './modules/chat/routes';
import { betFeedConsumer } from './modules/feed/index';
import { feedRoutes } from './modules/feed/routes';
import { kycRoutes } from './modules/kyc/index';
import { MISSIONS_JOBS, missionsConsumer, missionsRoutes, seedDemoMissions } from './modules/missions/index';
import { notificationsConsumer } from './modules/notifications/index';
import { notificationRoutes } from './modules/notifications/routes';
import { cancelOpenBets } from './modules/originals/index';
import { originalsRoutes } from './modules/originals/routes';
import { devPixPage, PAYMENT_JOBS, usePromotionHooks, walletModule } from './modules/payments/index';
import { geoipRoute, profileRoutes } from './modules/profile/index';
import { CASHBACK_JOBS, cashbackRoutes } from './modules/promotions/cashback/index';
import {
  freeSpinWin,
  grantOffer,
  offerRewardProblem,
  PROMOTIONS_JOBS,
  paymentHooks,
  promotionsConsumer,
  promotionsRoutes,
  seedDemoPromotions,
  useFreeRounds,
} from './modules/promotions/index';
import {
  cancelOpenRounds,
  freeRounds,
  providerCallbackRoutes,
  providerRegistry,
  useFreeRoundWins,
} from './modules/providers/index';
import { seedSandboxDemo } from './modules/providers/sandbox/connect';
import { sandboxProviderRoutes } from './modules/providers/sandbox/server';
import { manifestRoute } from './modules/push/manifest';
import { pushRoutes } from './modules/push/routes';
import { realtimeConsumer } from './modules/realtime/consumers';
import { broadcastingRoutes } from './modules/realtime/routes';
import { REFERRALS_JOBS, referralsConsumer, referralsRoutes, registrationHook } from './modules/referrals/index';
import {
  loginGate,
  RESPONSIBLE_GAMING_JOBS,
  responsibleGamingConsumer,
  settleOpenBetsWith,
  touchSession,
} from './modules/responsible-gaming/index';
import { responsibleGamingRoutes } from './modules/responsible-gaming/routes';
import { seedRegulatedDemoTenant } from './modules/responsible-gaming/seed';
import { HtmlShell, pageCsp, pageLocale, routeFor } from './modules/site/html';
import { rootSiteConfigRoute, siteRoutes } from './modules/site/routes';
import { seedDemoTenant } from './modules/site/seed';
import { SPORTS_JOBS, seedDemoSports, sportsRoutes } from './modules/sports/index';
import { findTenantByHost } from './modules/tenants/repo';
import { seedDemoVip, useVipBoxes, useVipOffers, VIP_JOBS, vipConsumer, vipRoutes } from './modules/vip/index';
import { opsRoutes } from './ops/http';
import { registerContracts } from './platform/contracts';
import { type Db, openDb } from './platform/db/index';
import { migrate } from './platform/db/migrate';
import { AppError, errorBody } from './platform/errors';
import { startEventsAndJobs } from './platform/events/index';
import { NO_CACHE, sendPrepared } from './platform/http';
import { answerFrameworkError, registerInputGuard } from './platform/input';
import { registerErrorHandling, tenantHook } from './platform/plugins';
import { realtimeRelayConsumer, registerRealtime } from './platform/realtime/index';
import { localDiskStorage } from './platform/storage';
import { normalizeHost, TenantResolver } from './platform/tenancy';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    tenants: TenantResolver;
  }
}

export type AppDeps = {
  db?: Db;
  /** Sees every route as it is registered (the route fuzz test sends its probes to each). */
  onRoute?: (route: RouteOptions) => void;
};

const SERVER_PUBLIC = path.resolve(import.meta.dirname, '../public');
const ASSET_EXT = /\.[a-z0-9]{1,8}$/i;

/** Builds the whole server: database, migrations, demo seed, API, static files and pages. Tests call this. */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    logController: new LogController({ disableRequestLogging: !config.logRequests }),
    trustProxy: config.trustedProxies.length ? config.trustedProxies : false,
    bodyLimit: 1024 * 1024,
    // A first start migrates and seeds a new database while the leased jobs begin: on a busy small machine a plugin
    // can wait longer than Fastify's 10 s default, which would abort a start that was merely slow.
    pluginTimeout: 60_000,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    frameworkErrors: answerFrameworkError,
  });
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);

  const db = deps.db ?? (await openDb(config));
  if (!deps.db) app.addHook('onClose', () => db.close());
  await migrate(db);
  if (config.seedDemo) await seedDemoTenant(db);
  if (config.seedDemo) await seedRegulatedDemoTenant(db);
  if (config.seedDemo) await seedSandboxDemo(db);
  if (config.seedDemo) await seedDemoPromotions(db);
  if (config.seedDemo) await seedDemoVip(db);
  if (config.seedDemo) await seedDemoMissions(db);
  if (config.seedDemo) await seedDemoBoxes(db);
  // The demo's live book; not under test, where a feed playing in the background would race the tests' own clock.
  if (config.seedDemo && config.env !== 'test') await seedDemoSports(db);

  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate(
    'tenants',
    new TenantResolver((host) => findTenantByHost(db, host), config.tenantCacheTtlMs, config.tenantNegativeCacheTtlMs),
  );

  registerErrorHandling(app);
  registerInputGuard(app);
  await registerContracts(app);

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_req, reply) => {
    try {
      await Promise.race([
        db.query('select 1'),
        new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000).unref()),
      ]);
      return { status: 'ok', database: db.kind };
    } catch {
      return reply.code(503).send({ status: 'unavailable', database: db.kind });
    }
  });

  const resolveTenant = tenantHook(app.tenants);
  // A stop on an account (self-exclusion, closure, the national list) refunds the open bets of these products.
  settleOpenBetsWith([cancelOpenBets, cancelOpenRounds]);
  // A withdrawal asks promotions about an active bonus, and a PIX charge about its coupon, through these hooks.
  usePromotionHooks(paymentHooks);
  // A VIP level's bonus-offer reward is granted by promotions (which depends on vip through auth: a port, not an import).
  useVipOffers({ grant: grantOffer, check: offerRewardProblem });
  useVipBoxes({
    grant: (tx, o) => grantBox(tx, { ...o, source: 'vip' }),
    check: (sql, o) => boxGrantProblem(sql, o.tenantId, o.boxId),
    find: (sql, o) => findBox(sql, o.tenantId, o.ref),
  });
  await registerRealtime(app);
  await startEventsAndJobs(app, {
    consumers: [
      realtimeRelayConsumer,
      realtimeConsumer,
      notificationsConsumer(db),
      betFeedConsumer,
      responsibleGamingConsumer(db),
      promotionsConsumer,
      vipConsumer,
      missionsConsumer,
      chatConsumer,
      referralsConsumer(db),
    ],
    jobs: [
      ...(config.pix.jobs ? PAYMENT_JOBS : []),
      ...RESPONSIBLE_GAMING_JOBS,
      ...CASHBACK_JOBS,
      ...PROMOTIONS_JOBS,
      ...VIP_JOBS,
      ...MISSIONS_JOBS,
      ...REFERRALS_JOBS,
      ...SPORTS_JOBS,
      ...ADMIN_JOBS,
    ],
    paused: () => app.realtime.dispatchPaused || app.realtime.domainEventsHeld,
  });
  await app.register(
    async (api) => {
      api.addHook('onRequest', resolveTenant);
      // A logged-in player's request is activity: it keeps their play session from the idle close.
      api.addHook('onResponse', async (req) => {
        if (req.user) await touchSession(db, { tenantId: req.user.tenantId, userId: req.user.id }).catch(() => {});
      });
      await api.register(siteRoutes);
      // A registration with a referral code asks refer-a-friend whether the link stands.
      await api.register(accountRoutes, { gate: loginGate, referrals: registrationHook });
      await api.register(profileRoutes, { db, storage: localDiskStorage(path.join(config.dataDir, 'files')) });
      await api.register(geoipRoute);
      await api.register(walletModule);
      await api.register(kycRoutes);
      // The casino launches games through the providers' adapters, and the providers' callbacks (/api/providers/...)
      // find their provider in the casino's catalog cache: composed here, so neither module imports the other both
      // ways.
      const gameProviders = providerRegistry(app);
      // Free spins: promotions creates and cancels campaigns through the providers' free rounds, and the wallet pays
      // each free round's win into promotions' free-spins bonus.
      useFreeRounds(freeRounds(gameProviders));
      useFreeRoundWins(freeSpinWin);
      await api.register(casinoRoutes, {
        launchers: gameProviders,
        withCatalog: (scope, catalog) =>
          scope.register(providerCallbackRoutes, { db, registry: gameProviders, catalog }),
      });
      await api.register(broadcastingRoutes);
      await api.register(chatRoutes);
      await api.register(feedRoutes);
      await api.register(notificationRoutes);
      await api.register(pushRoutes);
      await api.register(originalsRoutes);
      await api.register(responsibleGamingRoutes);
      await api.register(cashbackRoutes);
      await api.register(promotionsRoutes);
      await api.register(vipRoutes);
      await api.register(missionsRoutes);
      await api.register(referralsRoutes);
      await api.register(sportsRoutes);
      await api.register(boxesRoutes);
      await api.register(adminRoutes, { prefix: '/admin' });
    },
    { prefix: '/api' },
  );
  await app.register(async (root) => {
    root.addHook('onRequest', resolveTenant);
    await root.register(rootSiteConfigRoute);
    await root.register(manifestRoute);
    if (config.devTools) await root.register(devOutboxPage);
    if (config.devTools) await root.register(devPixPage);
  });
  // The built-in game provider stand-in (a separate system that runs in this process for the demo catalog).
  if (config.devTools || config.seedDemo) sandboxProviderRoutes(app, db);
  opsRoutes(app);

  await registerAdminConsole(app, config);
  await registerStatic(app, config);
  registerPages(app, config);
  return app;
}

async function registerStatic(app: FastifyInstance, config: Config) {
  await app.register(fastifyStatic, {
    root: SERVER_PUBLIC,
    prefix: '/static/',
    decorateReply: false,
    index: false,
    setHeaders: (res) => res.setHeader('cache-control', 'public, max-age=3600'),
  });
  if (!fs.existsSync(path.join(config.webDist, 'index.html'))) {
    app.log.warn({ webDist: config.webDist }, 'web bundle not built: pages answer 503 until `npm run build`');
    return;
  }
  // Hashed bundles: looked up per request (wildcard), so a rebuild while the server runs serves the new files that
  // the reloaded index.html names (HtmlShell re-reads it when it changes).
  const assets = path.join(config.webDist, 'assets');
  if (fs.existsSync(assets))
    await app.register(fastifyStatic, {
      root: assets,
      prefix: '/assets/',
      wildcard: true,
      index: false,
      preCompressed: true,
      decorateReply: false,
      maxAge: 31_536_000_000,
      immutable: true,
    });
  // Top-level files (service worker, manifest icons ...): one route each, so every other path reaches the page
  // handler (404 page or the SPA route).
  await app.register(fastifyStatic, {
    root: config.webDist,
    prefix: '/',
    wildcard: false,
    index: false,
    preCompressed: true,
    decorateReply: false,
    // index.html is a template: the page handler fills in the tenant and serves it.
    allowedPath: (p) => p !== '/index.html',
    globIgnore: ['assets/**'],
    setHeaders: (res, file) => {
      const hashed = file.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}

/**
 * Every GET that is not the API or a file gets the app shell with the tenant's config inlined: 200 for a route
 * of the table, 404 for an unknown path, 402 (maintenance) for an inactive tenant, 404 "platform not found" for
 * an unknown host. Anything else that matches nothing is a JSON 404.
 */
function registerPages(app: FastifyInstance, config: Config) {
  const shell = HtmlShell.fromDist(config.webDist);
  app.setNotFoundHandler(async (req, reply) => {
    const pathname = req.url.split('?')[0] ?? '/';
    const isPage =
      (req.method === 'GET' || req.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      pathname !== '/api' &&
      !pathname.startsWith('/assets/') &&
      !pathname.startsWith('/static/') &&
      !ASSET_EXT.test(pathname);
    if (!isPage) return reply.code(404).send(errorBody('route_not_found', req.locale));

    const host = normalizeHost(req.host);
    if (!host) throw new AppError('invalid_host');
    const locale = pageLocale(pathname, req.headers.cookie, req.headers['accept-language']);
    const tenant = await app.tenants.resolve(host);
    reply.headers(NO_CACHE);
    const page = !tenant
      ? shell.notFound(locale)
      : shell.forTenant(tenant, locale, tenant.active ? routeFor(pathname) : null);
    if (!page) throw new AppError('unavailable', 'Web bundle not built: run `npm run build`.');
    reply.code(!tenant ? 404 : !tenant.active ? 402 : routeFor(pathname) ? 200 : 404);
    reply.header('content-security-policy', pageCsp(page, req.host));
    return sendPrepared(req, reply, page, 'text/html; charset=utf-8');
  });
}
