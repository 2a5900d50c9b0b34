import { randomBytes } from 'node:crypto';
import type { Db, Sql } from '../../platform/db/index';
import { AppError } from '../../platform/errors';
import type { FileStorage } from '../../platform/storage';
import { recordEvent } from './events';
import { WMSG } from './messages';

/** GET /profile/wallet: what the header and the wallet page show (centavos). */
export async function getWallet(db: Sql, tenantId: number, userId: number) {
  const { rows } = await db.query<{ cash: number; bonus: number; pending: number; locked: number; deposits: number }>(
    `select coalesce(max(a.balance) filter (where a.kind = 'cash'), 0) as cash,
        coalesce(max(a.balance) filter (where a.kind = 'bonus'), 0) as bonus,
        coalesce(max(a.balance) filter (where a.kind = 'pending'), 0) as pending,
        coalesce(max(w.locked_cash), 0) as locked, coalesce(max(w.deposit_count), 0) as deposits
      from ledger_accounts a left join player_wallets w on w.tenant_id = a.tenant_id and w.user_id = a.user_id
      where a.tenant_id = $1 and a.user_id = $2`,
    [tenantId, userId],
  );
  const r = rows[0]!;
  return {
    balance: r.cash,
    balance_withdrawal: Math.max(0, r.cash - r.locked),
    bonus: r.bonus,
    pending_withdrawal: r.pending,
    deposit_count: r.deposits,
  };
}

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

// ---- KYC documents ----

