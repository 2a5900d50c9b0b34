import webpush from 'web-push';
import type { Db, Sql } from '../../db/index';
import { AppError, type Localized } from '../../platform/errors';
import { getOrCreatePlatformKey } from '../realtime/keys';

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

const cache = new WeakMap<Sql, Promise<VapidKeys>>();

/** The VAPID key pair: created on the first start and kept in platform_keys, so subscriptions stay valid. */
export function vapidKeys(db: Sql, subject = 'mailto:no-reply@sorte.local'): Promise<VapidKeys> {
  let p = cache.get(db);
  if (!p) {
    p = getOrCreatePlatformKey(db, 'vapid', () => ({ ...webpush.generateVAPIDKeys(), subject }));
    p.catch(() => cache.delete(db));
    cache.set(db, p);
  }
  return p;
}

const B64URL = /^[A-Za-z0-9_-]+={0,2}$/;
const INVALID: Localized = { pt: 'Inscrição de notificações inválida.', en: 'Invalid notification subscription.' };

export type SubscriptionInput = { endpoint?: unknown; keys?: { p256dh?: unknown; auth?: unknown } | null };

/** endpoint https (http only on loopback outside production, for the local push service), p256dh and auth base64url. */
export function parseSubscription(body: SubscriptionInput, allowLoopbackHttp: boolean) {
  const errors: Record<string, Localized[]> = {};
  const endpoint = body.endpoint;
  let okEndpoint = false;
  if (typeof endpoint === 'string' && endpoint.length <= 2048) {
    try {
      const u = new URL(endpoint);
      okEndpoint =
        u.protocol === 'https:' ||
        (allowLoopbackHttp && u.protocol === 'http:' && (u.hostname === '127.0.0.1' || u.hostname === 'localhost'));
    } catch {
      okEndpoint = false;
    }
  }
  if (!okEndpoint) errors.endpoint = [INVALID];
  const p256dh = body.keys?.p256dh;
  const auth = body.keys?.auth;
  // p256dh is an uncompressed P-256 point (65 bytes), auth a 16-byte secret.
  if (typeof p256dh !== 'string' || !B64URL.test(p256dh) || Buffer.from(p256dh, 'base64url').length !== 65)
    errors['keys.p256dh'] = [INVALID];
  if (typeof auth !== 'string' || !B64URL.test(auth) || Buffer.from(auth, 'base64url').length !== 16)
    errors['keys.auth'] = [INVALID];
  if (Object.keys(errors).length) throw new AppError('validation', undefined, errors);
  return { endpoint: endpoint as string, p256dh: p256dh as string, auth: auth as string };
}

export async function saveSubscription(
  db: Db,
  o: { tenantId: number; userId: number; sub: ReturnType<typeof parseSubscription>; userAgent: string | null },
) {
  // One row per endpoint: a browser that re-subscribes (or changes hands) moves the row to the current player.
  await db.query(
    `insert into push_subscriptions (tenant_id, user_id, endpoint, p256dh, auth, user_agent)
     values ($1, $2, $3, $4, $5, $6)
     on conflict (tenant_id, endpoint) do update
       set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth, user_agent = excluded.user_agent`,
    [o.tenantId, o.userId, o.sub.endpoint, o.sub.p256dh, o.sub.auth, o.userAgent?.slice(0, 300) ?? null],
  );
}

export async function deleteSubscription(db: Db, o: { tenantId: number; userId: number; endpoint: unknown }) {
  if (typeof o.endpoint !== 'string') throw new AppError('validation', undefined, { endpoint: [INVALID] });
  await db.query('delete from push_subscriptions where tenant_id = $1 and user_id = $2 and endpoint = $3', [
    o.tenantId,
    o.userId,
    o.endpoint,
  ]);
}

export type PushPayload = { title: string; body: string; url: string; icon: string | null; id: number };

const SEND_TIMEOUT_MS = 10_000;
const BATCH = 20;

/**
 * Sends a Web Push message (RFC 8291 aes128gcm payload, RFC 8292 VAPID) to every subscription of one player, or of
 * the whole tenant when userId is null. web-push encrypts and signs; we post it ourselves so a local push service
 * on loopback works through the same code. 404/410 mean the subscription is gone: it is deleted.
 */
export async function sendPush(
  db: Db,
  o: { tenantId: number; userId: number | null; payload: PushPayload },
): Promise<{ sent: number; removed: number; failed: number }> {
  const { rows } = await db.query<{ id: number; endpoint: string; p256dh: string; auth: string }>(
    `select id, endpoint, p256dh, auth from push_subscriptions
      where tenant_id = $1 and ($2::bigint is null or user_id = $2) order by id limit 10000`,
    [o.tenantId, o.userId],
  );
  const result = { sent: 0, removed: 0, failed: 0 };
  if (rows.length === 0) return result;
  const vapid = await vapidKeys(db);
  const body = JSON.stringify(o.payload);
  for (let i = 0; i < rows.length; i += BATCH) {
    await Promise.all(
      rows.slice(i, i + BATCH).map(async (s) => {
        try {
          const req = webpush.generateRequestDetails(
            { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
            body,
            {
              vapidDetails: vapid,
              TTL: 24 * 60 * 60,
              urgency: 'normal',
            },
          );
          const res = await fetch(req.endpoint, {
            method: req.method,
            headers: req.headers as Record<string, string>,
            body: req.body ?? undefined,
            signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
          });
          if (res.status === 404 || res.status === 410) {
            await db.query('delete from push_subscriptions where id = $1', [s.id]);
            result.removed++;
          } else if (res.ok) {
            await db.query('update push_subscriptions set last_sent_at = now() where id = $1', [s.id]);
            result.sent++;
          } else result.failed++;
        } catch {
          result.failed++;
        }
      }),
    );
  }
  return result;
}
