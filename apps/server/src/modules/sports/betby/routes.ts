import type { AddressInfo } from 'node:net';
import {
  betbyCallbackCall,
  betbyJwksCall,
  betbyLaunchCall,
  betbyPublicKeyCall,
  betbyStandinBetCall,
  betbyStandinRendererCall,
  betbyWidgetCall,
} from '@sorte/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errors as joseErrors, jwtVerify } from 'jose';
import { currentUser, requireUser } from '../../../platform/auth';
import type { ContractTypeProvider } from '../../../platform/contracts';
import { AppError } from '../../../platform/errors';
import { betbyKey, DEFAULT_WIDGET_URL, findSettings, signPlayerToken, tenantKey } from './keys';
import { MSG } from './messages';
import { BetbyStandin } from './standin';
import { STANDIN_RENDERER_JS } from './standin-renderer';
import { handleCallback, OPERATIONS, type Operation, refusal } from './wallet';

/**
 * Betby under /api: the player token for the widget (POST games/launch/sport), our public key Betby verifies it
 * with, and Betby's wallet callbacks (POST betby/<operation>, body {payload: <RS256 JWT>}).
 */
export async function betbyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ContractTypeProvider>();
  const { db } = app;

  app.post('/games/launch/sport', { preValidation: requireUser(db), schema: betbyLaunchCall }, async (req) => {
    const betby = req.tenant.settings.betby;
    if (!betby.active || !betby.brand_id) throw new AppError('not_found', MSG.inactive);
    const user = currentUser(req);
    const { rows } = await db.query<{ first_name: string }>(
      'select first_name from users where tenant_id = $1 and id = $2',
      [req.tenant.id, user.id],
    );
    const lang = req.locale === 'en' ? 'en' : 'pt-br';
    const token = await signPlayerToken(db, {
      tenantId: req.tenant.id,
      brandId: betby.brand_id,
      userId: user.id,
      name: rows[0]?.first_name ?? `player${user.id}`,
      lang,
    });
    const settings = await findSettings(db, req.tenant.id);
    return {
      token,
      brand_id: betby.brand_id,
      theme_name: betby.theme_name,
      lang,
      widget_url: settings?.widgetUrl ?? DEFAULT_WIDGET_URL,
    } as const;
  });

  // A guest's widget: no token, the same brand, theme and script.
  app.get('/betby/widget', { schema: betbyWidgetCall }, async (req) => {
    const betby = req.tenant.settings.betby;
    if (!betby.active || !betby.brand_id) throw new AppError('not_found', MSG.inactive);
    const settings = await findSettings(db, req.tenant.id);
    return {
      brand_id: betby.brand_id,
      theme_name: betby.theme_name,
      widget_url: settings?.widgetUrl ?? DEFAULT_WIDGET_URL,
    };
  });

  // The tenant's public key for the player token, as PEM and as a JWK set (Betby is given either URL). Only a
  // tenant with Betby on has one: the key pair is made at its first use, never for a site that does not sell Betby.
  const activeKey = (req: FastifyRequest) => {
    const betby = req.tenant.settings.betby;
    if (!betby.active || !betby.brand_id) throw new AppError('not_found', MSG.inactive);
    return tenantKey(db, req.tenant.id);
  };
  app.get('/betby/public-key.pem', { schema: betbyPublicKeyCall }, async (req, reply) => {
    const k = await activeKey(req);
    return reply.type('application/x-pem-file').send(k.publicPem);
  });
  app.get('/betby/jwks.json', { schema: betbyJwksCall }, async (req) => {
    const k = await activeKey(req);
    return { keys: [k.publicJwk as Record<string, unknown>] };
  });

  // The stand-in's browser side, for the demo and browser tests only (betby:enable --widget-url points at it).
  if (app.config.devTools || app.config.seedDemo) {
    app.get('/betby/standin/renderer.js', { schema: betbyStandinRendererCall }, async (_req, reply) =>
      reply.type('application/javascript; charset=utf-8').send(STANDIN_RENDERER_JS),
    );
    app.post('/betby/standin/bet', { schema: betbyStandinBetCall }, async (req) => {
      const betby = req.tenant.settings.betby;
      const addr = app.server.address() as AddressInfo | null;
      if (!betby.active || !betby.brand_id || !addr || typeof addr !== 'object')
        throw new AppError('not_found', MSG.inactive);
      const target = { url: `http://127.0.0.1:${addr.port}`, host: String(req.headers.host ?? req.tenant.primaryHost) };
      const standin = await BetbyStandin.load(db);
      // As Betby: the token must verify with the key we publish, for this brand.
      const claims = await standin.verifyPlayerToken(target, req.body.token, betby.brand_id).catch(() => null);
      if (!claims?.sub) throw new AppError('unauthorized');
      const steps = await standin.play(target, {
        userId: Number(claims.sub),
        stake: req.body.stake,
        odds: req.body.odds,
        outcome: req.body.outcome,
      });
      return { steps: steps.map((s) => ({ step: s.step, status: s.reply.status, body: s.reply.body })) };
    });
  }

  for (const op of OPERATIONS) {
    app.post(`/betby/${op}`, { schema: betbyCallbackCall }, async (req, reply) => {
      const send = (a: { status: number; body: Record<string, unknown> }) => reply.code(a.status).send(a.body);
      const settings = await findSettings(db, req.tenant.id);
      if (!settings) return send(refusal('bad_request', 'Betby is not configured for this site'));
      const payload = (req.body as { payload?: unknown } | null)?.payload;
      if (typeof payload !== 'string' || payload.length > 64_000)
        return send(refusal('bad_request', 'body must be {payload: <JWT>}'));
      let data: Record<string, unknown>;
      try {
        const v = await jwtVerify(payload, await betbyKey(req.tenant.id, settings.betbyPublicKey), {
          algorithms: ['RS256'],
          // An expired payload is refused; a captured one replayed before its exp is harmless (same transaction id,
          // same answer), and Betby's own late retries of an unexpired payload must still settle.
          clockTolerance: 30,
        });
        data = v.payload as Record<string, unknown>;
      } catch (err) {
        const expired = err instanceof joseErrors.JWTExpired;
        req.log.warn({ op, expired }, 'Betby callback with a bad or expired signature refused');
        return send(refusal('bad_request', expired ? 'payload expired' : 'invalid signature'));
      }
      // A payload naming another brand was meant for another operator's wallet.
      const brand = data.operator_brand_id ?? data.brand_id;
      if (brand !== undefined && String(brand) !== String(req.tenant.settings.betby.brand_id))
        return send(refusal('bad_request', 'payload for another brand'));
      // A stake on a tenant that switched Betby off is refused; settling the bets it holds still works.
      if (op === 'bet/make' && !req.tenant.settings.betby.active)
        return send(refusal('player_not_found', 'Betby is not active for this site'));
      return send(await handleCallback({ db, tenantId: req.tenant.id }, op as Operation, data));
    });
  }
}
