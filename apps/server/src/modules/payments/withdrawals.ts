import { createHash, randomBytes } from 'node:crypto';
import type { Db, Sql } from '../../platform/db/index';
import { AppError, type Localized } from '../../platform/errors';
import type { Tenant } from '../../platform/tenancy';
import { normalizeCpf, normalizeEmail, normalizePhone } from '../auth/index';
import * as kyc from '../kyc/index';
import * as ledger from '../ledger/index';
import { firstApproval, recordFirstApproval, sameApprover } from './approvals';
import { recordEvent } from './events';
import { WMSG } from './messages';
import { promotionHooks } from './promotion-hooks';
import { InvalidPixKey, type PixKeyType, type PixProvider, PspUnavailable } from './psp/provider';
import { findForReview, type ReviewRow } from './review-queue';

/** Spec section 3: withdraw status codes. */
export const WITHDRAW_STATUS = {
  pending: 0,
  approved: 1,
  cancelled: 2,
  invalid_key: 3,
  processing: 4,
  under_review: 5,
} as const;

const MAX_KEYS = 5;
/** Regulated mode (Portaria 615/2024): prizes paid within 120 minutes; operators are warned 30 minutes before. */
const PAYOUT_DEADLINE_MIN = 120;
const WARN_BEFORE_MIN = 30;
const EVP = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const field = (name: string, m: Localized) => new AppError('validation', m, { [name]: [m] });

/** A PIX key in its canonical form (per type), or a 422 naming what is wrong. */
export function normalizePixKey(type: unknown, key: unknown): { type: PixKeyType; key: string } {
  if (type !== 'cpf' && type !== 'email' && type !== 'phone' && type !== 'evp')
    throw field('type', WMSG.keyTypeInvalid);
  if (typeof key !== 'string' || !key.trim()) throw field('key', WMSG.required);
  const raw = key.trim();
  if (raw.length > 77) throw field('key', type === 'email' ? WMSG.keyEmail : WMSG.keyEvp);
  switch (type) {
    case 'cpf': {
      const cpf = normalizeCpf(raw);
      if (!cpf) throw field('key', WMSG.keyCpf);
      return { type, key: cpf };
    }
    case 'email': {
      const e = normalizeEmail(raw);
      if (!e || e.length > 77) throw field('key', WMSG.keyEmail);
      return { type, key: e };
    }
    case 'phone': {
      const p = normalizePhone(raw);
      if (!p) throw field('key', WMSG.keyPhone);
      return { type, key: p };
    }
    case 'evp': {
      const v = raw.toLowerCase();
      if (!EVP.test(v)) throw field('key', WMSG.keyEvp);
      return { type, key: v };
    }
  }
}

type UserRow = {
  cpf: string | null;
  email_verified_at: Date | null;
  phone_verified_at: Date | null;
  first_name: string;
  last_name: string;
};

async function loadUser(sql: Sql, tenantId: number, userId: number): Promise<UserRow> {
  const { rows } = await sql.query<UserRow>(
    `select cpf, email_verified_at, phone_verified_at, first_name, last_name from users
      where tenant_id = $1 and id = $2`,
    [tenantId, userId],
  );
  if (!rows[0]) throw new AppError('unauthorized');
  return rows[0];
}

export type MethodDto = { id: number; type: PixKeyType; key: string; verified: boolean; created_at: string };

const maskKey = (type: PixKeyType, key: string) =>
  type === 'cpf' ? `***.${key.slice(3, 6)}.${key.slice(6, 9)}-**` : key;

export async function listMethods(db: Db, tenantId: number, userId: number) {
  const { rows } = await db.query<{
    id: number;
    type: PixKeyType;
    key: string;
    owner_check: string | null;
    created_at: Date;
  }>(
    `select id, type, key, owner_check, created_at from withdraw_methods
      where tenant_id = $1 and user_id = $2 and deleted_at is null order by id`,
    [tenantId, userId],
  );
  const data: MethodDto[] = rows.map((r) => ({
    id: r.id,
    type: r.type,
    key: maskKey(r.type, r.key),
    verified: r.owner_check !== null,
    created_at: r.created_at.toISOString(),
  }));
  return { data, current_page: 1, last_page: 1 };
}

