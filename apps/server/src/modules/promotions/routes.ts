import { bonusesCall, checkCouponCall, couponsCall, offersCall, redeemCall } from '@sorte/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../../platform/auth';
import { checkCoupon, listUsableCoupons, redeemCoupon } from './coupons';
import { listLiveOffers } from './offers';
import { listBonuses } from './service';

/** The bonus and coupon calls under /api. Every call but the offers list is the logged-in player's own. */
export async function promotionsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  // Before validation: a guest gets 401 before any field is read.
  const authed = { preValidation: requireUser(db) };
  const who = (req: FastifyRequest) => ({ tenant: req.tenant, userId: currentUser(req).id });

  app.get('/promotions/offers', { schema: offersCall }, async (req) =>
    listLiveOffers(db, req.tenant, req.locale, new Date()),
  );

  app.get('/wallet/bonuses', { ...authed, schema: bonusesCall }, async (req) =>
    listBonuses(db, { tenantId: req.tenant.id, userId: currentUser(req).id, page: req.query.page, locale: req.locale }),
  );

  app.get('/bonuses/coupons', { ...authed, schema: couponsCall }, async (req) =>
    listUsableCoupons(db, who(req), req.locale),
  );

  app.post('/bonuses/check-coupon', { ...authed, schema: checkCouponCall }, async (req) =>
    checkCoupon(db, who(req), req.body.coupon, req.locale),
  );

  app.post('/bonuses/redeem', { ...authed, schema: redeemCall }, async (req) =>
    redeemCoupon(db, who(req), req.body.coupon, req.locale),
  );
}