export const DOCUMENT_TYPES = ['id_front', 'id_back', 'selfie', 'proof_of_address'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** What "documents approved" means for releasing a withdrawal. */
export const REQUIRED_DOCUMENTS: DocumentType[] = ['id_front', 'selfie'];

/** The file type from its first bytes (jpg, png, webp or pdf); name and declared type are not trusted. */
export function sniffDocument(data: Buffer): 'jpg' | 'png' | 'webp' | 'pdf' | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpg';
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (
    data.length >= 12 &&
    data.subarray(0, 4).toString('latin1') === 'RIFF' &&
    data.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  if (data.length >= 5 && data.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  return null;
}

const CONTENT_TYPE = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp', pdf: 'application/pdf' } as const;

type DocRow = {
  id: number;
  tenant_id: number;
  user_id: number;
  type: DocumentType;
  status: 'pending' | 'approved' | 'rejected' | 'cancelled';
  reject_reason: string | null;
  created_at: Date;
  reviewed_at: Date | null;
  storage_key: string;
};

const docDto = (d: DocRow) => ({
  id: d.id,
  type: d.type,
  status: d.status,
  reject_reason: d.reject_reason,
  created_at: d.created_at.toISOString(),
  reviewed_at: d.reviewed_at?.toISOString() ?? null,
});

/** POST /documents/upload: stores the file, replaces a pending one of the same type; an approved type is final. */
export async function uploadDocument(
  db: Db,
  storage: FileStorage,
  o: { tenantId: number; userId: number; type: DocumentType; data: Buffer },
) {
  if (o.data.length > DOCUMENT_MAX_BYTES)
    throw new AppError('payload_too_large', WMSG.docSize, { document: [WMSG.docSize] });
  const kind = sniffDocument(o.data);
  if (!kind) throw new AppError('validation', WMSG.docFile, { document: [WMSG.docFile] });
  const { rows: approved } = await db.query(
    `select 1 from kyc_documents where tenant_id = $1 and user_id = $2 and type = $3 and status = 'approved'`,
    [o.tenantId, o.userId, o.type],
  );
  if (approved.length) throw new AppError('validation', WMSG.docApproved, { type: [WMSG.docApproved] });
  const key = `kyc/${o.tenantId}/${o.userId}/${o.type.replace('_', '-')}-${randomBytes(8).toString('hex')}.${kind}`;
  await storage.put(key, o.data, CONTENT_TYPE[kind]);
  const doc = await db.transaction(async (tx) => {
    await tx.query(
      `update kyc_documents set status = 'cancelled' where tenant_id = $1 and user_id = $2 and type = $3
        and status = 'pending'`,
      [o.tenantId, o.userId, o.type],
    );
    const { rows } = await tx.query<DocRow>(
      `insert into kyc_documents (tenant_id, user_id, type, storage_key, content_type, size)
        values ($1, $2, $3, $4, $5, $6) returning *`,
      [o.tenantId, o.userId, o.type, key, CONTENT_TYPE[kind], o.data.length],
    );
    return rows[0]!;
  });
  return { status: true, document: docDto(doc) };
}

/** GET /documents/status: the latest document of each type and the overall verification state. */
export async function documentStatus(db: Db, tenantId: number, userId: number) {
  const { rows } = await db.query<DocRow>(
    `select distinct on (type) * from kyc_documents where tenant_id = $1 and user_id = $2 and status <> 'cancelled'
      order by type, (status = 'approved') desc, id desc`,
    [tenantId, userId],
  );
  const byType = new Map(rows.map((r) => [r.type, r]));
  const required = REQUIRED_DOCUMENTS;
  const verified = required.every((t) => byType.get(t)?.status === 'approved');
  const anyRejected = required.some((t) => byType.get(t)?.status === 'rejected');
  const anyPending = rows.some((r) => r.status === 'pending');
  return {
    status: verified ? 'approved' : anyRejected ? 'rejected' : anyPending ? 'pending' : 'none',
    verified,
    required,
    documents: rows.map(docDto),
  };
}

/** POST /documents/cancel/{id}: the owner withdraws a document still under review. */
export async function cancelDocument(db: Db, tenantId: number, userId: number, id: number) {
  const { rows } = await db.query<DocRow>(
    `update kyc_documents set status = 'cancelled' where tenant_id = $1 and user_id = $2 and id = $3
      and status = 'pending' returning *`,
    [tenantId, userId, id],
  );
  if (rows[0]) return { status: true, document: docDto(rows[0]) };
  const { rows: found } = await db.query(
    'select 1 from kyc_documents where tenant_id = $1 and user_id = $2 and id = $3',
    [tenantId, userId, id],
  );
  if (!found.length) throw new AppError('not_found', WMSG.docNotFound);
  throw new AppError('validation', WMSG.docNotCancellable, { id: [WMSG.docNotCancellable] });
}

/** ops kyc:approve|reject: the decision, and a DocumentReviewed event that notifies the player. */
export async function reviewDocument(db: Db, o: { id: number; approve: boolean; reason?: string }) {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<DocRow>(
      `update kyc_documents set status = $2, reject_reason = $3, reviewed_at = now()
        where id = $1 and status = 'pending' returning *`,
      [o.id, o.approve ? 'approved' : 'rejected', o.approve ? null : (o.reason ?? 'rejected')],
    );
    const d = rows[0];
    if (!d) throw new AppError('not_found', `no pending document ${o.id}`);
    await recordEvent(tx, {
      tenantId: d.tenant_id,
      userId: d.user_id,
      type: 'DocumentReviewed',
      payload: { id: d.id, type: d.type, status: d.status, reason: d.reject_reason },
    });
    if (o.approve)
      // Withdrawals waiting for documents are looked at again right away.
      await tx.query(
        `update withdrawals set next_attempt_at = now() where tenant_id = $1 and user_id = $2 and status = 0`,
        [d.tenant_id, d.user_id],
      );
    return docDto(d);
  });
}

export async function listPendingDocuments(db: Db) {
  const { rows } = await db.query<DocRow & { email: string }>(
    `select d.*, u.email from kyc_documents d join users u on u.tenant_id = d.tenant_id and u.id = d.user_id
      where d.status = 'pending' order by d.id limit 100`,
  );
  return rows;
}
