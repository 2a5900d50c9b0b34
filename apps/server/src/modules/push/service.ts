import http from 'node:http';
import https from 'node:https';
import pLimit from 'p-limit';
import webpush from 'web-push';
import type { Db, Sql } from '../../platform/db/index';
import { AppError, type Localized } from '../../platform/errors';
import { getOrCreatePlatformKey } from '../../platform/keys';
import {
  BlockedAddressError,
  checkEndpoint,
  type EndpointPolicy,
  type EndpointVerdict,
  guardedLookup,
  isAllowedLiteral,
  STRICT_POLICY,
} from './endpoint-guard';

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

const ENDPOINT_ERRORS: Record<Exclude<EndpointVerdict, 'ok'>, Localized> = {
  insecure: {
    pt: 'O endereço de notificações precisa usar https.',
    en: 'The notification endpoint must use https.',
  },
  private: {
    pt: 'O endereço de notificações aponta para uma rede interna e não é aceito.',
    en: 'The notification endpoint points to an internal network and is not accepted.',
  },
  unresolvable: {
    pt: 'Não foi possível encontrar o servidor do endereço de notificações.',
    en: 'The notification endpoint server could not be found.',
  },
};

/** A player keeps at most this many subscriptions (browsers and devices); a new one pushes out the oldest. */
export const MAX_SUBSCRIPTIONS_PER_PLAYER = 10;

const policies = new WeakMap<Sql, EndpointPolicy>();

/** The endpoint policy of one database's app (its routes set it); a sender without one gets the strict policy. */
export function configurePush(db: Sql, policy: EndpointPolicy): void {
  policies.set(db, policy);
}

const policyOf = (db: Sql) => policies.get(db) ?? STRICT_POLICY;

export type Subscription = { endpoint: string; p256dh: string; auth: string };

/**
 * A subscription whose format its contract checked: the endpoint's host must resolve to public addresses only
 * (https; plain http only to a local push service when the policy allows it). 422 with the reason otherwise.
 */
export async function checkSubscription(db: Sql, sub: Subscription): Promise<Subscription> {
  const verdict = await checkEndpoint(new URL(sub.endpoint), policyOf(db));
  if (verdict !== 'ok') throw new AppError('validation', undefined, { endpoint: [ENDPOINT_ERRORS[verdict]] });
  return sub;
}

export async function saveSubscription(
  db: Db,
  o: { tenantId: number; userId: number; sub: Subscription; userAgent: string | null },
) {
  await db.transaction(async (tx) => {
    // One player's subscriptions change one at a time: browsers subscribing together cannot both slip past the cap.
    await tx.query(
      `select pg_advisory_xact_lock(hashtextextended('push_subscriptions:' || $1::text || ':' || $2::text, 0))`,
      [o.tenantId, o.userId],
    );
    // One row per endpoint: a browser that re-subscribes (or changes hands) moves the row to the current player, as
    // that player's newest subscription.
    await tx.query(
      `insert into push_subscriptions (tenant_id, user_id, endpoint, p256dh, auth, user_agent)
       values ($1, $2, $3, $4, $5, $6)
       on conflict (tenant_id, endpoint) do update
         set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth,
             user_agent = excluded.user_agent, created_at = now()`,
      [o.tenantId, o.userId, o.sub.endpoint, o.sub.p256dh, o.sub.auth, o.userAgent?.slice(0, 300) ?? null],
    );
    await tx.query(
      `delete from push_subscriptions
        where id in (select id from push_subscriptions where tenant_id = $1 and user_id = $2
                      order by created_at desc, id desc offset $3)`,
      [o.tenantId, o.userId, MAX_SUBSCRIPTIONS_PER_PLAYER],
    );
  });
}

export async function deleteSubscription(db: Db, o: { tenantId: number; userId: number; endpoint: string }) {
  await db.query('delete from push_subscriptions where tenant_id = $1 and user_id = $2 and endpoint = $3', [
    o.tenantId,
    o.userId,
    o.endpoint,
  ]);
}

export type PushPayload = { title: string; body: string; url: string; icon: string | null; id: number };

const SEND_TIMEOUT_MS = 10_000;
/** Push messages in flight at once per send; the rest wait for a free slot, so a slow push service holds only its own. */
export const PUSH_SENDS_IN_FLIGHT = 8;
const PAGE = 500;

type SubscriptionRow = { id: number; endpoint: string; p256dh: string; auth: string };
type PushRequest = ReturnType<typeof webpush.generateRequestDetails>;

/**
 * Posts one encrypted push message. Redirects are not followed (a push service answers 201; a redirect could point
 * anywhere), and the socket connects only to an address the policy allows.
 */
function postPush(req: PushRequest, policy: EndpointPolicy): Promise<number> {
  const url = new URL(req.endpoint);
  if (!isAllowedLiteral(url, policy)) return Promise.reject(new BlockedAddressError(url.hostname));
  if (url.protocol !== 'https:' && !policy.allowLoopback) return Promise.reject(new Error('push endpoint not https'));
  const request = url.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const r = request(
      url,
      {
        method: req.method,
        headers: req.headers as Record<string, string>,
        lookup: guardedLookup(policy),
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      },
      (res) => {
        // The status is the answer; the body (if any) is drained and dropped.
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    r.on('error', reject);
    r.end(req.body ?? undefined);
  });
}

/**
 * Sends a Web Push message (RFC 8291 aes128gcm payload, RFC 8292 VAPID) to every subscription of one player, or of
 * the whole tenant when userId is null, at most PUSH_SENDS_IN_FLIGHT at a time. web-push encrypts and signs; we post
 * it ourselves through the address guard. 404/410 mean the subscription is gone: it is deleted.
 */
export async function sendPush(
  db: Db,
  o: { tenantId: number; userId: number | null; payload: PushPayload },
): Promise<{ sent: number; removed: number; failed: number }> {
  const result = { sent: 0, removed: 0, failed: 0 };
  const policy = policyOf(db);
  const limit = pLimit(PUSH_SENDS_IN_FLIGHT);
  const body = JSON.stringify(o.payload);
  const sendOne = async (s: SubscriptionRow, vapid: VapidKeys) => {
    try {
      const req = webpush.generateRequestDetails(
        { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
        body,
        { vapidDetails: vapid, TTL: 24 * 60 * 60, urgency: 'normal' },
      );
      const status = await postPush(req, policy);
      if (status === 404 || status === 410) {
        await db.query('delete from push_subscriptions where id = $1', [s.id]);
        result.removed++;
      } else if (status >= 200 && status < 300) {
        await db.query('update push_subscriptions set last_sent_at = now() where id = $1', [s.id]);
        result.sent++;
      } else result.failed++;
    } catch {
      result.failed++;
    }
  };
  // Pages by id, so a tenant-wide message reaches every subscription without holding them all in memory.
  for (let after = 0; ; ) {
    const { rows } = await db.query<SubscriptionRow>(
      `select id, endpoint, p256dh, auth from push_subscriptions
        where tenant_id = $1 and ($2::bigint is null or user_id = $2) and id > $3 order by id limit $4`,
      [o.tenantId, o.userId, after, PAGE],
    );
    if (rows.length === 0) break;
    const vapid = await vapidKeys(db);
    await Promise.all(rows.map((s) => limit(() => sendOne(s, vapid))));
    if (rows.length < PAGE) break;
    after = rows[rows.length - 1]!.id;
  }
  return result;
}
