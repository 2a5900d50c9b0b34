import { generateKeyPairSync, randomUUID, type webcrypto } from 'node:crypto';
import { exportSPKI, importJWK, importSPKI, type JWK, SignJWT } from 'jose';
import type { Sql } from '../../../platform/db/index';
import { getOrCreatePlatformKey } from '../../../platform/keys';

type CryptoKey = webcrypto.CryptoKey;

/*
 * The keys of the Betby integration. Ours: one ES256 key pair per tenant (kept in platform_keys, created on first
 * use, so every node signs with the same key), which signs the player token the widget hands to Betby; Betby
 * verifies it with the public key we serve. Betby's: the RS256 public key that signs its wallet callbacks, set per
 * tenant in betby_settings (the stand-in's for the demo).
 */

/** Betby's demo renderer script; a tenant's production URL comes from its Betby account (betby_settings). */
export const DEFAULT_WIDGET_URL = 'https://ui.invisiblesport.com/bt-renderer.min.js';

/** How long a player token opens the widget for; the widget asks for a new one (onTokenExpired) after that. */
export const PLAYER_TOKEN_TTL_S = 3600;

export const keyIdOf = (tenantId: number) => `sorte-betby-${tenantId}`;

type TenantKey = { privateKey: CryptoKey; publicJwk: JWK; publicPem: string };

// Per database (tests open several in one process) and tenant: a key never changes once created.
const cache = new WeakMap<Sql, Map<number, Promise<TenantKey>>>();

async function load(sql: Sql, tenantId: number): Promise<TenantKey> {
  const jwk = await getOrCreatePlatformKey<JWK>(sql, `betby_es256_${tenantId}`, () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    return privateKey.export({ format: 'jwk' }) as JWK;
  });
  const privateKey = (await importJWK(jwk, 'ES256')) as CryptoKey;
  const publicJwk: JWK = {
    kty: jwk.kty,
    crv: jwk.crv,
    x: jwk.x,
    y: jwk.y,
    alg: 'ES256',
    use: 'sig',
    kid: keyIdOf(tenantId),
  };
  const publicPem = await exportSPKI((await importJWK(publicJwk, 'ES256', { extractable: true })) as CryptoKey);
  return { privateKey, publicJwk, publicPem };
}

/** The tenant's ES256 key pair. */
export function tenantKey(sql: Sql, tenantId: number): Promise<TenantKey> {
  let byTenant = cache.get(sql);
  if (!byTenant) {
    byTenant = new Map();
    cache.set(sql, byTenant);
  }
  let k = byTenant.get(tenantId);
  if (!k) {
    const mine = byTenant;
    k = load(sql, tenantId);
    k.catch(() => mine.delete(tenantId));
    mine.set(tenantId, k);
  }
  return k;
}

export type PlayerClaims = {
  iss: string;
  sub: string;
  name: string;
  lang: 'pt-br' | 'en';
  currency: 'BRL';
  jti: string;
  iat: number;
  exp: number;
};

/**
 * The player token Betby's widget carries: brand (iss), our player id (sub, what Betby sends back as ext_player_id),
 * display name, language, currency BRL and a session id (jti), valid PLAYER_TOKEN_TTL_S.
 */
export async function signPlayerToken(
  sql: Sql,
  o: { tenantId: number; brandId: string; userId: number; name: string; lang: 'pt-br' | 'en'; now?: Date },
): Promise<string> {
  const key = await tenantKey(sql, o.tenantId);
  const iat = Math.floor((o.now ?? new Date()).getTime() / 1000);
  return new SignJWT({ name: o.name, lang: o.lang, currency: 'BRL' })
    .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: keyIdOf(o.tenantId) })
    .setIssuer(o.brandId)
    .setSubject(String(o.userId))
    .setJti(randomUUID())
    .setIssuedAt(iat)
    .setExpirationTime(iat + PLAYER_TOKEN_TTL_S)
    .sign(key.privateKey);
}

const verifierCache = new Map<number, { pem: string; key: Promise<CryptoKey> }>();

export type BetbySettings = { betbyPublicKey: string; widgetUrl: string | null };

export async function findSettings(sql: Sql, tenantId: number): Promise<BetbySettings | null> {
  const { rows } = await sql.query<{ betby_public_key: string; widget_url: string | null }>(
    'select betby_public_key, widget_url from betby_settings where tenant_id = $1',
    [tenantId],
  );
  return rows[0] ? { betbyPublicKey: rows[0].betby_public_key, widgetUrl: rows[0].widget_url } : null;
}

/** Sets a tenant's Betby public key (SPKI PEM, checked to be an RSA key jose accepts) and widget URL. */
export async function saveSettings(
  sql: Sql,
  o: { tenantId: number; betbyPublicKey: string; widgetUrl?: string | null },
): Promise<void> {
  await importSPKI(o.betbyPublicKey, 'RS256');
  await sql.query(
    `insert into betby_settings (tenant_id, betby_public_key, widget_url) values ($1, $2, $3)
      on conflict (tenant_id) do update set betby_public_key = excluded.betby_public_key,
        widget_url = coalesce(excluded.widget_url, betby_settings.widget_url), updated_at = now()`,
    [o.tenantId, o.betbyPublicKey, o.widgetUrl ?? null],
  );
  verifierCache.delete(o.tenantId);
}

/** Betby's callback key for a tenant, imported once per PEM. */
export function betbyKey(tenant: number, pem: string): Promise<CryptoKey> {
  const hit = verifierCache.get(tenant);
  if (hit && hit.pem === pem) return hit.key;
  const key = importSPKI(pem, 'RS256') as Promise<CryptoKey>;
  verifierCache.set(tenant, { pem, key });
  return key;
}