/**
 * POST /wallet/withdraw/method: a PIX key of the player's own.
 * - A CPF key must be the player's CPF.
 * - Other keys (e-mail, phone, random) are looked up in the DICT through the PSP when it has a key lookup: the key
 *   must be registered to the player's CPF (the PSP answers yes/no for the CPF we send). A key the DICT does not
 *   know, or that belongs to someone else, is refused. The PSP is called before any transaction is opened.
 * - Without a key lookup, such keys are accepted unproven outside regulated mode (the payout still names the
 *   player's CPF as recipient) and refused in regulated mode.
 */
/**
 * POST /wallet/withdraw/method/own-cpf: the player's own CPF as a PIX key, without typing it. The page offers it
 * masked (***.456.789-**), as it knows only that; the number itself never leaves the server.
 */
export async function addOwnCpfMethod(
  db: Db,
  tenant: Tenant,
  userId: number,
  psp: Pick<PixProvider, 'hasKeyLookup' | 'keyOwner'>,
) {
  const user = await loadUser(db, tenant.id, userId);
  if (!user.cpf) throw field('key', WMSG.keyNoCpf);
  return addMethod(db, tenant, userId, { type: 'cpf', key: user.cpf }, psp);
}

export async function addMethod(
  db: Db,
  tenant: Tenant,
  userId: number,
  input: { type: unknown; key: unknown },
  psp: Pick<PixProvider, 'hasKeyLookup' | 'keyOwner'>,
) {
  const { type, key } = normalizePixKey(input.type, input.key);
  const user = await loadUser(db, tenant.id, userId);
  let ownerCheck: 'cpf' | 'dict' | null = null;
  let ownerName = `${user.first_name} ${user.last_name}`;
  if (type === 'cpf') {
    if (!user.cpf) throw field('key', WMSG.keyNoCpf);
    if (key !== user.cpf) throw field('key', WMSG.keyCpfNotOwn);
    ownerCheck = 'cpf';
  } else if (psp.hasKeyLookup) {
    if (!user.cpf) throw field('key', WMSG.keyNoCpfLookup);
    let owner: Awaited<ReturnType<PixProvider['keyOwner']>>;
    try {
      owner = await psp.keyOwner({ key, keyType: type, document: user.cpf });
    } catch (err) {
      if (err instanceof PspUnavailable) throw new AppError('unavailable', WMSG.keyLookupUnavailable);
      throw err;
    }
    if (!owner) throw field('key', WMSG.keyNotFound);
    if (owner.isOwner !== true) throw field('key', WMSG.keyNotOwn);
    ownerCheck = 'dict';
    ownerName = owner.name;
  } else if (tenant.settings.is_regulated) throw field('type', WMSG.keyRegulated);
  return db.transaction(async (tx) => {
    const { rows: count } = await tx.query<{ n: number }>(
      `select count(*)::int as n from withdraw_methods where tenant_id = $1 and user_id = $2 and deleted_at is null`,
      [tenant.id, userId],
    );
    if ((count[0]?.n ?? 0) >= MAX_KEYS) throw field('key', WMSG.keyLimit);
    const { rows } = await tx.query<{ id: number; created_at: Date }>(
      `insert into withdraw_methods (tenant_id, user_id, type, key, holder_name, owner_check, owner_name)
        values ($1, $2, $3, $4, $5, $6, $7)
        on conflict do nothing returning id, created_at`,
      [tenant.id, userId, type, key, `${user.first_name} ${user.last_name}`, ownerCheck, ownerName.slice(0, 120)],
    );
    if (!rows[0]) throw field('key', WMSG.keyDuplicate);
    return {
      status: true,
      method: {
        id: rows[0].id,
        type,
        key: maskKey(type, key),
        verified: ownerCheck !== null,
        created_at: rows[0].created_at.toISOString(),
      },
    };
  });
}

