import { missionAcceptCall, missionCall, missionClaimCall, missionsCall } from '@sorte/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser, findSessionUser, requireUser } from '../../platform/auth';
import { acceptMission, claimMission, getMission, listMissions } from './service';

export type MissionsRoutesOptions = {
  /** The clock the windows are read by (tests move it); the real time by default. */
  now?: () => Date;
};

/**
 * The mission calls under /api (spec section 7). The list and one mission answer a guest too (the guest missions);
 * accept and claim are the logged-in player's own.
 */
export async function missionsRoutes(fastify: FastifyInstance, opts: MissionsRoutesOptions = {}) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const now = opts.now ?? (() => new Date());
  const authed = { preValidation: requireUser(db) };

  // A token that no longer opens a session reads as a guest here, as the other public lists do.
  const who = async (req: FastifyRequest) => {
    const m = /^Bearer\s+([A-Za-z0-9_-]{20,100})\s*$/i.exec(String(req.headers.authorization ?? ''));
    const user = m ? await findSessionUser(db, req.tenant.id, m[1]!) : null;
    return { tenant: req.tenant, userId: user?.id ?? null, locale: req.locale, now: now() };
  };
  const player = (req: FastifyRequest) => ({
    tenant: req.tenant,
    userId: currentUser(req).id,
    locale: req.locale,
    now: now(),
  });

  app.get('/missions', { schema: missionsCall }, async (req) => listMissions(db, await who(req)));

  app.get('/missions/:id', { schema: missionCall }, async (req) => ({
    mission: await getMission(db, await who(req), req.params.id),
  }));

  app.post('/missions/:id/accept', { ...authed, schema: missionAcceptCall }, async (req) =>
    acceptMission(db, player(req), req.params.id),
  );

  app.post('/missions/:id/claim', { ...authed, schema: missionClaimCall }, async (req) =>
    claimMission(db, player(req), req.params.id),
  );
}
