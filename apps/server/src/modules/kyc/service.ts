import { randomBytes } from 'node:crypto';
import type { DocumentStatusReply } from '@sorte/contracts';
import type { Db, Sql } from '../../platform/db/index';
import { AppError } from '../../platform/errors';
import { publish } from '../../platform/events/index';
import type { FileStorage } from '../../platform/storage';
import { KMSG } from './messages';
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

export type DocRow = {
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

export type DocumentDto = ReturnType<typeof docDto>;
export const docDto = (d: DocRow) => ({
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
    throw new AppError('payload_too_large', KMSG.docSize, { document: [KMSG.docSize] });
  const kind = sniffDocument(o.data);
  if (!kind) throw new AppError('validation', KMSG.docFile, { document: [KMSG.docFile] });
  const { rows: approved } = await db.query(
    `select 1 from kyc_documents where tenant_id = $1 and user_id = $2 and type = $3 and status = 'approved'`,
    [o.tenantId, o.userId, o.type],
  );
  if (approved.length) throw new AppError('validation', KMSG.docApproved, { type: [KMSG.docApproved] });
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
  return { status: true as const, document: docDto(doc) };
}

/** GET /documents/status: the latest document of each type and the overall verification state. */
export async function documentStatus(db: Db, tenantId: number, userId: number): Promise<DocumentStatusReply> {
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
  if (rows[0]) return { status: true as const, document: docDto(rows[0]) };
  const { rows: found } = await db.query(
    'select 1 from kyc_documents where tenant_id = $1 and user_id = $2 and id = $3',
    [tenantId, userId, id],
  );
  if (!found.length) throw new AppError('not_found', KMSG.docNotFound);
  throw new AppError('validation', KMSG.docNotCancellable, { id: [KMSG.docNotCancellable] });
}

export type DocumentApprovedHook = (tx: Sql, who: { tenantId: number; userId: number }) => Promise<void>;
const approvalHooks: DocumentApprovedHook[] = [];

/**
 * Runs `hook` in the transaction of every document approval. Payments depends on KYC (a payout waits for documents)
 * and uses this to look again at the withdrawals that were waiting, in the same commit, without KYC importing it.
 */
export function onDocumentApproved(hook: DocumentApprovedHook): void {
  if (!approvalHooks.includes(hook)) approvalHooks.push(hook);
}

/** Whether the player's required documents are all approved (what releases a withdrawal). */
export async function isVerified(sql: Sql, o: { tenantId: number; userId: number }): Promise<boolean> {
  const { rows } = await sql.query<{ type: string }>(
    `select distinct type from kyc_documents where tenant_id = $1 and user_id = $2 and status = 'approved'`,
    [o.tenantId, o.userId],
  );
  const have = new Set(rows.map((r) => r.type));
  return REQUIRED_DOCUMENTS.every((t) => have.has(t));
}

/** ops kyc:approve|reject: the decision, and a DocumentReviewed event that notifies the player. */
export async function reviewDocument(
  db: Db,
  o: {
    id: number;
    approve: boolean;
    reason?: string;
    /** Staff of one tenant: another tenant's document is "not found". */
    tenantId?: number;
    /** Runs in the decision's transaction (the back office's audit row). */
    onReviewed?: (
      tx: Sql,
      change: { before: ReturnType<typeof docDto>; after: ReturnType<typeof docDto> },
    ) => Promise<void>;
  },
) {
  return db.transaction(async (tx) => {
    if (o.tenantId !== undefined || o.onReviewed) {
      const { rows: found } = await tx.query<DocRow>(
        'select * from kyc_documents where id = $1 and ($2::bigint is null or tenant_id = $2) for update',
        [o.id, o.tenantId ?? null],
      );
      if (!found[0]) throw new AppError('not_found', KMSG.docNotFound);
      if (found[0].status !== 'pending') throw new AppError('conflict', KMSG.docNotPending);
    }
    const before = await tx.query<DocRow>('select * from kyc_documents where id = $1', [o.id]);
    const { rows } = await tx.query<DocRow>(
      `update kyc_documents set status = $2, reject_reason = $3, reviewed_at = now()
        where id = $1 and status = 'pending' returning *`,
      [o.id, o.approve ? 'approved' : 'rejected', o.approve ? null : (o.reason ?? 'rejected')],
    );
    const d = rows[0];
    if (!d) throw new AppError('not_found', `no pending document ${o.id}`);
    await publish(tx, {
      name: 'kyc.document_reviewed',
      tenantId: d.tenant_id,
      userId: d.user_id,
      payload: { id: d.id, type: d.type, status: d.status as 'approved' | 'rejected', reason: d.reject_reason },
    });
    if (o.approve) for (const hook of approvalHooks) await hook(tx, { tenantId: d.tenant_id, userId: d.user_id });
    if (o.onReviewed && before.rows[0]) await o.onReviewed(tx, { before: docDto(before.rows[0]), after: docDto(d) });
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