type WithdrawalRow = {
  id: number;
  tenant_id: number;
  user_id: number;
  method_id: number;
  amount: number;
  status: number;
  request_hash: string;
  payout_id: string;
  attempts: number;
  created_at: Date;
  updated_at: Date;
  due_at: Date;
  last_error: string | null;
};

const COLS = `id, tenant_id, user_id, method_id, amount, status, request_hash, payout_id, attempts, created_at,
  updated_at, due_at, last_error`;

export function withdrawalDto(w: WithdrawalRow) {
  return {
    id: w.id,
    amount: w.amount,
    status: w.status,
    method_id: w.method_id,
    created_at: w.created_at.toISOString(),
    updated_at: w.updated_at.toISOString(),
  };
}

export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * POST /wallet/withdraw/request: validates, then in ONE transaction records the withdrawal and moves the amount
 * from cash to pending (a conditional UPDATE: 200 concurrent requests can never overdraw). The payout goes to the
 * PSP later (processPayouts), never inside this transaction. Same Idempotency-Key + same body answers the first
 * result; a different body is a 409.
 */
export async function requestWithdrawal(
  db: Db,
  o: {
    tenant: Tenant;
    userId: number;
    amount: number;
    methodId: number;
    idempotencyKey: string;
    reviewAbove: number;
    /** The player agreed to lose an active bonus (else a withdrawal while one is active is refused). */
    forfeitBonus?: boolean;
  },
) {
  const { tenant, userId, amount, methodId } = o;
  const s = tenant.settings;
  if (amount < s.min_withdrawal) throw field('amount', WMSG.withdrawMin(s.min_withdrawal));
  if (amount > s.max_withdrawal) throw field('amount', WMSG.withdrawMax(s.max_withdrawal));
  const hash = createHash('sha256')
    .update(JSON.stringify([amount, methodId]))
    .digest('hex');
  const existing = await findByKey(db, tenant.id, userId, o.idempotencyKey);
  if (existing) return replay(db, existing, hash);
  const user = await loadUser(db, tenant.id, userId);
  if (!user.email_verified_at) throw field('email', WMSG.emailNotVerified);
  if (!user.phone_verified_at) throw field('phone', WMSG.phoneNotVerified);
  const { rows: methods } = await db.query<{ id: number; type: PixKeyType; key: string; owner_check: string | null }>(
    `select id, type, key, owner_check from withdraw_methods
      where tenant_id = $1 and user_id = $2 and id = $3 and deleted_at is null`,
    [tenant.id, userId, methodId],
  );
  const method = methods[0];
  if (!method) throw field('method_id', WMSG.methodInvalid);
  // Regulated mode: only keys proven the player's (their own CPF, or a DICT lookup against their CPF).
  const proven = method.type === 'cpf' ? method.key === user.cpf : method.owner_check === 'dict';
  if (s.is_regulated && !proven) throw field('method_id', WMSG.keyRegulated);

  const review = amount > o.reviewAbove;
  const payoutId = `W${tenant.id}x${randomBytes(12).toString('hex')}`.slice(0, 35);
  // An active bonus refuses the request, or is forfeited first when the player agreed (its own transaction: the
  // bonus's money moves before the withdrawal takes the cash, never holding both in one order and another).
  await promotionHooks()?.beforeWithdrawal(db, { tenantId: tenant.id, userId, forfeitBonus: o.forfeitBonus === true });
  try {
    return await db.transaction(async (tx) => {
      const { rows } = await tx.query<WithdrawalRow>(
        `insert into withdrawals (tenant_id, user_id, method_id, amount, status, idempotency_key, request_hash, psp,
            payout_id, due_at, review_reason)
          values ($1, $2, $3, $4, $5, $6, $7, 'pix', $8, now() + make_interval(mins => $9), $10)
          on conflict (tenant_id, user_id, idempotency_key) do nothing returning ${COLS}`,
        [
          tenant.id,
          userId,
          methodId,
          amount,
          review ? WITHDRAW_STATUS.under_review : WITHDRAW_STATUS.pending,
          o.idempotencyKey,
          hash,
          payoutId,
          PAYOUT_DEADLINE_MIN,
          review ? 'amount_above_threshold' : null,
        ],
      );
      const w = rows[0];
      if (!w) throw new Replay();
      const locked = await ledger.lockWithdrawLimit(tx, { tenantId: tenant.id, userId });
      let moved: ledger.MoneyResult;
      try {
        moved = await ledger.transfer(tx, {
          tenantId: tenant.id,
          userId,
          amount,
          type: 'withdraw',
          from: 'cash',
          to: 'pending',
          reference: `withdrawal:${w.id}`,
          idempotencyKey: `withdraw:${w.id}:hold`,
        });
      } catch (err) {
        if ((err as AppError).code !== 'insufficient_funds') throw err;
        const bal = await ledger.getBalance(tx, { tenantId: tenant.id, userId });
        throw field('amount', WMSG.withdrawAvailable(Math.max(0, bal.cash - locked)));
      }
      if (moved.balance.cash < locked)
        throw field('amount', WMSG.withdrawAvailable(Math.max(0, moved.balance.cash + amount - locked)));
      await recordEvent(tx, {
        tenantId: tenant.id,
        userId,
        type: 'WithdrawalRequested',
        payload: { id: w.id, amount, status: w.status },
      });
      await recordEvent(tx, {
        tenantId: tenant.id,
        userId,
        type: 'BalanceUpdated',
        payload: { balance: moved.balance.cash, bonus: moved.balance.bonus },
      });
      return { status: true, withdrawal: withdrawalDto(w), balance: moved.balance.cash };
    });
  } catch (err) {
    if (!(err instanceof Replay)) throw err;
    const again = await findByKey(db, tenant.id, userId, o.idempotencyKey);
    if (!again) throw new AppError('conflict', ledger.IDEMPOTENCY_CONFLICT);
    return replay(db, again, hash);
  }
}

