import {
  crashCashoutCall,
  multiplayerBetCalls,
  multiplayerBetsCall,
  multiplayerChainsCall,
  multiplayerRoundCall,
  multiplayerStateCall,
} from '@sorte/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { currentUser, findSessionUser, requireUser } from '../../../platform/auth';
import type { ContractTypeProvider } from '../../../platform/contracts';
import * as repo from './repo';
import { runtimeOf } from './runtime';
import * as mp from './service';
import type { MultiplayerGame } from './settings';

function send(reply: FastifyReply, r: { body: unknown; replayed: boolean }) {
  if (r.replayed) reply.header('idempotent-replayed', 'true');
  return r.body;
}

/** The player behind an optional bearer token (public endpoints mark the player's own bets). */
async function optionalUser(app: FastifyInstance, req: FastifyRequest): Promise<number | null> {
  const m = /^Bearer\s+([A-Za-z0-9_-]{20,100})\s*$/i.exec(req.headers.authorization ?? '');
  if (!m || !req.tenant) return null;
  return (await findSessionUser(app.db, req.tenant.id, m[1]!))?.id ?? null;
}

/** Crash and Double (multiplayer rounds on a hash chain) under /api/originals/{crash,double}. */
export async function multiplayerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ContractTypeProvider>();
  const { db } = app;
  // Before validation: a guest gets 401 before any field is read.
  const authed = { preValidation: requireUser(db) };
  const ctx = () => {
    const r = runtimeOf(db);
    return { db, clock: r.clock, publish: r.publish };
  };
  const who = (req: FastifyRequest) => {
    const u = currentUser(req);
    return { tenantId: u.tenantId, userId: u.id };
  };

  for (const game of ['crash', 'double'] as const satisfies readonly MultiplayerGame[]) {
    app.get(`/originals/${game}/state`, { schema: multiplayerStateCall }, async (req) =>
      mp.publicState(ctx(), req.tenant, game, await optionalUser(app, req)),
    );
    app.get(`/originals/${game}/chains`, { schema: multiplayerChainsCall }, async (req) => ({
      data: (await repo.listChains(db, req.tenant.id, game)).map((c) => ({
        ...c,
        created_at: new Date(c.created_at).toISOString(),
      })),
    }));
    app.get(`/originals/${game}/rounds/:id`, { schema: multiplayerRoundCall }, async (req) =>
      mp.roundForVerification(db, req.tenant.id, game, req.params.id),
    );
    app.get(`/originals/${game}/bets`, { ...authed, schema: multiplayerBetsCall }, async (req) => ({
      data: await mp.myBets(db, who(req), game),
    }));
  }
  app.post('/originals/crash/bet', { ...authed, schema: multiplayerBetCalls.crash }, async (req, reply) =>
    send(
      reply,
      await mp.placeBet(ctx(), {
        ...who(req),
        game: 'crash',
        amount: req.body.amount,
        autoCashout: req.body.auto_cashout,
        idempotencyKey: req.headers['idempotency-key'],
      }),
    ),
  );
  app.post('/originals/double/bet', { ...authed, schema: multiplayerBetCalls.double }, async (req, reply) =>
    send(
      reply,
      await mp.placeBet(ctx(), {
        ...who(req),
        game: 'double',
        amount: req.body.amount,
        color: req.body.color,
        idempotencyKey: req.headers['idempotency-key'],
      }),
    ),
  );
  app.post('/originals/crash/cashout', { ...authed, schema: crashCashoutCall }, async (req, reply) =>
    send(reply, await mp.cashOut(ctx(), { ...who(req), idempotencyKey: req.headers['idempotency-key'] })),
  );
}
