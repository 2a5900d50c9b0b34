import {
  closeAccountCall,
  confirmLimitCall,
  continueSessionCall,
  endSessionCall,
  getLimitsCall,
  getRealityCheckCall,
  LIMIT_KINDS,
  LIMIT_PERIODS,
  PAUSE_PERIODS,
  REALITY_CHECK_INTERVALS,
  type RgInfoReply,
  removeSelfExclusionCall,
  rgInfoCall,
  rgPauseCall,
  rgSelfExcludeCall,
  rgStatusCall,
  SELF_EXCLUSION_PERIODS,
  selfExcludeCall,
  sessionStatusCall,
  setLimitCall,
  setRealityCheckCall,
} from '@sorte/contracts';
import { addDays, zonedInstant } from '@sorte/contracts/zoned-time';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../../platform/auth';
import { clientIp } from '../../platform/client-ip';
import { AppError } from '../../platform/errors';
import type { Tenant } from '../../platform/tenancy';
import { findUserById, selfExclusionOf, setSelfExclusion } from '../auth/index';
import { confirmLimit, getLimits, setLimit } from './limits';
import { CVV, NATIONAL_PLATFORM_URL, policiesFor, RISK_WARNING } from './policies';
import { continueSession, endSession, getRealityCheck, sessionStatus, setRealityCheck } from './sessions';
import { closeAccount, getStatus, pause, selfExclude, selfExclusionUntil } from './stops';

/** GET /responsible-gaming/info: what the forms, the footer and the risk warning need, before any login. */
export function infoFor(tenant: Tenant, locale: 'pt' | 'en'): RgInfoReply {
  const p = policiesFor(tenant.settings);
  return {
    regulated: p.regulated,
    risk_warning: p.riskWarning ? RISK_WARNING[locale] : null,
    national_platform_url: NATIONAL_PLATFORM_URL,
    help: { cvv_phone: CVV.phone, cvv_url: CVV.url },
    limit_kinds: [...LIMIT_KINDS],
    limit_periods: [...LIMIT_PERIODS],
    reality_check_intervals: [...REALITY_CHECK_INTERVALS],
    pause_periods: [...PAUSE_PERIODS],
    self_exclusion_periods: [...SELF_EXCLUSION_PERIODS],
    idle_timeout_minutes: p.idleCloseMs === null ? null : p.idleCloseMs / 60_000,
    required_limits: p.limitsRequiredBeforeDeposit,
    suggested_limits: p.suggested,
  };
}

/** The last second of a calendar day in the tenant's time zone. */
function endOfDayIn(date: string, timeZone: string): Date {
  return new Date(zonedInstant(addDays(date, 1), 0, timeZone).getTime() - 1000);
}

/** The responsible-gaming calls under /api. Every call but `info` is the logged-in player's own. */
export async function responsibleGamingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  // Before validation: a guest gets 401 before any field is read.
  const authed = { preValidation: requireUser(db) };
  const who = (req: FastifyRequest) => ({ tenantId: req.tenant.id, userId: currentUser(req).id });
  const ctx = (req: FastifyRequest) => ({ now: new Date(), ip: clientIp(req) });

  app.get('/responsible-gaming/info', { schema: rgInfoCall }, async (req) => infoFor(req.tenant, req.locale));

  app.get('/responsible-gaming/status', { ...authed, schema: rgStatusCall }, async (req) =>
    getStatus(db, req.tenant, who(req), new Date(), req.locale),
  );

  app.get('/responsible-gaming/limits', { ...authed, schema: getLimitsCall }, async (req) =>
    getLimits(db, req.tenant, who(req), new Date()),
  );
  app.post('/responsible-gaming/limits', { ...authed, schema: setLimitCall }, async (req) =>
    setLimit(db, req.tenant, who(req), req.body, ctx(req)),
  );
  app.post('/responsible-gaming/limits/confirm', { ...authed, schema: confirmLimitCall }, async (req) =>
    confirmLimit(db, req.tenant, who(req), req.body, ctx(req)),
  );

  app.get('/responsible-gaming/reality-check', { ...authed, schema: getRealityCheckCall }, async (req) =>
    getRealityCheck(db, who(req)),
  );
  app.post('/responsible-gaming/reality-check', { ...authed, schema: setRealityCheckCall }, async (req) =>
    setRealityCheck(db, who(req), req.body.interval, ctx(req)),
  );
  app.post('/responsible-gaming/reality-check/continue', { ...authed, schema: continueSessionCall }, async (req) =>
    continueSession(db, req.tenant, who(req), new Date()),
  );
  app.get('/responsible-gaming/session', { ...authed, schema: sessionStatusCall }, async (req) =>
    sessionStatus(db, req.tenant, who(req), new Date()),
  );
  app.post('/responsible-gaming/session/end', { ...authed, schema: endSessionCall }, async (req) =>
    endSession(db, who(req), new Date()),
  );

  app.post('/responsible-gaming/pause', { ...authed, schema: rgPauseCall }, async (req) =>
    pause(db, req.tenant, who(req), req.body.period, ctx(req)),
  );

  app.post('/responsible-gaming/self-exclusion', { ...authed, schema: rgSelfExcludeCall }, async (req) => {
    const c = ctx(req);
    const r = await selfExclude(db, who(req), {
      ...c,
      period: req.body.period,
      until: selfExclusionUntil(req.body.period, c.now),
    });
    return { self_exclusion: r.selfExclusion, logged_out: true as const, settlement: r.settlement };
  });

  app.post('/responsible-gaming/close-account', { ...authed, schema: closeAccountCall }, async (req) =>
    closeAccount(db, who(req), { ...ctx(req), reason: req.body.reason }),
  );

  // The spec's self-exclusion calls: a number of days or a last day ("custom"), through the same rules.
  app.post('/profile/self-exclusion', { ...authed, schema: selfExcludeCall }, async (req) => {
    const { value, date } = req.body;
    const c = ctx(req);
    const until =
      value === 'custom'
        ? endOfDayIn(date as string, req.tenant.settings.timezone)
        : new Date(c.now.getTime() + Number(value) * 24 * 60 * 60 * 1000);
    const w = who(req);
    await selfExclude(db, w, { ...c, period: value, until });
    const after = await findUserById(db, w.tenantId, w.userId);
    return { selfExcluded: after ? selfExclusionOf(after) : null, logged_out: true as const };
  });

  app.post('/profile/self-exclusion/remove', { ...authed, schema: removeSelfExclusionCall }, async (req) => {
    const w = who(req);
    const u = await findUserById(db, w.tenantId, w.userId);
    if (!u) throw new AppError('unauthorized');
    if (selfExclusionOf(u))
      throw new AppError('forbidden', {
        pt: 'A autoexclusão só pode ser removida depois do fim do período.',
        en: 'Self-exclusion can only be removed after the period ends.',
      });
    await setSelfExclusion(db, w.tenantId, w.userId, null);
    return { selfExcluded: null };
  });
}