class Replay extends Error {}

async function findByKey(sql: Sql, tenantId: number, userId: number, key: string) {
  const { rows } = await sql.query<WithdrawalRow>(
    `select ${COLS} from withdrawals where tenant_id = $1 and user_id = $2 and idempotency_key = $3`,
    [tenantId, userId, key],
  );
  return rows[0] ?? null;
}

async function replay(db: Db, w: WithdrawalRow, hash: string) {
  if (w.request_hash !== hash) throw new AppError('conflict', ledger.IDEMPOTENCY_CONFLICT);
  const bal = await ledger.getBalance(db, { tenantId: w.tenant_id, userId: w.user_id });
  return { status: true, withdrawal: withdrawalDto(w), balance: bal.cash, replayed: true };
}

/** Moves a withdrawal's amount back from pending to cash (cancel, reject, invalid key), once per withdrawal. */
async function release(tx: Sql, w: WithdrawalRow, status: number, reason: string) {
  const r = await ledger.transfer(tx, {
    tenantId: w.tenant_id,
    userId: w.user_id,
    amount: w.amount,
    type: 'refund',
    from: 'pending',
    to: 'cash',
    reference: `withdrawal:${w.id}`,
    idempotencyKey: `withdraw:${w.id}:release`,
    metadata: { reason },
  });
  const base = { tenantId: w.tenant_id, userId: w.user_id };
  await recordEvent(tx, { ...base, type: 'WithdrawalUpdated', payload: { id: w.id, status, reason } });
  await recordEvent(tx, {
    ...base,
    type: 'BalanceUpdated',
    payload: { balance: r.balance.cash, bonus: r.balance.bonus },
  });
  return r;
}

