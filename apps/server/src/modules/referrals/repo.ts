import type { Sql } from '../../platform/db/index';

/** SQL of the referrals table (this module's only table). Every query filters on the tenant. */

export type ReferralStatus = 'refused' | 'registered' | 'qualifying' | 'review' | 'paid' | 'rejected';

export type ReferralRow = {
  id: number;
  tenant_id: number;
  referrer_id: number;
  referred_id: number;
  status: ReferralStatus;
  reason: string | null;
  reason_note: string | null;
  first_deposit: number | null;
  wagered: number;
  cpa_amount: number | null;
  qualified_at: Date | null;
  review_until: Date | null;
  paid_at: Date | null;
  rejected_at: Date | null;
  created_at: Date;
};

const COLUMNS = `id, tenant_id, referrer_id, referred_id, status, reason, reason_note, first_deposit, wagered, cpa_amount,
  qualified_at, review_until, paid_at, rejected_at, created_at`;

export async function insertReferral(
  tx: Sql,
  o: {
    tenantId: number;
    referrerId: number;
    referredId: number;
    status: 'refused' | 'registered';
    reason: string | null;
  },
): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `insert into referrals (tenant_id, referrer_id, referred_id, status, reason) values ($1, $2, $3, $4, $5)
     on conflict (tenant_id, referred_id) do nothing returning id`,
    [o.tenantId, o.referrerId, o.referredId, o.status, o.reason],
  );
  return rows[0]?.id ?? 0;
}

export async function findById(sql: Sql, tenantId: number, id: number): Promise<ReferralRow | null> {
  const { rows } = await sql.query<ReferralRow>(`select ${COLUMNS} from referrals where tenant_id = $1 and id = $2`, [
    tenantId,
    id,
  ]);
  return rows[0] ?? null;
}

/** The open (not yet qualified) referral of a referred player, locked for the update that follows. */
export async function findOpenForReferred(tx: Sql, tenantId: number, referredId: number): Promise<ReferralRow | null> {
  const { rows } = await tx.query<ReferralRow>(
    `select ${COLUMNS} from referrals where tenant_id = $1 and referred_id = $2 and status in ('registered', 'qualifying')
     for update`,
    [tenantId, referredId],
  );
  return rows[0] ?? null;
}

export async function recordActivity(
  tx: Sql,
  o: { tenantId: number; id: number; firstDeposit?: number; wagered?: number },
): Promise<void> {
  await tx.query(
    `update referrals set first_deposit = coalesce(first_deposit, $3), wagered = greatest(wagered, coalesce($4, wagered)),
       status = 'qualifying', updated_at = now()
     where tenant_id = $1 and id = $2 and status in ('registered', 'qualifying')`,
    [o.tenantId, o.id, o.firstDeposit ?? null, o.wagered ?? null],
  );
}

export async function markQualified(
  tx: Sql,
  o: { tenantId: number; id: number; amount: number; now: Date; reviewUntil: Date },
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `update referrals set status = 'review', cpa_amount = $3, qualified_at = $4, review_until = $5, updated_at = now()
     where tenant_id = $1 and id = $2 and status in ('registered', 'qualifying')`,
    [o.tenantId, o.id, o.amount, o.now, o.reviewUntil],
  );
  return (rowCount ?? 0) > 0;
}

/** Ends a referral without a CPA. Only from a state that has paid nothing. */
export async function markRejected(
  tx: Sql,
  o: { tenantId: number; id: number; reason: string; note: string | null; now: Date },
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `update referrals set status = 'rejected', reason = $3, reason_note = $4, rejected_at = $5, updated_at = now()
     where tenant_id = $1 and id = $2 and status in ('registered', 'qualifying', 'review')`,
    [o.tenantId, o.id, o.reason, o.note, o.now],
  );
  return (rowCount ?? 0) > 0;
}

/** Takes a CPA in review for payment: the conditional update lets one payer win when several try at once. */
export async function markPaid(tx: Sql, o: { tenantId: number; id: number; now: Date }): Promise<ReferralRow | null> {
  const { rows } = await tx.query<ReferralRow>(
    `update referrals set status = 'paid', paid_at = $3, updated_at = now()
     where tenant_id = $1 and id = $2 and status = 'review' returning ${COLUMNS}`,
    [o.tenantId, o.id, o.now],
  );
  return rows[0] ?? null;
}

export async function setLedgerTransaction(tx: Sql, o: { tenantId: number; id: number; transactionId: number }) {
  await tx.query('update referrals set ledger_transaction_id = $3 where tenant_id = $1 and id = $2', [
    o.tenantId,
    o.id,
    o.transactionId,
  ]);
}

/** CPAs whose review period has ended, oldest first. */
export async function listDue(sql: Sql, now: Date, limit: number): Promise<{ id: number; tenant_id: number }[]> {
  const { rows } = await sql.query<{ id: number; tenant_id: number }>(
    `select id, tenant_id from referrals where status = 'review' and review_until <= $1 order by review_until, id limit $2`,
    [now, limit],
  );
  return rows;
}

export async function anyDue(sql: Sql, now: Date): Promise<boolean> {
  const { rows } = await sql.query(`select 1 from referrals where status = 'review' and review_until <= $1 limit 1`, [
    now,
  ]);
  return rows.length > 0;
}

export type ListedReferral = ReferralRow & { first_name: string };

