import { timingSafeEqual } from 'node:crypto';
import { pixWebhookCall, walletCalls } from '@sorte/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { currentUser, requireUser } from '../../platform/auth';
import type { ContractTypeProvider } from '../../platform/contracts';
import { AppError } from '../../platform/errors';
import { NO_CACHE } from '../../platform/http';
import * as ledger from '../ledger/index';
import * as pix from './deposits';
import { PspUnavailable } from './psp/provider';
import type { WalletRuntime } from './runtime';
import * as wallet from './transactions';
import * as withdrawals from './withdrawals';

/** The spec's client treats `{status: false, message}` as the error of a main-gateway call: keep that shape. */
function gatewayErrors(app: FastifyInstance) {
  app.setErrorHandler((err: Error, req: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      return reply.code(err.status).send({ status: false, ...err.toBody(req.locale) });
    }
    throw err;
  });
}

/** Wallet, PIX and withdrawal calls of spec section 7 under /api. */
export async function walletRoutes(fastify: FastifyInstance, opts: { rt: WalletRuntime }) {
  const app = fastify.withTypeProvider<ContractTypeProvider>();
  const { rt } = opts;
  const { db } = rt;
  // Before validation: a guest gets 401 before any field is read.
  const authed = { preValidation: requireUser(db) };
  const me = (req: FastifyRequest) => {
    const u = currentUser(req);
    return { tenantId: u.tenantId, userId: u.id };
  };

  app.get('/profile/wallet', { ...authed, schema: walletCalls.wallet }, async (req, reply) => {
    reply.headers(NO_CACHE);
    const m = me(req);
    return ledger.readWallet(db, m);
  });

  app.get('/wallet/transactions', { ...authed, schema: walletCalls.transactions }, async (req, reply) => {
    reply.headers(NO_CACHE);
    const m = me(req);
    return wallet.listTransactions(db, m.tenantId, m.userId, req.query.page, req.query.type);
  });

  app.get('/wallet/withdraw/methods', { ...authed, schema: walletCalls.methods }, async (req) => {
    const m = me(req);
    return withdrawals.listMethods(db, m.tenantId, m.userId);
  });

  app.post('/wallet/withdraw/method', { ...authed, schema: walletCalls.addMethod }, async (req) =>
    withdrawals.addMethod(db, req.tenant, me(req).userId, req.body, rt.pix.psp),
  );

  app.post('/wallet/withdraw/method/own-cpf', { ...authed, schema: walletCalls.addOwnCpfMethod }, async (req) =>
    withdrawals.addOwnCpfMethod(db, req.tenant, me(req).userId, rt.pix.psp),
  );

  app.post('/wallet/withdraw/request', { ...authed, schema: walletCalls.requestWithdrawal }, async (req) =>
    withdrawals.requestWithdrawal(db, {
      tenant: req.tenant,
      userId: me(req).userId,
      amount: req.body.amount,
      methodId: req.body.method_id,
      idempotencyKey: req.headers['idempotency-key'],
      reviewAbove: rt.config.pix.reviewAbove,
      forfeitBonus: req.body.forfeit_bonus,
    }),
  );

  await app.register(async (scope) => {
    gatewayErrors(scope);
    const gw = scope.withTypeProvider<ContractTypeProvider>();
    gw.post('/main-gateway/qrcode-pix', { ...authed, schema: walletCalls.createPix }, async (req) =>
      pix.createDeposit(rt.pix, req.tenant, me(req).userId, req.body.amount, req.body.coupon),
    );

    gw.post(
      '/main-gateway/consult-status-transaction',
      { ...authed, schema: walletCalls.consultPix },
      async (req, reply) => {
        reply.headers(NO_CACHE);
        const m = me(req);
        return pix.consultStatus(rt.pix, m.tenantId, m.userId, req.body.txid);
      },
    );

    gw.post(
      '/main-gateway/user-cancel-withdrawal',
      { ...authed, schema: walletCalls.cancelWithdrawal },
      async (req) => {
        const m = me(req);
        return withdrawals.cancelWithdrawal(db, m.tenantId, m.userId, req.body.id);
      },
    );
  });

  // PSP webhook: POST {webhookUrl}/pix. No tenant (the PSP calls from its own host); the charge names it.
  app.post('/pix/webhook/:secret/pix', { config: { tenant: 'none' }, schema: pixWebhookCall }, async (req, reply) => {
    const given = Buffer.from(req.params.secret);
    const want = Buffer.from(rt.webhookSecret);
    if (given.length !== want.length || !timingSafeEqual(given, want)) throw new AppError('unauthorized');
    const actions = rt.pix.psp.parseWebhook(req.body);
    try {
      for (const a of actions) await pix.confirmCharge(rt.pix, a.txid);
    } catch (err) {
      // The PSP retries a webhook that did not get a 2xx; a charge we cannot confirm now is confirmed then.
      if (err instanceof PspUnavailable) return reply.code(503).send({ message: 'retry later' });
      throw err;
    }
    return reply.code(200).send({ received: actions.length });
  });
}
