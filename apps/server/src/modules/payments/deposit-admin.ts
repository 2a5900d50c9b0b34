import type { Sql } from '../../platform/db/index';
import { AppError, type Localized } from '../../platform/errors';
import * as ledger from '../ledger/index';
import type { PixDeps } from './deposits';
import { recordEvent } from './events';
import { WMSG } from './messages';
import { PspUnavailable } from './psp/provider';
import { maskedName } from './review-queue';

/**
 * The back office's deposits: search (keyset-paged, newest first), one deposit's detail, and an operator's refund of
 * a paid PIX deposit to its payer (a PIX devolução).
 */

export type DepositStatus =
  | 'waiting_payment'
  | 'paid'
  | 'pending'
  | 'refused'
  | 'refunded'
  | 'chargebacked'
  | 'expired';

export type AdminDepositRow = {
  id: number;
  tenant_id: number;
  player_id: number;
  player_name: string;
  txid: string;
  end_to_end_id: string | null;
  amount: number;
  status: DepositStatus;
  created_at: string;
  paid_at: string | null;
  payer_document: string | null;
  refund_reason: string | null;
  refunded_by: string | null;
  refund_requested_at: string | null;
  refunded_at: string | null;
  refund_error: string | null;
};

type Row = {
  id: number;
  tenant_id: number;
  user_id: number;
  first_name: string;
  last_name: string;
  txid: string;
  end_to_end_id: string | null;
  amount: number;
  status: DepositStatus;
  created_at: Date;
  paid_at: Date | null;
  payer_document: string | null;
  refund_reason: string | null;
  refund_id: string | null;
  refunded_by: string | null;
  refund_requested_at: Date | null;
  refunded_at: Date | null;
  refund_error: string | null;
  sort_key: number;
};

const SELECT = `select c.id, c.tenant_id, c.user_id, u.first_name, u.last_name, c.txid, c.end_to_end_id, c.amount,
    c.status, c.created_at, c.paid_at, c.payer_document, c.refund_reason, c.refund_id, c.refunded_by,
    c.refund_requested_at, c.refunded_at, c.refund_error, (extract(epoch from c.created_at) * 1000000)::bigint as sort_key
  from pix_charges c join users u on u.tenant_id = c.tenant_id and u.id = c.user_id`;

/** A payer's CPF as staff see it: the middle digits only, as the DICT shows a key's owner. */
function maskedDocument(doc: string | null): string | null {
  if (!doc) return null;
  if (doc.length !== 11) return `***${doc.slice(-4)}`;
  return `***.${doc.slice(3, 6)}.${doc.slice(6, 9)}-**`;
}

function toDto(r: Row): AdminDepositRow {
  return {
    id: r.id,
    tenant_id: r.tenant_id,
    player_id: r.user_id,
    player_name: maskedName(r.first_name, r.last_name),
    txid: r.txid,
    end_to_end_id: r.end_to_end_id,
    amount: Number(r.amount),
    status: r.status,
    created_at: r.created_at.toISOString(),
    paid_at: r.paid_at?.toISOString() ?? null,
    payer_document: maskedDocument(r.payer_document),
    refund_reason: r.refund_reason,
    refunded_by: r.refunded_by,
    refund_requested_at: r.refund_requested_at?.toISOString() ?? null,
    refunded_at: r.refunded_at?.toISOString() ?? null,
    refund_error: r.refund_error,
  };
}

/** Where a page ends: created_at in microseconds (a Date would round to milliseconds) and the id. */
export type DepositKey = { key: number; id: number };

export type DepositSearch = {
  tenantId?: number;
  playerId?: number;
  amount?: number;
  /** A txid or an end-to-end id. */
  pspId?: string;
  status?: DepositStatus;
  from?: Date;
  to?: Date;
  after?: DepositKey;
  limit: number;
};

/** One page of deposits, newest first; `next` is where the following page starts. */
export async function searchDeposits(
  sql: Sql,
  o: DepositSearch,
): Promise<{ rows: AdminDepositRow[]; next: DepositKey | null }> {
  const params: unknown[] = [];
  const where: string[] = [];
  const arg = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  if (o.tenantId !== undefined) where.push(`c.tenant_id = ${arg(o.tenantId)}`);
  if (o.playerId !== undefined) where.push(`c.user_id = ${arg(o.playerId)}`);
  if (o.amount !== undefined) where.push(`c.amount = ${arg(o.amount)}`);
  if (o.pspId !== undefined) {
    const p = arg(o.pspId);
    where.push(`(c.txid = ${p} or c.end_to_end_id = ${p})`);
  }
  if (o.status !== undefined) where.push(`c.status = ${arg(o.status)}`);
  if (o.from) where.push(`c.created_at >= ${arg(o.from)}`);
  if (o.to) where.push(`c.created_at < ${arg(o.to)}`);
  if (o.after)
    where.push(
      `(c.created_at, c.id) < (timestamptz 'epoch' + ${arg(o.after.key)}::bigint * interval '1 microsecond', ${arg(o.after.id)})`,
    );
  const { rows } = await sql.query<Row>(
    `${SELECT} ${where.length ? `where ${where.join(' and ')}` : ''}
      order by c.created_at desc, c.id desc limit ${arg(o.limit + 1)}`,
    params,
  );
  const more = rows.length > o.limit;
  const page = rows.slice(0, o.limit);
  const last = page[page.length - 1];
  return { rows: page.map(toDto), next: more && last ? { key: Number(last.sort_key), id: last.id } : null };
}

