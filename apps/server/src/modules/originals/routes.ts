import {
  betByIdCall,
  betCalls,
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
import type { ContractTypeProvider } from '../../platform/contracts';
import { GAME_CODES, LIMITS } from './games';
import { multiplayerRoutes } from './multiplayer/routes';
import * as originals from './service';

/** The bet's contract already parsed the game's parameters: the service takes them as they are. */
const parsed = <P>(_game: string, params: unknown) => params as P;

function send(reply: FastifyReply, r: { body: unknown; replayed: boolean }) {
  if (r.replayed) reply.header('idempotent-replayed', 'true');
  return r.body;
}

/** Sorte Originals under /api/originals: seeds, instant games, mines, history. Every call needs a logged-in player. */
export async function originalsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ContractTypeProvider>();
  const { db } = app;
  // Before validation: a guest gets 401 before any field is read.
  const authed = { preValidation: requireUser(db) };
  const who = (req: FastifyRequest) => {
    const u = currentUser(req);
    return { tenantId: u.tenantId, userId: u.id };
  };

  app.get('/originals/seeds', { ...authed, schema: seedsCall }, async (req) => originals.getSeeds(db, who(req)));

  app.post('/originals/seeds/rotate', { ...authed, schema: rotateSeedsCall }, async (req) =>
    originals.rotateSeeds(db, who(req), req.body.client_seed),
  );

  for (const game of ['dice', 'limbo', 'plinko', 'keno', 'slot'] as const) {
    app.post(`/originals/${game}/bet`, { ...authed, schema: betCalls[game] }, async (req, reply) => {
      const { amount, params } = req.body;
      const r = await originals.placeBet(
        db,
        { ...who(req), game, amount, params, idempotencyKey: req.headers['idempotency-key'] },
        parsed,
      );
      return send(reply, r);
    });
  }

  app.post('/originals/mines/start', { ...authed, schema: minesStartCall }, async (req, reply) => {
    const { amount, params } = req.body;
    const r = await originals.startMines(
      db,
      { ...who(req), amount, mines: params.mines, idempotencyKey: req.headers['idempotency-key'] },
      parsed,
    );
    return send(reply, r);
  });
  app.post('/originals/mines/reveal', { ...authed, schema: minesRevealCall }, async (req, reply) =>
    send(
      reply,
      await originals.revealMines(db, {
        ...who(req),
        tile: req.body.tile,
        idempotencyKey: req.headers['idempotency-key'],
      }),
    ),
  );
  app.post('/originals/mines/cashout', { ...authed, schema: minesCashoutCall }, async (req, reply) =>
    send(reply, await originals.cashoutMines(db, { ...who(req), idempotencyKey: req.headers['idempotency-key'] })),
  );
  app.get('/originals/mines/active', { ...authed, schema: minesActiveCall }, async (req) => ({
    round: await originals.activeMines(db, who(req)),
  }));

  app.get('/originals/bets', { ...authed, schema: listBetsCall }, async (req) => ({
    data: await originals.listBets(db, who(req), req.query),
  }));

  app.get('/originals/bets/:id', { ...authed, schema: betByIdCall }, async (req) =>
    originals.getBet(db, who(req), req.params.id),
  );

  /** Public: the games, their limits and whether multiplayer games are on for this tenant. */
  app.get('/originals/config', { schema: originalsConfigCall }, async () => ({ limits: LIMITS, games: GAME_CODES }));

  // Crash and Double (multiplayer rounds on a hash chain).
  await multiplayerRoutes(app);
}
