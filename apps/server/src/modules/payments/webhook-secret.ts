import { randomBytes } from 'node:crypto';
import type { Sql } from '../../platform/db/index';
import { getOrCreatePlatformKey } from '../../platform/keys';

/**
 * The secret path segment of the PSP webhook URL: PIX_WEBHOOK_SECRET when set (required in production), else a
 * random one created on the first start and kept in the database. Kept in the database rather than in a file of
 * DATA_DIR so that every node on one PostgreSQL registers and accepts the same URL; with PGlite the database lives
 * in DATA_DIR, so each data directory has its own.
 */
export async function resolveWebhookSecret(sql: Sql, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const v = await getOrCreatePlatformKey(sql, 'pix_webhook', () => ({ secret: randomBytes(24).toString('base64url') }));
  return v.secret;
}
