import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../test/helpers';
import * as repo from '../casino/repo';
import { cashOf, demoTenantId, fundedPlayer, gameByCode } from '../casino/test-support';
import { runConformanceKit } from './conformance';
import { hashSessionToken } from './seamless';

let app: FastifyInstance;
let port: number;
beforeAll(async () => {
  app = await testApp({ logLevel: 'error' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as { port: number }).port;
});
afterAll(() => app.close());

describe('seamless wallet: conformance kit against the generic adapter', () => {
  it('passes every case', async () => {
    const tenantId = await demoTenantId(app);
    const provider = (await repo.findProviderByCode(app.db, tenantId, 'aurora'))!;
    const game = await gameByCode(app, 'tigre-da-fortuna');
    const results = await runConformanceKit({
      callbackUrl: `http://127.0.0.1:${port}/api/providers/aurora`,
      host: 'localhost',
      secret: provider.secret,
      winCap: provider.max_single_win,
      async newSession(balance) {
        const p = await fundedPlayer(app, balance);
        const token = randomBytes(32).toString('base64url');
        await repo.insertGameSession(app.db, {
          tenantId,
          userId: p.id,
          gameId: game.id,
          providerId: provider.id,
          tokenHash: hashSessionToken(token),
          demo: false,
          ttlMs: 60_000,
        });
        return { sessionToken: token, playerId: String(p.id), gameId: game.game_id };
      },
      ledgerBalance: (playerId) => cashOf(app, Number(playerId)),
      async expireSession(token) {
        await app.db.query("update game_sessions set expires_at = now() - interval '1 second' where token_hash = $1", [
          hashSessionToken(token),
        ]);
      },
    });
    const failed = results.filter((r) => !r.ok);
    expect(failed, JSON.stringify(failed, null, 2)).toEqual([]);
    expect(results.length).toBeGreaterThanOrEqual(12);
    // The bad signature was recorded for the operator.
    const { rows } = await app.db.query<{ reason: string }>(
      "select reason from provider_security_events where provider_code = 'aurora' order by id",
    );
    expect(rows.map((r) => r.reason)).toEqual(expect.arrayContaining(['bad_signature', 'win_over_cap']));
    // Settled rounds emitted domain events; totalBet grew with each bet.
    const ev = await app.db.query<{ type: string; n: number }>(
      "select type, count(*)::int as n from domain_events where type like 'casino.%' group by type",
    );
    const types = Object.fromEntries(ev.rows.map((r) => [r.type, r.n]));
    expect(types['casino.bet']).toBeGreaterThan(30);
    expect(types['casino.round_settled']).toBeGreaterThan(0);
    expect(types['casino.round_rolled_back']).toBeGreaterThan(0);
  }, 60_000);
});
