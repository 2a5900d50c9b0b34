import { timingSafeEqual } from 'node:crypto';
import { pixWebhookCall, walletCalls } from '@sorte/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { currentUser, requireUser } from '../../platform/auth';
import { AppError, type Localized } from '../../platform/errors';
import { NO_CACHE } from '../../platform/http';
import { asBody } from '../auth/index';
import * as ledger from '../ledger/index';
import * as pix from './deposits';
import { WMSG } from './messages';
import { PspUnavailable } from './psp/provider';
import type { WalletRuntime } from './runtime';
import * as wallet from './transactions';
import * as withdrawals from './withdrawals';

const field = (name: string, m: Localized) => new AppError('validation', m, { [name]: [m] });

/** A positive whole number of centavos from JSON (number or digit string); 422 otherwise. */
function centavos(v: unknown, name = 'amount'): number {
  if (v === undefined || v === null || v === '') throw field(name, WMSG.required);
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,15}$/.test(v.trim()) ? Number(v) : Number.NaN;
  if (!Number.isSafeInteger(n) || n <= 0) throw field(name, WMSG.amountInvalid);
  return n;
}

function positiveId(v: unknown, name: string): number {
  if (v === undefined || v === null || v === '') throw field(name, WMSG.required);
  const s = String(v).trim();
  if (!/^\d{1,15}$/.test(s) || Number(s) <= 0) throw field(name, WMSG.idInvalid);
  return Number(s);
}

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
export async function walletRoutes(app: FastifyInstance, opts: { rt: WalletRuntime }) {
  const { rt } = opts;
  const { db } = rt;
  const authed = { preHandler: requireUser(db) };
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
    const q = req.query as Record<string, unknown>;
    const page = q.page === undefined || q.page === '' ? 1 : Number(q.page);
    if (!Number.isSafeInteger(page) || page < 1 || page > 10_000) throw field('page', WMSG.pageInvalid);
    const type = q.type === undefined || q.type === '' || q.type === 'all' ? null : q.type;
    if (type !== null && !(wallet.LIST_TYPES as readonly unknown[]).includes(type))
      throw field('type', WMSG.typeFilter);
    reply.headers(NO_CACHE);
    const m = me(req);
    return wallet.listTransactions(db, m.tenantId, m.userId, page, type as wallet.ListType | null);
  });

  app.get('/wallet/withdraw/methods', { ...authed, schema: walletCalls.methods }, async (req) => {
    const m = me(req);
    return withdrawals.listMethods(db, m.tenantId, m.userId);
  });

  app.post('/wallet/withdraw/method', { ...authed, schema: walletCalls.addMethod }, async (req) => {
    const b = asBody(req.body);
    return withdrawals.addMethod(db, req.tenant, me(req).userId, { type: b.type, key: b.key }, rt.pix.psp);
  });

  app.post('/wallet/withdraw/request', { ...authed, schema: walletCalls.requestWithdrawal }, async (req) => {
    const b = asBody(req.body);
    const key = req.headers['idempotency-key'];
    const errors: Record<string, Localized[]> = {};
    if (typeof key !== 'string' || !withdrawals.IDEMPOTENCY_KEY.test(key))
      errors.idempotency_key = [WMSG.idempotencyRequired];
    let amount = 0;
    let methodId = 0;
    try {
      amount = centavos(b.amount);
    } catch (e) {
      Object.assign(errors, (e as AppError).fields);
    }
    try {
      methodId = positiveId(b.method_id, 'method_id');
    } catch (e) {
      Object.assign(errors, (e as AppError).fields);
    }
    const first = Object.values(errors)[0]?.[0];
    if (first) throw new AppError('validation', first, errors);
    return withdrawals.requestWithdrawal(db, {
      tenant: req.tenant,
      userId: me(req).userId,
      amount,
      methodId,
      idempotencyKey: key as string,
      reviewAbove: rt.config.pix.reviewAbove,
    });
  });

  await app.register(async (gw) => {
    gatewayErrors(gw);
    gw.post('/main-gateway/qrcode-pix', { ...authed, schema: walletCalls.createPix }, async (req) => {
      const b = asBody(req.body);
      return pix.createDeposit(rt.pix, req.tenant, me(req).userId, centavos(b.amount));
    });

    gw.post(
      '/main-gateway/consult-status-transaction',
      { ...authed, schema: walletCalls.consultPix },
      async (req, reply) => {
        const b = asBody(req.body);
        const txid = typeof b.txid === 'string' ? b.txid.trim() : '';
        if (!txid) throw field('txid', WMSG.required);
        if (!/^[a-zA-Z0-9]{26,35}$/.test(txid)) throw field('txid', WMSG.txidInvalid);
        reply.headers(NO_CACHE);
        const m = me(req);
        return pix.consultStatus(rt.pix, m.tenantId, m.userId, txid);
      },
    );

    gw.post(
      '/main-gateway/user-cancel-withdrawal',
      { ...authed, schema: walletCalls.cancelWithdrawal },
      async (req) => {
        const b = asBody(req.body);
        const m = me(req);
        return withdrawals.cancelWithdrawal(db, m.tenantId, m.userId, positiveId(b.id, 'id'));
      },
    );
  });

  // PSP webhook: POST {webhookUrl}/pix. No tenant (the PSP calls from its own host); the charge names it.
  app.post('/pix/webhook/:secret/pix', { config: { tenant: 'none' }, schema: pixWebhookCall }, async (req, reply) => {
    const given = Buffer.from((req.params as { secret: string }).secret);
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