/** The referrer's linked friends (refused links are the operator's only), newest first. */
export async function listForReferrer(
  sql: Sql,
  o: { tenantId: number; referrerId: number; limit: number; offset: number },
): Promise<{ rows: ListedReferral[]; total: number }> {
  const { rows } = await sql.query<ListedReferral & { total: number }>(
    `select r.id, r.tenant_id, r.referrer_id, r.referred_id, r.status, r.reason, r.reason_note, r.first_deposit,
        r.wagered, r.cpa_amount, r.qualified_at, r.review_until, r.paid_at, r.rejected_at, r.created_at,
        u.first_name, count(*) over () as total
       from referrals r join users u on u.tenant_id = r.tenant_id and u.id = r.referred_id
      where r.tenant_id = $1 and r.referrer_id = $2 and r.status <> 'refused'
      order by r.id desc limit $3 offset $4`,
    [o.tenantId, o.referrerId, o.limit, o.offset],
  );
  const total = rows[0] ? Number(rows[0].total) : 0;
  if (!rows[0] && o.offset > 0) {
    const c = await sql.query<{ n: number }>(
      `select count(*)::int as n from referrals where tenant_id = $1 and referrer_id = $2 and status <> 'refused'`,
      [o.tenantId, o.referrerId],
    );
    return { rows: [], total: Number(c.rows[0]?.n ?? 0) };
  }
  return { rows, total };
}

export async function totalsForReferrer(sql: Sql, tenantId: number, referrerId: number) {
  const { rows } = await sql.query<{ pending: string | number; paid: string | number }>(
    `select coalesce(sum(cpa_amount) filter (where status = 'review'), 0) as pending,
        coalesce(sum(cpa_amount) filter (where status = 'paid'), 0) as paid
       from referrals where tenant_id = $1 and referrer_id = $2`,
    [tenantId, referrerId],
  );
  const pending = Number(rows[0]?.pending ?? 0);
  const paid = Number(rows[0]?.paid ?? 0);
  return { earned: pending + paid, pending, paid };
}

export type OperatorRow = ReferralRow & { referrer_name: string; referred_name: string };

export async function listForOperator(
  sql: Sql,
  o: { tenantId: number; status: ReferralStatus | null; limit: number; before?: number },
): Promise<OperatorRow[]> {
  const { rows } = await sql.query<OperatorRow>(
    `select r.id, r.tenant_id, r.referrer_id, r.referred_id, r.status, r.reason, r.reason_note, r.first_deposit,
        r.wagered, r.cpa_amount, r.qualified_at, r.review_until, r.paid_at, r.rejected_at, r.created_at,
        a.first_name || ' ' || a.last_name as referrer_name, b.first_name || ' ' || b.last_name as referred_name
       from referrals r
       join users a on a.tenant_id = r.tenant_id and a.id = r.referrer_id
       join users b on b.tenant_id = r.tenant_id and b.id = r.referred_id
      where r.tenant_id = $1 and ($2::text is null or r.status = $2) and ($4::bigint is null or r.id < $4)
      order by r.id desc limit $3`,
    [o.tenantId, o.status, o.limit, o.before ?? null],
  );
  return rows;
}

/** The CPAs waiting in review and their amount (the finance queue's figure). */
export async function inReview(sql: Sql, tenantId: number): Promise<{ count: number; amount: number }> {
  const { rows } = await sql.query<{ n: string; amount: string | null }>(
    `select count(*) as n, sum(cpa_amount) as amount from referrals where tenant_id = $1 and status = 'review'`,
    [tenantId],
  );
  return { count: Number(rows[0]?.n ?? 0), amount: Number(rows[0]?.amount ?? 0) };
}

// ---- the fraud checks' reads (other modules' tables, read only) ----

/** Whether the referrer ever had a session from this client address and browser. */
export async function referrerUsedDevice(
  sql: Sql,
  o: { tenantId: number; referrerId: number; ip: string; userAgent: string | null },
): Promise<boolean> {
  const { rows } = await sql.query(
    `select 1 from sessions where tenant_id = $1 and user_id = $2 and ip = $3 and user_agent is not distinct from $4
     limit 1`,
    [o.tenantId, o.referrerId, o.ip, o.userAgent],
  );
  return rows.length > 0;
}

/** Whether two players ever had sessions from the same client address and browser. */
export async function sharedDevice(sql: Sql, o: { tenantId: number; a: number; b: number }): Promise<boolean> {
  const { rows } = await sql.query(
    `select 1 from sessions x join sessions y on y.tenant_id = x.tenant_id and y.user_id = $3 and y.ip = x.ip
        and y.user_agent is not distinct from x.user_agent
      where x.tenant_id = $1 and x.user_id = $2 and x.ip is not null limit 1`,
    [o.tenantId, o.a, o.b],
  );
  return rows.length > 0;
}

/** Whether a player has a referral still waiting for its CPA: most players have none, one index lookup. */
export async function hasOpenReferral(sql: Sql, tenantId: number, referredId: number): Promise<boolean> {
  const { rows } = await sql.query(
    `select 1 from referrals where tenant_id = $1 and referred_id = $2 and status in ('registered', 'qualifying')`,
    [tenantId, referredId],
  );
  return rows.length > 0;
}

/** The operator names a referral by its id alone (ids are unique across tenants). */
export async function findTenantOf(sql: Sql, id: number): Promise<number | null> {
  const { rows } = await sql.query<{ tenant_id: number }>('select tenant_id from referrals where id = $1', [id]);
  return rows[0] ? Number(rows[0].tenant_id) : null;
}
