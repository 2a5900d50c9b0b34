import {
  adminDepositCall,
  adminDepositsCall,
  adminKycCall,
  adminKycDetailCall,
  adminKycFileCall,
  adminPaymentSettingsCall,
  approveKycCall,
  refundDepositCall,
  rejectKycCall,
} from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import { clientIp } from '../../platform/client-ip';
import type { ContractTypeProvider } from '../../platform/contracts';
import { NO_CACHE } from '../../platform/http';
import * as pay from './payments';
import { allow, staffOf } from './permissions';

/** The console's payments calls: deposits (search, detail, refund), the KYC review, the two-person setting. */
export async function paymentsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ContractTypeProvider>();
  const { db, config } = app;

  app.get('/deposits', { ...allow('read', 'Deposit'), schema: adminDepositsCall }, async (req) =>
    pay.listDeposits(db, staffOf(req), req.query),
  );
  app.get('/deposits/:id', { ...allow('read', 'Deposit'), schema: adminDepositCall }, async (req) =>
    pay.getDeposit(db, staffOf(req), req.params.id),
  );
  app.post('/deposits/:id/refund', { ...allow('update', 'Deposit'), schema: refundDepositCall }, async (req) =>
    pay.refundDeposit(db, staffOf(req), { id: req.params.id, reason: req.body.reason, ip: clientIp(req) }),
  );

  app.get('/kyc', { ...allow('read', 'Kyc'), schema: adminKycCall }, async (req) =>
    pay.listKyc(db, staffOf(req), req.query),
  );
  app.get('/kyc/:id', { ...allow('read', 'Kyc'), schema: adminKycDetailCall }, async (req) =>
    pay.getKyc(db, staffOf(req), req.params.id),
  );
  // The document's bytes only through this staff route: private, never stored by a cache, never sniffed as another type.
  app.get('/kyc/:id/file', { ...allow('read', 'Kyc'), schema: adminKycFileCall }, async (req, reply) => {
    const file = await pay.kycFile(db, staffOf(req), { id: req.params.id, dataDir: config.dataDir });
    reply.headers({ ...NO_CACHE, 'x-content-type-options': 'nosniff', 'content-disposition': 'inline' });
    return reply.type(file.contentType).send(file.data);
  });
  app.post('/kyc/:id/approve', { ...allow('approve', 'Kyc'), schema: approveKycCall }, async (req) =>
    pay.decideKyc(db, staffOf(req), { id: req.params.id, approve: true, ip: clientIp(req) }),
  );
  app.post('/kyc/:id/reject', { ...allow('reject', 'Kyc'), schema: rejectKycCall }, async (req) =>
    pay.decideKyc(db, staffOf(req), { id: req.params.id, approve: false, reason: req.body.reason, ip: clientIp(req) }),
  );

  app.get('/payments/settings', { ...allow('read', 'Withdrawal'), schema: adminPaymentSettingsCall }, async (req) =>
    pay.paymentSettings(db, staffOf(req), req.query.tenant),
  );
}
