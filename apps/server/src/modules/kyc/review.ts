import path from 'node:path';
import type { Sql } from '../../platform/db/index';
import { AppError } from '../../platform/errors';
import { type FileStorage, localDiskStorage, type StoredFile } from '../../platform/storage';
import { KMSG } from './messages';
import { type DocRow, type DocumentType, docDto } from './service';

/**
 * The back office's KYC review: the queue of documents (oldest first, keyset-paged), one document with the player's
 * other current documents beside it, and the file itself, read only through a staff route (never a public URL).
 */

export type ReviewDocument = ReturnType<typeof docDto> & {
  tenant_id: number;
  player_id: number;
  player_name: string;
  content_type: string;
  size: number;
};

type Row = DocRow & { content_type: string; size: number; first_name: string; last_name: string };

/** First name and the family name's initial: staff tell players apart without reading full names in a list. */
function maskedName(first: string, last: string): string {
  const family = last.trim().split(/\s+/).pop() ?? '';
  return [first.trim(), family ? `${family[0]!.toUpperCase()}.` : ''].filter(Boolean).join(' ');
}

const toReview = (r: Row): ReviewDocument => ({
  ...docDto(r),
  tenant_id: Number(r.tenant_id),
  player_id: Number(r.user_id),
  player_name: maskedName(r.first_name, r.last_name),
  content_type: r.content_type,
  size: r.size,
});

const SELECT = `select d.*, u.first_name, u.last_name from kyc_documents d
  join users u on u.tenant_id = d.tenant_id and u.id = d.user_id`;

/** Where the documents are stored (the same place the player's upload writes). */
export function documentStorage(dataDir: string): FileStorage {
  return localDiskStorage(path.join(dataDir, 'files'));
}

/** One page of documents in `status` (null: any), oldest first after `afterId`. */
export async function listReviewDocuments(
  sql: Sql,
  o: { tenantId?: number; status: DocRow['status'] | null; type?: DocumentType; afterId?: number; limit: number },
): Promise<{ rows: ReviewDocument[]; next: number | null }> {
  const params: unknown[] = [];
  const where: string[] = [];
  const arg = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  if (o.tenantId !== undefined) where.push(`d.tenant_id = ${arg(o.tenantId)}`);
  if (o.status !== null) where.push(`d.status = ${arg(o.status)}`);
  if (o.type) where.push(`d.type = ${arg(o.type)}`);
  if (o.afterId !== undefined) where.push(`d.id > ${arg(o.afterId)}`);
  const { rows } = await sql.query<Row>(
    `${SELECT} ${where.length ? `where ${where.join(' and ')}` : ''} order by d.id limit ${arg(o.limit + 1)}`,
    params,
  );
  const page = rows.slice(0, o.limit);
  const more = rows.length > o.limit;
  return { rows: page.map(toReview), next: more && page.length ? Number(page[page.length - 1]!.id) : null };
}

/**
 * One document and, for the side-by-side view, the player's latest document of every type (pending or decided,
 * cancelled ones aside). null when it is not in the tenant's scope.
 */
export async function findReviewDocument(
  sql: Sql,
  o: { id: number; tenantId?: number },
): Promise<{ document: ReviewDocument; set: ReviewDocument[] } | null> {
  const { rows } = await sql.query<Row>(`${SELECT} where d.id = $1 and ($2::bigint is null or d.tenant_id = $2)`, [
    o.id,
    o.tenantId ?? null,
  ]);
  const doc = rows[0];
  if (!doc) return null;
  const { rows: set } = await sql.query<Row>(
    `select distinct on (d.type) d.*, u.first_name, u.last_name from kyc_documents d
        join users u on u.tenant_id = d.tenant_id and u.id = d.user_id
      where d.tenant_id = $1 and d.user_id = $2 and d.status <> 'cancelled'
      order by d.type, d.id desc`,
    [doc.tenant_id, doc.user_id],
  );
  // The document asked for stands for its type even when a newer one of that type exists.
  const others = set.filter((r) => r.type !== doc.type).map(toReview);
  return { document: toReview(doc), set: [toReview(doc), ...others] };
}

/** A document's file, for staff of its tenant (or the platform); not_found otherwise. */
export async function readDocumentFile(
  sql: Sql,
  storage: FileStorage,
  o: { id: number; tenantId?: number },
): Promise<StoredFile & { type: DocumentType }> {
  const { rows } = await sql.query<{ storage_key: string; content_type: string; type: DocumentType }>(
    'select storage_key, content_type, type from kyc_documents where id = $1 and ($2::bigint is null or tenant_id = $2)',
    [o.id, o.tenantId ?? null],
  );
  const r = rows[0];
  if (!r) throw new AppError('not_found', KMSG.docNotFound);
  const file = await storage.get(r.storage_key);
  if (!file) throw new AppError('not_found', KMSG.fileMissing);
  return { data: file.data, contentType: r.content_type, type: r.type };
}