/** POST /main-gateway/user-cancel-withdrawal: only the owner, only while pending or under review. */
export async function cancelWithdrawal(db: Db, tenantId: number, userId: number, id: number) {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<WithdrawalRow>(
      `update withdrawals set status = 2, updated_at = now(), completed_at = now()
        where tenant_id = $1 and user_id = $2 and id = $3 and status in (0, 5) returning ${COLS}`,
      [tenantId, userId, id],
    );
    const w = rows[0];
    if (!w) {
      const { rows: found } = await tx.query(
        'select 1 from withdrawals where tenant_id = $1 and user_id = $2 and id = $3',
        [tenantId, userId, id],
      );
      if (found.length === 0) throw new AppError('not_found', WMSG.withdrawalNotFound);
      throw new AppError('validation', WMSG.withdrawalNotCancellable, { id: [WMSG.withdrawalNotCancellable] });
    }
    const r = await release(tx, w, WITHDRAW_STATUS.cancelled, 'cancelled_by_player');
    return { status: true, withdrawal: withdrawalDto(w), balance: r.balance.cash };
  });
}

/**
 * Operator decision on a withdrawal under review (ops withdrawal:approve|reject, the back office's queue). The row
 * is locked first, so of two decisions at once one applies and the other is told it came too late (409).
 * `tenantId` keeps a tenant's staff to their own withdrawals (another tenant's is "not found"); `onReviewed` runs in
 * the decision's transaction with the row before and after (the back office's audit), so neither exists alone.
 */
export async function reviewWithdrawal(
  db: Db,
  o: {
    id: number;
    approve: boolean;
    operator: string;
    reason?: string;
    tenantId?: number;
    onReviewed?: (tx: Sql, change: { before: ReviewRow; after: ReviewRow }) => Promise<void>;
    /** A first approval of a withdrawal that needs two: recorded, the withdrawal stays under review. */
    onFirstApproval?: (tx: Sql, change: { before: ReviewRow; after: ReviewRow }) => Promise<void>;
  },
) {
  return db.transaction(async (tx) => {
    const before = await findForReview(tx, { id: o.id, tenantId: o.tenantId, lock: true });
    if (!before) throw new AppError('not_found', WMSG.withdrawalNotFound);
    if (before.status !== 'under_review') throw new AppError('conflict', WMSG.withdrawalNotUnderReview);
    // The row lock above orders concurrent approvals: of two second approvals, the later one finds it released.
    if (o.approve && before.two_person) {
      const first = await firstApproval(tx, before.id);
      if (!first) {
        await recordFirstApproval(tx, { withdrawalId: before.id, tenantId: before.tenant_id, by: o.operator });
        const after = (await findForReview(tx, { id: before.id }))!;
        await o.onFirstApproval?.(tx, { before, after });
        const { rows: held } = await tx.query<WithdrawalRow>(`select ${COLS} from withdrawals where id = $1`, [o.id]);
        return withdrawalDto(held[0]!);
      }
      if (sameApprover(first.approved_by, o.operator)) throw new AppError('conflict', WMSG.sameApprover);
    }
    const { rows } = await tx.query<WithdrawalRow>(
      o.approve
        ? `update withdrawals set status = 0, reviewed_by = $2, next_attempt_at = now(), updated_at = now(),
              payout_id = case when attempts > 0 then left(payout_id, 28) || 'r' || attempts else payout_id end
            where id = $1 and status = 5 returning ${COLS}`
        : `update withdrawals set status = 2, reviewed_by = $2, review_reason = $3, updated_at = now(),
              completed_at = now()
            where id = $1 and status = 5 returning ${COLS}`,
      o.approve ? [o.id, o.operator] : [o.id, o.operator, o.reason ?? 'rejected'],
    );
    const w = rows[0];
    if (!w) throw new AppError('conflict', WMSG.withdrawalNotUnderReview);
    if (!o.approve) await release(tx, w, WITHDRAW_STATUS.cancelled, `rejected: ${o.reason ?? ''}`.trim());
    else
      await recordEvent(tx, {
        tenantId: w.tenant_id,
        userId: w.user_id,
        type: 'WithdrawalUpdated',
        payload: { id: w.id, status: 0 },
      });
    if (o.onReviewed) {
      const after = await findForReview(tx, { id: w.id });
      await o.onReviewed(tx, { before, after: after! });
    }
    return withdrawalDto(w);
  });
}

