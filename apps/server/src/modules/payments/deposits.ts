import { randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import type { Db } from '../../platform/db/index';
import { AppError } from '../../platform/errors';
import type { Tenant } from '../../platform/tenancy';
import * as ledger from '../ledger/index';
import { checkDeposit } from '../responsible-gaming/index';
import { recordEvent } from './events';
import { WMSG } from './messages';
import { promotionHooks } from './promotion-hooks';
import { isValidBrCode } from './psp/brcode';
import { type PixPayment, type PixProvider, PspUnavailable } from './psp/provider';

/** Spec section 9: a PIX charge lives 5 minutes. */
export const PIX_EXPIRY_SECONDS = 300;
const MAX_OPEN_CHARGES = 5;

export type PixDeps = {
  db: Db;
  psp: PixProvider;
  /** Called before a charge is created, so the PSP knows where to send webhooks (no-op once done). */
  ensureWebhook(): Promise<void>;
};

export type PaymentStatus = 'paid' | 'waiting_payment' | 'pending' | 'refused' | 'refunded' | 'chargebacked';

type ChargeRow = {
  id: number;
  tenant_id: number;
  user_id: number;
  txid: string;
  amount: number;
  status: PaymentStatus | 'expired';
  br_code: string;
  expires_at: Date;
  paid_at: Date | null;
  created_at: Date;
  end_to_end_id: string | null;
};

/** A txid for PUT /cob/{txid}: 32 characters of [a-zA-Z0-9], unguessable. */
export function newTxid(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const bytes = randomBytes(32);
  return Array.from(bytes, (b) => alphabet[b % 62]).join('');
}

/** The spec's payment status of a charge row (an expired, never paid charge is "refused"). */
export function paymentStatus(status: ChargeRow['status']): PaymentStatus {
  return status === 'expired' ? 'refused' : status;
}

/**
 * POST /main-gateway/qrcode-pix: asks the PSP for a 5-minute dynamic charge and answers its BR Code ("copia e
 * cola") and a QR image of it. No transaction is open during the PSP call; the charge row is written after it.
 */
export async function createDeposit(deps: PixDeps, tenant: Tenant, userId: number, amount: number, coupon?: string) {
  const s = tenant.settings;
  if (amount < s.min_deposit)
    throw new AppError('validation', WMSG.depositMin(s.min_deposit), { amount: [WMSG.depositMin(s.min_deposit)] });
  if (amount > s.max_deposit)
    throw new AppError('validation', WMSG.depositMax(s.max_deposit), { amount: [WMSG.depositMax(s.max_deposit)] });
  const { rows: open } = await deps.db.query<{ n: number }>(
    `select count(*)::int as n from pix_charges
      where tenant_id = $1 and user_id = $2 and status = 'waiting_payment' and expires_at > now()`,
    [tenant.id, userId],
  );
  if ((open[0]?.n ?? 0) >= MAX_OPEN_CHARGES) throw new AppError('rate_limited', WMSG.tooManyCharges);
  const { rows: users } = await deps.db.query<{ cpf: string | null; first_name: string; last_name: string }>(
    'select cpf, first_name, last_name from users where tenant_id = $1 and id = $2',
    [tenant.id, userId],
  );
  const user = users[0];
  if (!user) throw new AppError('unauthorized');

  const txid = newTxid();
  // A deposit-match coupon is checked (and remembered under the txid) before anything is reserved or charged.
  if (coupon) {
    const hooks = promotionHooks();
    if (!hooks) throw new AppError('validation', WMSG.couponUnknown, { coupon: [WMSG.couponUnknown] });
    await hooks.attachCoupon(deps.db, { tenant, userId, amount, coupon, txid });
  }
  // Responsible gaming refuses what the player's limits or a stop on the account do not admit (422/403 with the
  // limit and when it resets), and otherwise reserves the amount against the deposit limits.
  await checkDeposit(deps.db, {
    tenant,
    userId,
    amount,
    txid,
    expiresAt: new Date(Date.now() + PIX_EXPIRY_SECONDS * 1000),
  });
  let charge: Awaited<ReturnType<PixProvider['createCharge']>>;
  try {
    await deps.ensureWebhook();
    charge = await deps.psp.createCharge({
      txid,
      amount,
      expiresInSeconds: PIX_EXPIRY_SECONDS,
      payer: user.cpf ? { cpf: user.cpf, name: `${user.first_name} ${user.last_name}`.slice(0, 200) } : null,
      description: `Depósito ${s.site.name}`,
    });
  } catch (err) {
    if (err instanceof PspUnavailable) throw new AppError('unavailable', WMSG.pspUnavailable);
    throw err;
  }
  // A PSP that answers a malformed code would have players pay into nothing: refuse it.
  if (!isValidBrCode(charge.brCode) || charge.amount !== amount) throw new AppError('unavailable', WMSG.pspUnavailable);
  const { rows } = await deps.db.query<{ expires_at: Date }>(
    `insert into pix_charges (tenant_id, user_id, txid, psp, amount, br_code, location, expires_at)
      values ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(secs => $8)) returning expires_at`,
    [tenant.id, userId, txid, deps.psp.id, amount, charge.brCode, charge.location, PIX_EXPIRY_SECONDS],
  );
  const image = await QRCode.toDataURL(charge.brCode, { errorCorrectionLevel: 'M', margin: 1, width: 320 });
  return {
    status: true,
    txid,
    qrcode: charge.brCode,
    qrcode_image: image,
    amount,
    expires_at: rows[0]!.expires_at.toISOString(),
    expires_in: PIX_EXPIRY_SECONDS,
    show: true,
  };
}

async function chargeByTxid(db: Db, txid: string): Promise<ChargeRow | null> {
  const { rows } = await db.query<ChargeRow>(
    `select id, tenant_id, user_id, txid, amount, status, br_code, expires_at, paid_at, created_at, end_to_end_id
      from pix_charges where txid = $1`,
    [txid],
  );
  return rows[0] ?? null;
}

/** Per txid: the confirmation running now, and the one every later caller shares, which starts after it. */
type Flight = { current: Promise<ChargeRow | null>; next: Promise<ChargeRow | null> | null };

const flightsByDeps = new WeakMap<PixDeps, Map<string, Flight>>();

/**
 * Re-reads a charge from the PSP and books what it reports: each payment credited exactly once (ledger key
 * "pix:e2e:<endToEndId>"), a payment from someone else's CPF refunded, a removed charge marked expired. The webhook
 * and consult-status both end here; neither trusts what it was told.
 *
 * A storm of calls for one txid costs one PSP lookup: a caller arriving while a confirmation runs does not join it
 * (that lookup may predate the payment it was told about) but shares the single one queued behind it, which then
 * finds the charge settled in the database and asks the PSP nothing.
 */
export function confirmCharge(deps: PixDeps, txid: string): Promise<ChargeRow | null> {
  let flights = flightsByDeps.get(deps);
  if (!flights) {
    flights = new Map();
    flightsByDeps.set(deps, flights);
  }
  const running = flights.get(txid);
  if (!running) return startFlight(deps, flights, txid);
  const settled = running.current.then(
    () => undefined,
    () => undefined,
  );
  running.next ??= settled.then(() => startFlight(deps, flights, txid));
  return running.next;
}

function startFlight(deps: PixDeps, flights: Map<string, Flight>, txid: string): Promise<ChargeRow | null> {
  const flight: Flight = { current: Promise.resolve(null), next: null };
  flight.current = confirmOnce(deps, txid).finally(() => {
    // With a queued confirmation, it takes this entry over as it starts.
    if (flights.get(txid) === flight && !flight.next) flights.delete(txid);
  });
  flights.set(txid, flight);
  return flight.current;
}

async function confirmOnce(deps: PixDeps, txid: string): Promise<ChargeRow | null> {
  const row = await chargeByTxid(deps.db, txid);
  if (!row) return null;
  if (row.status !== 'waiting_payment' && row.status !== 'expired') return row;
  const charge = await deps.psp.getCharge(txid);
  if (!charge) return row;
  for (const p of charge.payments) await settlePayment(deps, row, p);
  if (charge.payments.length === 0 && charge.status !== 'ATIVA' && row.status === 'waiting_payment') {
    await deps.db.query(
      `update pix_charges set status = 'expired', updated_at = now() where id = $1 and status = 'waiting_payment'`,
      [row.id],
    );
  }
  return chargeByTxid(deps.db, txid);
}

async function settlePayment(deps: PixDeps, row: ChargeRow, p: PixPayment) {
  const { db } = deps;
  const { rows } = await db.query<{ cpf: string | null; settings: { is_regulated?: boolean } }>(
    `select u.cpf, t.settings from users u join tenants t on t.id = u.tenant_id where u.tenant_id = $1 and u.id = $2`,
    [row.tenant_id, row.user_id],
  );
  const owner = rows[0];
  if (!owner) return;
  const regulated = owner.settings.is_regulated === true;
  const payer = p.payerDocument?.replace(/\D/g, '') || null;
  const thirdParty = payer ? owner.cpf !== null && payer !== owner.cpf : regulated;
  if (thirdParty || (regulated && (!owner.cpf || payer !== owner.cpf))) {
    // Money from another person's account: send it back (idempotent per refund id), credit nothing.
    await deps.psp.refund({
      endToEndId: p.endToEndId,
      refundId: `D${p.endToEndId}`.slice(0, 35),
      amount: p.amount,
      reason: 'Pagamento de CPF diferente do titular da conta',
    });
    await db.transaction(async (tx) => {
      const { rows: changed } = await tx.query(
        `update pix_charges set status = 'refunded', end_to_end_id = $2, payer_document = $3,
            refund_reason = 'third_party_payer', updated_at = now()
          where id = $1 and status in ('waiting_payment', 'expired') returning id`,
        [row.id, p.endToEndId, payer],
      );
      if (changed.length)
        await recordEvent(tx, {
          tenantId: row.tenant_id,
          userId: row.user_id,
          type: 'DepositRefunded',
          payload: { txid: row.txid, amount: p.amount, reason: 'third_party_payer' },
        });
    });
    return;
  }
  await db.transaction(async (tx) => {
    const r = await ledger.credit(tx, {
      tenantId: row.tenant_id,
      userId: row.user_id,
      amount: p.amount,
      type: 'deposit',
      reference: `pix:${row.txid}`,
      idempotencyKey: `pix:e2e:${p.endToEndId}`,
      metadata: { txid: row.txid, end_to_end_id: p.endToEndId },
    });
    if (r.replayed) return;
    await tx.query(
      `update pix_charges set status = 'paid', end_to_end_id = $2, payer_document = $3, paid_at = $4,
          ledger_transaction_id = $5, updated_at = now()
        where id = $1`,
      [row.id, p.endToEndId, payer, p.paidAt, r.transaction_id],
    );
    const depositCount = await ledger.countDeposit(tx, {
      tenantId: row.tenant_id,
      userId: row.user_id,
      amount: p.amount,
    });
    const balance = { balance: r.balance.cash, bonus: r.balance.bonus };
    const base = { tenantId: row.tenant_id, userId: row.user_id };
    await recordEvent(tx, {
      ...base,
      type: 'PaymentApproved',
      payload: { txid: row.txid, amount: p.amount, ...balance, deposit_count: depositCount },
    });
    await recordEvent(tx, { ...base, type: 'BalanceUpdated', payload: balance });
    if (depositCount <= 1)
      await recordEvent(tx, { ...base, type: 'FirstDeposit', payload: { txid: row.txid, amount: p.amount } });
  });
}

/** POST /main-gateway/consult-status-transaction: the owner's charge, confirmed with the PSP while still open. */
export async function consultStatus(deps: PixDeps, tenantId: number, userId: number, txid: string) {
  let row = await chargeByTxid(deps.db, txid);
  if (!row || row.tenant_id !== tenantId || row.user_id !== userId)
    throw new AppError('not_found', WMSG.chargeNotFound);
  if (row.status === 'waiting_payment') {
    try {
      row = (await confirmCharge(deps, txid)) ?? row;
    } catch (err) {
      if (!(err instanceof PspUnavailable)) throw err;
    }
  }
  const bal = await ledger.getBalance(deps.db, { tenantId, userId });
  return {
    status: paymentStatus(row.status),
    txid: row.txid,
    amount: row.amount,
    expires_at: row.expires_at.toISOString(),
    expired: row.status === 'expired',
    paid_at: row.paid_at?.toISOString() ?? null,
    balance: bal.cash,
    bonus: bal.bonus,
  };
}

/** Job: charges past their expiry are re-read from the PSP (a late payment is still credited) and closed. */
export async function sweepExpiredCharges(deps: PixDeps, limit = 50): Promise<number> {
  const { rows } = await deps.db.query<{ txid: string }>(
    `select txid from pix_charges where status = 'waiting_payment' and expires_at < now() - interval '30 seconds'
      order by expires_at limit $1`,
    [limit],
  );
  for (const r of rows) {
    try {
      const after = await confirmCharge(deps, r.txid);
      if (after?.status === 'waiting_payment' && after.expires_at.getTime() < Date.now() - 120_000) {
        await deps.psp.cancelCharge(r.txid);
        await confirmCharge(deps, r.txid);
      }
    } catch (err) {
      if (!(err instanceof PspUnavailable)) throw err;
    }
  }
  return rows.length;
}

/** The charges a person can pay on /dev/pix (embedded default and tests only). */
export async function listOpenCharges(db: Db, tenantId: number) {
  const { rows } = await db.query<{
    txid: string;
    amount: number;
    status: string;
    expires_at: Date;
    created_at: Date;
    email: string;
    cpf: string | null;
  }>(
    `select c.txid, c.amount, c.status, c.expires_at, c.created_at, u.email, u.cpf from pix_charges c
        join users u on u.tenant_id = c.tenant_id and u.id = c.user_id
      where c.tenant_id = $1 order by c.id desc limit 50`,
    [tenantId],
  );
  return rows;
}
