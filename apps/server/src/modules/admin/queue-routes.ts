import { adminWithdrawalsCall, approveWithdrawalCall, rejectWithdrawalCall } from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import { clientIp } from '../../platform/client-ip';
import type { ContractTypeProvider } from '../../platform/contracts';
import { allow, staffOf } from './permissions';
import * as queues from './queues';

/** The review queues: withdrawals waiting for a decision, with their 120-minute clock. */
export async function queueRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ContractTypeProvider>();
  const { db } = app;

  app.get('/withdrawals', { ...allow('read', 'Withdrawal'), schema: adminWithdrawalsCall }, async (req) =>
    queues.listWithdrawals(db, staffOf(req), req.query),
  );

  app.post(
    '/withdrawals/:id/approve',
    { ...allow('approve', 'Withdrawal'), schema: approveWithdrawalCall },
    async (req) => queues.decideWithdrawal(db, staffOf(req), { id: req.params.id, approve: true, ip: clientIp(req) }),
  );

  app.post('/withdrawals/:id/reject', { ...allow('reject', 'Withdrawal'), schema: rejectWithdrawalCall }, async (req) =>
    queues.decideWithdrawal(db, staffOf(req), {
      id: req.params.id,
      approve: false,
      reason: req.body.reason,
      ip: clientIp(req),
    }),
  );
}
