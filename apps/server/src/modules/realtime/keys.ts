import { createHmac, randomBytes } from 'node:crypto';
import type { Sql } from '../../platform/db/index';

/**
 * A key the platform creates on first start and keeps in platform_keys. Nodes starting together race on the
 * insert; `on conflict do nothing` + re-read makes every one of them end up with the same value.
 */
export async function getOrCreatePlatformKey<T>(sql: Sql, name: string, create: () => T): Promise<T> {
  const found = await sql.query<{ value: T }>('select value from platform_keys where name = $1', [name]);
  if (found.rows[0]) return found.rows[0].value;
  await sql.query('insert into platform_keys (name, value) values ($1, $2) on conflict (name) do nothing', [
    name,
    JSON.stringify(create()),
  ]);
  const again = await sql.query<{ value: T }>('select value from platform_keys where name = $1', [name]);
  return again.rows[0]!.value;
}

export type AppCredentials = { appId: string; key: string; secret: string };

/** The public app key of a tenant: what the web puts in /app/{key} and the HTTP API's auth_key. */
export const appKeyOf = (tenantId: number) => `sorte-${tenantId}`;

/**
 * Per-tenant Pusher app credentials. app id = tenant id; the secret is derived from one master secret, so a
 * signature made for one tenant never verifies on another tenant's connection and nothing per tenant is stored.
 */
export class RealtimeKeys {
  private constructor(private readonly master: string) {}

  static async load(sql: Sql): Promise<RealtimeKeys> {
    const v = await getOrCreatePlatformKey(sql, 'realtime', () => ({ master: randomBytes(32).toString('hex') }));
    return new RealtimeKeys(v.master);
  }

  forTenant(tenantId: number): AppCredentials {
    return {
      appId: String(tenantId),
      key: appKeyOf(tenantId),
      secret: createHmac('sha256', this.master).update(`tenant:${tenantId}`).digest('hex'),
    };
  }

  /** The tenant a public key belongs to, or null. */
  static tenantOfKey(key: string): number | null {
    const m = /^sorte-(\d{1,15})$/.exec(key);
    return m ? Number(m[1]) : null;
  }
}

/** The room of the spec's public chat ("channel parameter 30"). */
export const DEFAULT_ROOM = '30';

/** The realtime block of the site config: the app key; host/port/tls null = the page's own origin. */
export function realtimeClientSettings(tenantId: number) {
  return { key: appKeyOf(tenantId), host: null, port: null, tls: null, room: DEFAULT_ROOM };
}
