import type { Db } from '../../platform/db/index';
import * as ledger from '../ledger/index';

export const LIST_TYPES = ['deposit', 'withdraw', 'bonus', 'rollover', 'win', 'bet'] as const;
export type ListType = (typeof LIST_TYPES)[number];
const PAGE_SIZE = 15;
/** The movements the ledger lists itself: deposits and withdrawals come from this module's own records. */
const LEDGER_TYPES = ['bonus', 'rollover', 'win', 'bet'] as const;

type Item = { id: string; type: string; value: number; status: string | number; date: Date; cancellable: boolean };

/** Newest first; equal times by id, as text, highest first. */
const newestFirst = (a: Item, b: Item) =>
  b.date.getTime() - a.date.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/**
 * GET /wallet/transactions: newest first, 15 a page. Deposits come from PIX charges (with the payment status),
 * withdrawals from the withdrawal records (with the spec's status code), everything else from the ledger's API.
 * Each source gives its newest items up to the end of the page asked for, and the page is cut from them merged.
 */
export async function listTransactions(db: Db, tenantId: number, userId: number, page: number, type: ListType | null) {
  const offset = (page - 1) * PAGE_SIZE;
  const upTo = offset + PAGE_SIZE;
  const { rows } = await db.query<Item & { total: number }>(
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
      )
      select id, type, value, status, date, cancellable, count(*) over ()::int as total from items
      order by date desc, id desc limit $4`,
    [tenantId, userId, type, upTo],
  );
  const ledgerTypes = LEDGER_TYPES.filter((t) => type === null || t === type);
  const moves =
    ledgerTypes.length > 0
      ? await ledger.listPlayerMovements(db, { tenantId, userId, types: ledgerTypes, limit: upTo })
      : { movements: [], total: 0 };
  const items: Item[] = [
    ...rows,
    ...moves.movements.map((m) => ({
      id: `tx-${m.id}`,
      type: m.type,
      value: m.value,
      status: 'completed',
      date: m.date,
      cancellable: false,
    })),
  ].sort(newestFirst);
  const total = (rows[0]?.total ?? 0) + moves.total;
  const lastPage = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return {
    transactions: {
      data: items.slice(offset, upTo).map((r) => ({
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
