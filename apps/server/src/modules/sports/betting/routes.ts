import { cashoutCall, cashoutQuoteCall, placeSportBetCall, sportBetCall, sportBetsCall } from '@sorte/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { currentUser, requireUser } from '../../../platform/auth';
import type { ContractTypeProvider } from '../../../platform/contracts';
import { getBet, listBets } from './bets';
import { accept, quote } from './cashout';
import { placeBet } from './place';

function send<T>(reply: FastifyReply, r: { body: T; replayed: boolean }): T {
  if (r.replayed) reply.header('idempotent-replayed', 'true');
  return r.body;
}

/** Bets under /api/sports/bets: place, my bets, one bet, cash-out. Every call is the logged-in player's own. */
export async function bettingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ContractTypeProvider>();
  const { db } = app;
  // Before validation: a guest gets 401 before any field is read.
  const authed = { preValidation: requireUser(db) };
  const who = (req: FastifyRequest) => ({ tenantId: req.tenant.id, userId: currentUser(req).id, locale: req.locale });

  app.post('/sports/bets', { ...authed, schema: placeSportBetCall }, async (req, reply) => {
    const r = await placeBet(db, {
      ...who(req),
      key: req.headers['idempotency-key'],
      selections: req.body.selections,
      stake: req.body.stake,
      acceptOdds: req.body.accept_odds,
    });
    // The first answer is a 201; its replay answers the same.
    reply.code(201);
    return send(reply, r);
  });

  app.get('/sports/bets', { ...authed, schema: sportBetsCall }, async (req) => listBets(db, who(req), req.query));

  app.get('/sports/bets/:id', { ...authed, schema: sportBetCall }, async (req) => ({
    bet: await getBet(db, who(req), req.params.id),
  }));

  app.get('/sports/bets/:id/cashout', { ...authed, schema: cashoutQuoteCall }, async (req) =>
    quote(db, who(req), req.params.id),
  );

  app.post('/sports/bets/:id/cashout', { ...authed, schema: cashoutCall }, async (req, reply) =>
    send(
      reply,
      await accept(db, {
        ...who(req),
        betId: req.params.id,
        quoteId: req.body.quote_id,
        percent: req.body.percent,
        key: req.headers['idempotency-key'],
      }),
    ),
  );
}