/** Withdrawals waiting for documents are looked at again as soon as a document is approved. */
async function wakeWithdrawals(tx: Sql, o: { tenantId: number; userId: number }) {
  await tx.query(
    `update withdrawals set next_attempt_at = now() where tenant_id = $1 and user_id = $2 and status = 0`,
    [o.tenantId, o.userId],
  );
}
kyc.onDocumentApproved(wakeWithdrawals);

export type PayoutDeps = { db: Db; psp: PixProvider; log?: { warn(o: object, m: string): void } };

/**
 * Job: sends due payouts and follows those in flight. Each step claims the row with a conditional UPDATE, commits,
 * then calls the PSP, then records the outcome in a new transaction: a crash anywhere leaves a state the next run
 * resumes (the PSP's payout id is idempotent).
 */
export async function processPayouts(deps: PayoutDeps, limit = 20): Promise<number> {
  const { db } = deps;
  await warnDueSoon(deps);
  const { rows } = await db.query<WithdrawalRow & { kyc: boolean; settings: { kyc?: boolean } }>(
    `select w.id, w.tenant_id, w.user_id, w.method_id, w.amount, w.status, w.request_hash, w.payout_id, w.attempts,
        w.created_at, w.updated_at, w.due_at, w.last_error, t.settings
      from withdrawals w join tenants t on t.id = w.tenant_id
      where w.status in (0, 4) and w.next_attempt_at <= now() order by w.next_attempt_at limit $1`,
    [limit],
  );
  for (const w of rows) {
    try {
      if (w.status === WITHDRAW_STATUS.pending) {
        if (w.settings.kyc !== false && !(await kyc.isVerified(db, { tenantId: w.tenant_id, userId: w.user_id }))) {
          // Documents are required before release: wait, and look again later.
          await db.query(`update withdrawals set next_attempt_at = now() + interval '5 minutes' where id = $1`, [w.id]);
          continue;
        }
        const { rows: claimed } = await db.query<WithdrawalRow>(
          `update withdrawals set status = 4, attempts = attempts + 1, next_attempt_at = now() + interval '30 seconds',
              updated_at = now()
            where id = $1 and status = 0 returning ${COLS}`,
          [w.id],
        );
        if (!claimed[0]) continue;
        await sendPayout(deps, claimed[0]);
      } else {
        const p = await deps.psp.getPayout(w.payout_id);
        if (!p) await sendPayout(deps, w);
        else await applyPayoutStatus(deps, w, p.status, p.endToEndId, p.reason);
      }
    } catch (err) {
      if (!(err instanceof PspUnavailable)) throw err;
      await db.query(
        `update withdrawals set last_error = $2, next_attempt_at = now() + interval '1 minute' where id = $1`,
        [w.id, err.message.slice(0, 500)],
      );
    }
  }
  return rows.length;
}

async function sendPayout(deps: PayoutDeps, w: WithdrawalRow) {
  const { rows } = await deps.db.query<{ type: PixKeyType; key: string; cpf: string | null }>(
    `select m.type, m.key, u.cpf from withdraw_methods m join users u on u.tenant_id = m.tenant_id and u.id = m.user_id
      where m.id = $1`,
    [w.method_id],
  );
  const m = rows[0]!;
  try {
    const p = await deps.psp.payout({
      id: w.payout_id,
      amount: w.amount,
      key: m.key,
      keyType: m.type,
      recipientCpf: m.cpf,
    });
    await applyPayoutStatus(deps, w, p.status, p.endToEndId, p.reason);
  } catch (err) {
    if (!(err instanceof InvalidPixKey)) throw err;
    await deps.db.transaction(async (tx) => {
      const { rows: changed } = await tx.query<WithdrawalRow>(
        `update withdrawals set status = 3, last_error = $2, updated_at = now(), completed_at = now()
          where id = $1 and status = 4 returning ${COLS}`,
        [w.id, err.message.slice(0, 500)],
      );
      if (changed[0]) await release(tx, changed[0], WITHDRAW_STATUS.invalid_key, 'invalid_pix_key');
    });
  }
}

