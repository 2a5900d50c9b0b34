import type { Db } from '../../platform/db/index';

export const LIST_TYPES = ['deposit', 'withdraw', 'bonus', 'rollover', 'win', 'bet'] as const;
export type ListType = (typeof LIST_TYPES)[number];
const PAGE_SIZE = 15;

/**
 * GET /wallet/transactions: newest first, 15 a page. Deposits come from PIX charges (with the payment status),
 * withdrawals from the withdrawal records (with the spec's status code), everything else from the ledger.
 */
export async function listTransactions(db: Db, tenantId: number, userId: number, page: number, type: ListType | null) {
  const offset = (page - 1) * PAGE_SIZE;
  const { rows } = await db.query<{
    id: string;
    type: string;
    value: number;
    status: string | number;
    date: Date;
    total: number;
    cancellable: boolean;
  }>(
    `with items as (
        select 'pix-' || c.id as id, 'deposit' as type, c.amount as value,
            to_jsonb(case when c.status = 'expired' then 'refused' else c.status end) as status,
            coalesce(c.paid_at, c.created_at) as date, false as cancellable
          from pix_charges c
          where c.tenant_id = $1 and c.user_id = $2 and (c.status <> 'expired')
            and ($3::text is null or $3 = 'deposit')
        union all
        select 'wd-' || w.id, 'withdraw', w.amount, to_jsonb(w.status), w.created_at, w.status in (0, 5)
          from withdrawals w
          where w.tenant_id = $1 and w.user_id = $2 and ($3::text is null or $3 = 'withdraw')
        union all
        select 'tx-' || t.id, t.type, abs(coalesce((select sum(e.amount) from ledger_entries e
              join ledger_accounts a on a.id = e.account_id
              where e.transaction_id = t.id and a.user_id = t.user_id and a.kind in ('cash', 'bonus')), 0))::bigint,
            to_jsonb('completed'::text), t.created_at, false
          from ledger_transactions t
          where t.tenant_id = $1 and t.user_id = $2 and t.type in ('bonus', 'rollover', 'win', 'bet')
            and ($3::text is null or $3 = t.type)
      )
      select id, type, value, status, date, cancellable, count(*) over ()::int as total from items
      order by date desc, id desc limit $4 offset $5`,
    [tenantId, userId, type, PAGE_SIZE, offset],
  );
  const total = rows[0]?.total ?? (page > 1 ? await countAll(db, tenantId, userId, type) : 0);
  const lastPage = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return {
    transactions: {
      data: rows.map((r) => ({
        id: r.id,
        type: r.type,
        value: Number(r.value),
        status: r.status,
        date: r.date.toISOString(),
        created_at: r.date.toISOString(),
        actions: r.cancellable ? ['cancel'] : [],
        withdrawal_id: r.type === 'withdraw' ? Number(r.id.slice(3)) : null,
      })),
      current_page: page,
      last_page: lastPage,
      per_page: PAGE_SIZE,
      total,
    },
  };
}

async function countAll(db: Db, tenantId: number, userId: number, type: ListType | null): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select ((select count(*) from pix_charges where tenant_id = $1 and user_id = $2 and status <> 'expired'
          and ($3::text is null or $3 = 'deposit'))
      + (select count(*) from withdrawals where tenant_id = $1 and user_id = $2 and ($3::text is null or $3 = 'withdraw'))
      + (select count(*) from ledger_transactions where tenant_id = $1 and user_id = $2
          and type in ('bonus', 'rollover', 'win', 'bet') and ($3::text is null or $3 = type)))::int as n`,
    [tenantId, userId, type],
  );
  return rows[0]?.n ?? 0;
}
