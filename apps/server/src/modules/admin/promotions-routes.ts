import {
  adminCashbackCall,
  adminCouponsCall,
  adminMissionsCall,
  adminOffersCall,
  adminReferralsCall,
  adminVipCall,
  approveReferralCall,
  createCouponCall,
  createOfferCall,
  disableMissionCall,
  rejectReferralCall,
  runCashbackCall,
  setOfferCall,
} from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import { clientIp } from '../../platform/client-ip';
import type { ContractTypeProvider } from '../../platform/contracts';
import { allow, staffOf } from './permissions';
import * as promotions from './promotions';

/** The console's promotions calls: offers, coupons, cashback, missions, VIP (marketing) and CPA reviews (finance). */
export async function promotionsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ContractTypeProvider>();
  const { db } = app;

  app.get('/promotions/offers', { ...allow('read', 'Offer'), schema: adminOffersCall }, async (req) =>
    promotions.listOffers(db, staffOf(req), { tenant: req.query.tenant, lang: req.locale }),
  );
  app.post('/promotions/offers', { ...allow('create', 'Offer'), schema: createOfferCall }, async (req, reply) =>
    reply
      .code(201)
      .send(await promotions.newOffer(db, staffOf(req), { body: req.body, lang: req.locale, ip: clientIp(req) })),
  );
  app.patch('/promotions/offers/:id', { ...allow('update', 'Offer'), schema: setOfferCall }, async (req) =>
    promotions.changeOffer(db, staffOf(req), {
      id: req.params.id,
      active: req.body.active,
      tenant: req.body.tenant,
      lang: req.locale,
      ip: clientIp(req),
    }),
  );

  app.get('/promotions/coupons', { ...allow('read', 'Coupon'), schema: adminCouponsCall }, async (req) =>
    promotions.listCoupons(db, staffOf(req), { tenant: req.query.tenant, lang: req.locale }),
  );
  app.post('/promotions/coupons', { ...allow('create', 'Coupon'), schema: createCouponCall }, async (req, reply) =>
    reply
      .code(201)
      .send(await promotions.newCoupon(db, staffOf(req), { body: req.body, lang: req.locale, ip: clientIp(req) })),
  );

  app.get('/promotions/cashback', { ...allow('read', 'Cashback'), schema: adminCashbackCall }, async (req) =>
    promotions.listCashback(db, staffOf(req), req.query.tenant),
  );
  app.post('/promotions/cashback/runs', { ...allow('create', 'Cashback'), schema: runCashbackCall }, async (req) =>
    promotions.computeCashback(db, staffOf(req), { ...req.body, ip: clientIp(req) }),
  );

  app.get('/promotions/missions', { ...allow('read', 'Mission'), schema: adminMissionsCall }, async (req) =>
    promotions.listMissions(db, staffOf(req), { tenant: req.query.tenant, lang: req.locale }),
  );
  app.post(
    '/promotions/missions/:id/disable',
    { ...allow('update', 'Mission'), schema: disableMissionCall },
    async (req) =>
      promotions.stopMission(db, staffOf(req), {
        id: req.params.id,
        tenant: req.body.tenant,
        lang: req.locale,
        ip: clientIp(req),
      }),
  );

  app.get('/promotions/vip', { ...allow('read', 'Vip'), schema: adminVipCall }, async (req) =>
    promotions.vipLadder(db, staffOf(req), req.query.tenant),
  );

  app.get('/promotions/affiliates', { ...allow('read', 'Affiliate'), schema: adminReferralsCall }, async (req) =>
    promotions.listReferrals(db, staffOf(req), req.query),
  );
  app.post(
    '/promotions/affiliates/:id/approve',
    { ...allow('approve', 'Affiliate'), schema: approveReferralCall },
    async (req) =>
      promotions.reviewReferral(db, staffOf(req), {
        id: req.params.id,
        act: 'approve',
        tenant: req.body.tenant,
        ip: clientIp(req),
      }),
  );
  app.post(
    '/promotions/affiliates/:id/reject',
    { ...allow('reject', 'Affiliate'), schema: rejectReferralCall },
    async (req) =>
      promotions.reviewReferral(db, staffOf(req), {
        id: req.params.id,
        act: 'reject',
        reason: req.body.reason,
        tenant: req.body.tenant,
        ip: clientIp(req),
      }),
  );
}
