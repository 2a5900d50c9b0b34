import {
  betByIdCall,
  betCall,
  listBetsCall,
  minesActiveCall,
  minesCashoutCall,
  minesRevealCall,
  minesStartCall,
  originalsConfigCall,
  rotateSeedsCall,
  seedsCall,
} from '@sorte/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { currentUser, requireUser } from '../../platform/auth';
import { AppError, type Localized } from '../../platform/errors';
import { GAME_CODES, GAMES, type GameCode, LIMITS, localizeMessage } from './games';
import { multiplayerRoutes } from './multiplayer/routes';
import * as originals from './service';

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

/** A game's parameters through its zod schema: 422 with localized per-field messages. */
function parseParams<P>(game: GameCode, params: unknown): P {
  const r = GAMES[game].schema.safeParse(params);
  if (r.success) return r.data as P;
  const fields: Record<string, Localized[]> = {};
  for (const i of r.error.issues) {
    const k = i.path.map(String)[0] ?? '_';
    fields[k] = [...(fields[k] ?? []), localizeMessage(i.message)];
  }
  throw new AppError('validation', undefined, fields);
}

function send(reply: FastifyReply, r: { body: unknown; replayed: boolean }) {
  if (r.replayed) reply.header('idempotent-replayed', 'true');
  return r.body;
}

/** Sorte Originals under /api/originals: seeds, instant games, mines, history. Every call needs a logged-in player. */
export async function originalsRoutes(app: FastifyInstance) {
  const { db } = app;
  const authed = { preHandler: requireUser(db) };
  const who = (req: FastifyRequest) => {
    const u = currentUser(req);
    return { tenantId: u.tenantId, userId: u.id };
  };

  app.get('/originals/seeds', { ...authed, schema: seedsCall }, async (req) => originals.getSeeds(db, who(req)));

  app.post('/originals/seeds/rotate', { ...authed, schema: rotateSeedsCall }, async (req) => {
    const b = body(req);
    const seed =
      b.client_seed === undefined || b.client_seed === null || b.client_seed === '' ? undefined : b.client_seed;
    return originals.rotateSeeds(db, who(req), seed === undefined ? undefined : originals.checkClientSeed(seed));
  });

  for (const game of ['dice', 'limbo', 'plinko', 'keno', 'slot'] as const) {
    app.post(`/originals/${game}/bet`, { ...authed, schema: betCall }, async (req, reply) => {
      const { amount, ...params } = body(req);
      const r = await originals.placeBet(
        db,
        { ...who(req), game, amount, params, idempotencyKey: idempotencyKey(req) },
        parseParams,
      );
      return send(reply, r);
    });
  }

  app.post('/originals/mines/start', { ...authed, schema: minesStartCall }, async (req, reply) => {
    const b = body(req);
    const r = await originals.startMines(
      db,
      { ...who(req), amount: b.amount, mines: b.mines, idempotencyKey: idempotencyKey(req) },
      parseParams,
    );
    return send(reply, r);
  });
  app.post('/originals/mines/reveal', { ...authed, schema: minesRevealCall }, async (req, reply) =>
    send(
      reply,
      await originals.revealMines(db, { ...who(req), tile: body(req).tile, idempotencyKey: idempotencyKey(req) }),
    ),
  );
  app.post('/originals/mines/cashout', { ...authed, schema: minesCashoutCall }, async (req, reply) =>
    send(reply, await originals.cashoutMines(db, { ...who(req), idempotencyKey: idempotencyKey(req) })),
  );
  app.get('/originals/mines/active', { ...authed, schema: minesActiveCall }, async (req) => ({
    round: await originals.activeMines(db, who(req)),
  }));

  app.get('/originals/bets', { ...authed, schema: listBetsCall }, async (req) => {
    const q = (req.query ?? {}) as Record<string, string | undefined>;
    const game = q.game && (GAME_CODES as readonly string[]).includes(q.game) ? (q.game as GameCode) : undefined;
    const limit = Math.min(100, Math.max(1, Number.parseInt(q.limit ?? '20', 10) || 20));
    const before = q.before && /^\d{1,15}$/.test(q.before) ? Number(q.before) : undefined;
    return { data: await originals.listBets(db, who(req), { game, limit, before }) };
  });

  app.get('/originals/bets/:id', { ...authed, schema: betByIdCall }, async (req) => {
    const id = (req.params as { id: string }).id;
    if (!/^\d{1,15}$/.test(id)) throw new AppError('not_found', { pt: 'Aposta não encontrada.', en: 'Bet not found.' });
    return originals.getBet(db, who(req), Number(id));
  });

  /** Public: the games, their limits and whether multiplayer games are on for this tenant. */
  app.get('/originals/config', { schema: originalsConfigCall }, async () => ({ limits: LIMITS, games: GAME_CODES }));

  // Crash and Double (multiplayer rounds on a hash chain).
  await multiplayerRoutes(app);
}
