import {
  crashCashoutCall,
  multiplayerBetCall,
  multiplayerBetsCall,
  multiplayerChainsCall,
  multiplayerRoundCall,
  multiplayerStateCall,
} from '@sorte/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { currentUser, findSessionUser, requireUser } from '../../../platform/auth';
import { AppError, type Localized } from '../../../platform/errors';
import * as repo from './repo';
import { runtimeOf } from './runtime';
import * as mp from './service';
import type { MultiplayerGame } from './settings';

const KEY = /^[A-Za-z0-9_.:-]{1,100}$/;
const KEY_MESSAGE: Localized = {
  pt: 'O cabeçalho Idempotency-Key é obrigatório (1 a 100 letras, números, _ . : -).',
  en: 'The Idempotency-Key header is required (1 to 100 letters, digits, _ . : -).',
};

function idempotencyKey(req: FastifyRequest): string {
  const v = req.headers['idempotency-key'];
  if (typeof v !== 'string' || !KEY.test(v)) throw new AppError('bad_request', KEY_MESSAGE);
  return v;
}

const body = (req: FastifyRequest): Record<string, unknown> =>
  req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};

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
export async function multiplayerRoutes(app: FastifyInstance) {
  const { db } = app;
  const authed = { preHandler: requireUser(db) };
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
    app.get(`/originals/${game}/rounds/:id`, { schema: multiplayerRoundCall }, async (req) => {
      const id = (req.params as { id: string }).id;
      if (!/^\d{1,15}$/.test(id))
        throw new AppError('not_found', { pt: 'Rodada não encontrada.', en: 'Round not found.' });
      return mp.roundForVerification(db, req.tenant.id, game, Number(id));
    });
    app.get(`/originals/${game}/bets`, { ...authed, schema: multiplayerBetsCall }, async (req) => ({
      data: await mp.myBets(db, who(req), game),
    }));
    app.post(`/originals/${game}/bet`, { ...authed, schema: multiplayerBetCall }, async (req, reply) => {
      const b = body(req);
      return send(
        reply,
        await mp.placeBet(ctx(), {
          ...who(req),
          game,
          amount: b.amount,
          autoCashout: b.auto_cashout,
          color: b.color,
          idempotencyKey: idempotencyKey(req),
        }),
      );
    });
  }
  app.post('/originals/crash/cashout', { ...authed, schema: crashCashoutCall }, async (req, reply) =>
    send(reply, await mp.cashOut(ctx(), { ...who(req), idempotencyKey: idempotencyKey(req) })),
  );
}