async function findDepositRow(sql: Sql, o: { id: number; tenantId?: number; lock?: boolean }): Promise<Row | null> {
  const { rows } = await sql.query<Row>(
    `${SELECT} where c.id = $1 and ($2::bigint is null or c.tenant_id = $2)${o.lock ? ' for update of c' : ''}`,
    [o.id, o.tenantId ?? null],
  );
  return rows[0] ?? null;
}

/** One deposit (null when it is not in the tenant's scope). */
export async function findDeposit(sql: Sql, o: { id: number; tenantId?: number }): Promise<AdminDepositRow | null> {
  const r = await findDepositRow(sql, o);
  return r ? toDto(r) : null;
}

/**
 * An operator's refund of a paid deposit to its payer. First, in one transaction: the deposit's ledger movement is
 * reversed (the player's cash back to PSP clearing; refused when the cash no longer holds it), the charge is marked
 * refunded with who and why, the player is told, and `onRefunded` (the audit) runs. Then, outside it, the PSP is
 * asked for the devolução under an id derived from the payment, so asking again (a retry, a double click) never
 * refunds twice: a repeat of a refund already booked only retries the PSP call until it confirms.
 */
export async function refundDeposit(
  deps: PixDeps,
  o: {
    id: number;
    tenantId?: number;
    operator: string;
    reason: string;
    onRefunded?: (tx: Sql, change: { before: AdminDepositRow; after: AdminDepositRow }) => Promise<void>;
  },
): Promise<{ deposit: AdminDepositRow; psp_confirmed: boolean }> {
  const { db } = deps;
  const booked = await db.transaction(async (tx) => {
    const row = await findDepositRow(tx, { id: o.id, tenantId: o.tenantId, lock: true });
    if (!row) throw new AppError('not_found', WMSG.depositNotFound);
    if (row.status === 'refunded' && row.refund_id) return row;
    if (row.status !== 'paid' || !row.end_to_end_id) throw new AppError('conflict', WMSG.depositNotRefundable);
    const who = { tenantId: row.tenant_id, userId: row.user_id };
    const balance = await ledger.getBalance(tx, who);
    if (balance.cash < row.amount) throw insufficient(balance.cash);
    let moved: ledger.MoneyResult;
    try {
      moved = await ledger.reverse(tx, {
        tenantId: row.tenant_id,
        originalKey: `pix:e2e:${row.end_to_end_id}`,
        idempotencyKey: `pix:refund:${row.end_to_end_id}`,
        reference: `pix:${row.txid}`,
      });
    } catch (err) {
      if (err instanceof ledger.InsufficientFunds) throw insufficient(balance.cash);
      throw err;
    }
    await tx.query(
      `update pix_charges set status = 'refunded', refund_reason = $2, refund_id = $3, refunded_by = $4,
          refund_requested_at = now(), updated_at = now()
        where id = $1`,
      [row.id, o.reason, `R${row.end_to_end_id}`.slice(0, 35), o.operator],
    );
    await recordEvent(tx, {
      ...who,
      type: 'DepositRefunded',
      payload: { txid: row.txid, amount: row.amount, reason: 'operator_refund' },
    });
    await recordEvent(tx, {
      ...who,
      type: 'BalanceUpdated',
      payload: { balance: moved.balance.cash, bonus: moved.balance.bonus },
    });
    const after = (await findDepositRow(tx, { id: row.id }))!;
    await o.onRefunded?.(tx, { before: toDto(row), after: toDto(after) });
    return after;
  });
  if (booked.refunded_at) return { deposit: toDto(booked), psp_confirmed: true };
  try {
    await deps.psp.refund({
      endToEndId: booked.end_to_end_id!,
      refundId: booked.refund_id!,
      amount: Number(booked.amount),
      reason: (booked.refund_reason ?? 'Devolução').slice(0, 140),
    });
    await db.query(`update pix_charges set refunded_at = now(), refund_error = null where id = $1`, [booked.id]);
  } catch (err) {
    if (!(err instanceof PspUnavailable)) throw err;
    await db.query(`update pix_charges set refund_error = $2 where id = $1`, [booked.id, err.message.slice(0, 500)]);
  }
  const final = (await findDepositRow(db, { id: booked.id }))!;
  return { deposit: toDto(final), psp_confirmed: final.refunded_at !== null };
}

function insufficient(cash: number) {
  const m: Localized = WMSG.refundBalance(cash);
  return new AppError('conflict', m);
}