async function applyPayoutStatus(
  deps: PayoutDeps,
  w: WithdrawalRow,
  status: 'EM_PROCESSAMENTO' | 'REALIZADO' | 'NAO_REALIZADO',
  e2e: string | null,
  reason: string | null,
) {
  if (status === 'EM_PROCESSAMENTO') return;
  await deps.db.transaction(async (tx) => {
    if (status === 'REALIZADO') {
      const { rows } = await tx.query<WithdrawalRow>(
        `update withdrawals set status = 1, end_to_end_id = $2, updated_at = now(), completed_at = now()
          where id = $1 and status = 4 returning ${COLS}`,
        [w.id, e2e],
      );
      if (!rows[0]) return;
      await ledger.debit(tx, {
        tenantId: w.tenant_id,
        userId: w.user_id,
        amount: w.amount,
        type: 'withdraw',
        account: 'pending',
        reference: `withdrawal:${w.id}`,
        idempotencyKey: `withdraw:${w.id}:paid`,
        metadata: { end_to_end_id: e2e },
      });
      await recordEvent(tx, {
        tenantId: w.tenant_id,
        userId: w.user_id,
        type: 'WithdrawalUpdated',
        payload: { id: w.id, status: WITHDRAW_STATUS.approved },
      });
      return;
    }
    // NAO_REALIZADO: the PSP could not pay (closed account, limits). An operator decides: retry or reject.
    const { rows } = await tx.query<WithdrawalRow>(
      `update withdrawals set status = 5, last_error = $2, review_reason = 'payout_failed', updated_at = now()
        where id = $1 and status = 4 returning ${COLS}`,
      [w.id, (reason ?? 'NAO_REALIZADO').slice(0, 500)],
    );
    if (rows[0])
      await recordEvent(tx, {
        tenantId: w.tenant_id,
        userId: w.user_id,
        type: 'WithdrawalUpdated',
        payload: { id: w.id, status: WITHDRAW_STATUS.under_review },
      });
  });
}

/** Regulated tenants: warn operators about withdrawals still unpaid 30 minutes before the 120-minute deadline. */
async function warnDueSoon(deps: PayoutDeps) {
  const { rows } = await deps.db.query<{
    id: number;
    tenant_id: number;
    user_id: number;
    due_at: Date;
    status: number;
  }>(
    `update withdrawals w set warned_at = now() from tenants t
      where t.id = w.tenant_id and (t.settings->>'is_regulated')::boolean is true and w.status in (0, 4, 5)
        and w.warned_at is null and w.due_at < now() + make_interval(mins => $1)
      returning w.id, w.tenant_id, w.user_id, w.due_at, w.status`,
    [WARN_BEFORE_MIN],
  );
  for (const r of rows) {
    deps.log?.warn(
      { withdrawal: r.id, tenant: r.tenant_id, due_at: r.due_at, status: r.status },
      'withdrawal due soon',
    );
    await recordEvent(deps.db, {
      tenantId: r.tenant_id,
      userId: null,
      type: 'WithdrawalDueSoon',
      payload: { id: r.id, user_id: r.user_id, due_at: r.due_at.toISOString(), status: r.status },
    });
  }
}

export async function listWithdrawals(db: Db, o: { status?: number; limit?: number } = {}) {
  const { rows } = await db.query<WithdrawalRow & { email: string }>(
    `select w.id, w.tenant_id, w.user_id, w.amount, w.status, w.created_at, w.due_at, w.last_error, u.email
      from withdrawals w join users u on u.tenant_id = w.tenant_id and u.id = w.user_id
      where ($1::int is null or w.status = $1) order by w.id desc limit $2`,
    [o.status ?? null, o.limit ?? 50],
  );
  return rows;
}
