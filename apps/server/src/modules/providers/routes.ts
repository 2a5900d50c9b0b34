import type { AddressInfo } from 'node:net';
import { providerCallbackCall } from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import { clientIp } from '../../platform/client-ip';
import type { Db } from '../../platform/db/index';
import type { CatalogCache } from '../casino/index';
import * as casinoRepo from '../casino/index';
import type { GameProviderAdapter, WalletResult } from './adapter';
import { genericAdapter } from './generic';
import { originalsAdapter } from './originals';
import { configureCallBatching, handle, securityEvent } from './seamless';

export type ProviderRegistry = Map<string, GameProviderAdapter>;

/** The adapters by protocol. The built-in stand-in's api_url "sandbox:" resolves to this very process. */
export function providerRegistry(app: FastifyInstance, o: { fetch?: typeof fetch } = {}): ProviderRegistry {
  const resolveBase = (apiUrl: string) => {
    if (apiUrl !== 'sandbox:') return apiUrl;
    const addr = app.server.address() as AddressInfo | null;
    if (!addr || typeof addr !== 'object') throw new Error('the provider stand-in needs the server to be listening');
    return `http://127.0.0.1:${addr.port}/provider-sandbox`;
  };
  return new Map([
    ['generic', genericAdapter({ resolveBase, fetch: o.fetch })],
    ['originals', originalsAdapter()],
  ]);
}

const OPS = new Set(['authenticate', 'balance', 'bet', 'win', 'rollback']);

/**
 * POST /api/providers/{code}/{operation}: the seamless-wallet API a provider's server calls. The tenant comes
 * from the Host, the provider from the code; the body is verified against the provider's secret before anything
 * else (a bad signature is refused and recorded), then mapped by the provider's adapter to one wallet action.
 */
export async function providerCallbackRoutes(
  app: FastifyInstance,
  opts: { db: Db; registry: ProviderRegistry; catalog?: CatalogCache },
) {
  const { db, registry, catalog } = opts;
  configureCallBatching(db, app.config.providerCallsInFlight);
  // The provider row from the tenant's in-memory catalog (reloaded within a second of any catalog write, see
  // casino/catalog.ts), else from the database. Only routing and the signature check use it: whether the provider
  // takes stakes and its win cap are read fresh in the call's own transaction (providers_bet_open, providers_win_open).
  const providerOf = async (tenantId: number, code: string) =>
    (catalog ? (await catalog.get(tenantId)).providerByCode.get(code) : undefined) ??
    (await casinoRepo.findProviderByCode(db, tenantId, code));
  app.removeContentTypeParser('application/json');
  // Signatures are over the exact bytes sent, so keep the raw body.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  app.post('/providers/:code/:op', { schema: providerCallbackCall }, async (req, reply) => {
    const { code, op } = req.params as { code: string; op: string };
    const provider = /^[a-z0-9][a-z0-9_-]{0,39}$/.test(code) ? await providerOf(req.tenant.id, code) : null;
    const adapter = provider ? registry.get(provider.protocol) : undefined;
    if (!provider || !adapter || !OPS.has(op))
      return reply.code(404).send({ status: 'ERROR', error_code: 'NOT_FOUND' });
    const raw = typeof req.body === 'string' ? req.body : '';
    const send = (r: WalletResult) => {
      const out = adapter.reply(r);
      return reply.code(out.statusCode).send(out.body);
    };
    if (!adapter.verify(raw, req.headers, provider.secret)) {
      req.log.warn({ provider: code, op }, 'provider call with a bad signature refused');
      await securityEvent(db, { tenantId: req.tenant.id, provider }, 'bad_signature', { op }, clientIp(req));
      return send({ status: 'error', code: 'INVALID_SIGNATURE', currency: 'BRL' });
    }
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      body = null;
    }
    const action = adapter.parse(op, body);
    if (!action) return send({ status: 'error', code: 'INVALID_REQUEST', currency: 'BRL' });
    // A disabled provider may still settle open rounds (win, rollback) but takes no new stakes.
    if (!provider.enabled && (action.op === 'bet' || action.op === 'authenticate'))
      return send({ status: 'error', code: 'PLAYER_BLOCKED', currency: 'BRL' });
    const result = await handle({ db, tenantId: req.tenant.id, provider }, action);
    // Money asked for a settled round, or past the cap, comes from a buggy or compromised provider: say so.
    if (
      result.status === 'error' &&
      (result.code === 'WIN_LIMIT_EXCEEDED' || (result.code === 'ROUND_CLOSED' && action.op !== 'bet'))
    )
      req.log.warn(
        { provider: code, op, error_code: result.code },
        'provider call refused: round settled or over the cap',
      );
    return send(result);
  });
}
