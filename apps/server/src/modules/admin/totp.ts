import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Sql } from '../../platform/db/index';
import { getOrCreatePlatformKey } from '../../platform/keys';

/** RFC 6238 as every authenticator app reads it: SHA-1, 30-second steps, 6 digits. */
export const TOTP_PERIOD_MS = 30_000;
const DIGITS = 6;
/** Steps accepted either side of now: a phone clock a little off, or a code typed as it turned over. */
const WINDOW = 1;
const ISSUER = 'Sorte';

function totp(secretBase32: string, label = 'staff'): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: TOTP_PERIOD_MS / 1000,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new secret of 20 random bytes (160 bits, RFC 4226's recommendation), in base32 for the authenticator. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an authenticator app reads (from a QR code or pasted). */
export function totpUri(secretBase32: string, email: string): string {
  return totp(secretBase32, email).toString();
}

/** The time step a moment falls in. */
export function stepAt(nowMs: number): number {
  return Math.floor(nowMs / TOTP_PERIOD_MS);
}

/** The code of a given step (tests and the CLI's self-check). */
export function codeAtStep(secretBase32: string, step: number): string {
  return totp(secretBase32).generate({ timestamp: step * TOTP_PERIOD_MS });
}

/**
 * The time step `code` belongs to within one step of `nowMs`, or null. Whether that step was already used is the
 * caller's compare-and-set on the staff member's last accepted step.
 */
export function matchTotp(secretBase32: string, code: string, nowMs: number): number | null {
  const delta = totp(secretBase32).validate({ token: code, timestamp: nowMs, window: WINDOW });
  return delta === null ? null : stepAt(nowMs) + delta;
}

type SecretKey = { k: string };
const keys = new WeakMap<object, Buffer>();

async function secretKey(sql: Sql): Promise<Buffer> {
  const cached = keys.get(sql);
  if (cached) return cached;
  const { k } = await getOrCreatePlatformKey<SecretKey>(sql, 'staff_totp', () => ({
    k: randomBytes(32).toString('base64'),
  }));
  const key = Buffer.from(k, 'base64');
  keys.set(sql, key);
  return key;
}

/** Seals a TOTP secret for staff_users.totp_secret: "v1.<iv>.<tag>.<ciphertext>", base64url parts. */
export async function sealTotpSecret(sql: Sql, secretBase32: string): Promise<string> {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', await secretKey(sql), iv);
  const data = Buffer.concat([c.update(secretBase32, 'utf8'), c.final()]);
  return ['v1', iv, c.getAuthTag(), data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

export async function openTotpSecret(sql: Sql, sealed: string): Promise<string> {
  const [v, iv, tag, data] = sealed.split('.');
  if (v !== 'v1' || !iv || !tag || !data) throw new Error('unreadable staff TOTP secret');
  const d = createDecipheriv('aes-256-gcm', await secretKey(sql), Buffer.from(iv, 'base64url'));
  d.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([d.update(Buffer.from(data, 'base64url')), d.final()]).toString('utf8');
}
