import { createHmac, randomBytes } from 'node:crypto';
import type { Sql } from '../db/index';
import { getOrCreatePlatformKey } from '../keys';

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
