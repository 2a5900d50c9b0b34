import { type AdminWithdrawal, WITHDRAWAL_STATUSES, type WithdrawalSort } from '@sorte/contracts';
import type { Sql } from '../../platform/db/index';
import { TWO_PERSON_ABOVE_SQL } from './approvals';

/**
 * The back office's view of withdrawals: the review queue with its payout clock, one tenant's or every tenant's,
 * keyset-paged on the chosen sort. The PIX key itself never leaves this module: staff see its type.
 */

export type ReviewRow = AdminWithdrawal;
/** Where a page ends: the sort column's value (centavos, or microseconds since the epoch) and the row's id. */
export type QueueKey = { key: number; id: number };

type Row = {
  id: number;
  tenant_id: number;
  user_id: number;
  first_name: string;
  last_name: string;
  amount: number;
  key_type: AdminWithdrawal['pix_key_type'];
  created_at: Date;
  due_at: Date;
  status: number;
  review_reason: string | null;
  reviewed_by: string | null;
  last_error: string | null;
  two_person: boolean;
  first_approved_by: string | null;
  first_approved_at: Date | null;
  sort_key: number;
};

// Timestamps are compared as whole microseconds: a JavaScript Date would round them to milliseconds and a page
// boundary between two rows of the same millisecond would skip or repeat one.
const micros = (col: string) => `(extract(epoch from ${col}) * 1000000)::bigint`;
const fromMicros = (p: string) => `(timestamptz 'epoch' + ${p}::bigint * interval '1 microsecond')`;
const SORTS: Record<string, { col: string; key: string; value: (p: string) => string }> = {
  due_at: { col: 'w.due_at', key: micros('w.due_at'), value: fromMicros },
  requested_at: { col: 'w.created_at', key: micros('w.created_at'), value: fromMicros },
  amount: { col: 'w.amount', key: 'w.amount', value: (p) => `${p}::bigint` },
};

const select = (sortKey: string) => `
  select w.id, w.tenant_id, w.user_id, u.first_name, u.last_name, w.amount, m.type as key_type, w.created_at,
      w.due_at, w.status, w.review_reason, w.reviewed_by, w.last_error,
      w.amount > ${TWO_PERSON_ABOVE_SQL} as two_person, a.approved_by as first_approved_by,
      a.approved_at as first_approved_at, ${sortKey} as sort_key
    from withdrawals w
      join users u on u.tenant_id = w.tenant_id and u.id = w.user_id
      join withdraw_methods m on m.id = w.method_id
      left join payment_settings ps on ps.tenant_id = w.tenant_id
      left join withdrawal_approvals a on a.withdrawal_id = w.id`;

/**
 * First name and the family name's initial ("Maria da Silva" -> "Maria S."): staff tell players apart in a list
 * without reading their full names.
 */
export function maskedName(first: string, last: string): string {
  const family = last.trim().split(/\s+/).pop() ?? '';
  return [first.trim(), family ? `${family[0]!.toUpperCase()}.` : ''].filter(Boolean).join(' ');
}

function toReviewRow(r: Row): ReviewRow {
  return {
    id: r.id,
    tenant_id: r.tenant_id,
    player_id: r.user_id,
    player_name: maskedName(r.first_name, r.last_name),
    amount: r.amount,
    pix_key_type: r.key_type,
    requested_at: r.created_at.toISOString(),
    due_at: r.due_at.toISOString(),
    status: WITHDRAWAL_STATUSES[r.status] ?? 'pending',
    review_reason: r.review_reason,
    reviewed_by: r.reviewed_by,
    last_error: r.last_error,
    two_person: r.two_person,
    first_approved_by: r.first_approved_by,
    first_approved_at: r.first_approved_at?.toISOString() ?? null,
  };
}

/** One page of withdrawals in `status` (null: any), sorted, after `after`; `next` is where the following page starts. */
export async function listReviewQueue(
  sql: Sql,
  o: { tenantId?: number; status: number | null; sort: WithdrawalSort; after?: QueueKey; limit: number },
): Promise<{ rows: ReviewRow[]; next: QueueKey | null }> {
  const desc = o.sort.startsWith('-');
  const s = SORTS[desc ? o.sort.slice(1) : o.sort]!;
  const params: unknown[] = [];
  const where: string[] = [];
  const arg = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  if (o.tenantId !== undefined) where.push(`w.tenant_id = ${arg(o.tenantId)}`);
  if (o.status !== null) where.push(`w.status = ${arg(o.status)}`);
  if (o.after) where.push(`(${s.col}, w.id) ${desc ? '<' : '>'} (${s.value(arg(o.after.key))}, ${arg(o.after.id)})`);
  const dir = desc ? 'desc' : 'asc';
  const { rows } = await sql.query<Row>(
    `${select(s.key)} ${where.length ? `where ${where.join(' and ')}` : ''}
      order by ${s.col} ${dir}, w.id ${dir} limit ${arg(o.limit + 1)}`,
    params,
  );
  const more = rows.length > o.limit;
  const page = rows.slice(0, o.limit);
  const last = page[page.length - 1];
  return { rows: page.map(toReviewRow), next: more && last ? { key: last.sort_key, id: last.id } : null };
}

/** One withdrawal as the queue shows it (null when it is not the tenant's); `lock` holds it for a decision. */
export async function findForReview(
  sql: Sql,
  o: { id: number; tenantId?: number; lock?: boolean },
): Promise<ReviewRow | null> {
  const { rows } = await sql.query<Row>(
    `${select('0')} where w.id = $1 and ($2::bigint is null or w.tenant_id = $2)${o.lock ? ' for update of w' : ''}`,
    [o.id, o.tenantId ?? null],
  );
  return rows[0] ? toReviewRow(rows[0]) : null;
}
