import { cashbackClaimCall, cashbackListCall } from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../../../platform/auth';
import { claimCashback, listCashback } from './service';

export type CashbackRoutesOptions = {
  /** The clock the windows are read by (tests move it); the real time by default. */
  now?: () => Date;
};

/** The player's cashback calls under /api: the list and a claim, each the logged-in player's own. */
export async function cashbackRoutes(fastify: FastifyInstance, opts: CashbackRoutesOptions = {}) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const now = opts.now ?? (() => new Date());
  // Before validation: a guest gets 401 before any field is read.
  const authed = { preValidation: requireUser(db) };

  app.get('/bonuses/cashback', { ...authed, schema: cashbackListCall }, async (req) =>
    listCashback(db, req.tenant, currentUser(req).id, now()),
  );

  app.post('/bonuses/cashback/claim', { ...authed, schema: cashbackClaimCall }, async (req) =>
    claimCashback(db, req.tenant, currentUser(req).id, req.body.cashback_id, now(), req.locale),
  );
}
