import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * Statements of game providers' bets and wins running at once (modules/providers/call-batch.ts); calls that arrive
   * while they run share the next statement.
   */
  PROVIDER_CALLS_IN_FLIGHT: z.coerce.number().int().min(1).max(64).default(2),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_REQUESTS: bool.default(false),
  /** Comma-separated proxy addresses/CIDRs whose X-Forwarded-For is believed. Default: loopback only. */
  TRUSTED_PROXIES: z.string().default('127.0.0.1,::1'),
  WEB_DIST: z.string().optional(),
  TENANT_CACHE_TTL_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  TENANT_NEGATIVE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(3_000),
  /** Dev tools (/dev/outbox, /dev/pix). Default: on outside production; can never be on in production. */
  DEV_TOOLS: bool.optional(),
  SEED_DEMO: bool.default(true),
  /** Key set that signs Google ID tokens (POST /auth/google). Tests point it at a local server. */
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  TURNSTILE_VERIFY_URL: z.url().default('https://challenges.cloudflare.com/turnstile/v0/siteverify'),
  /** E-mail goes out over SMTP when set (smtp[s]://user:pass@host:port); otherwise to the dev outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Sorte <no-reply@sorte.local>'),
  /** argon2id cost. Defaults follow OWASP (19 MiB, 2 passes); tests lower them. */
  PASSWORD_HASH_MEMORY_KIB: z.coerce.number().int().min(1024).max(1_048_576).default(19_456),
  PASSWORD_HASH_TIME_COST: z.coerce.number().int().min(1).max(10).default(2),
  /** PIX PSP: "sandbox" (built-in stand-in on 127.0.0.1, the default outside production) or "bcb" (a real PSP). */
  PIX_PSP: z.enum(['sandbox', 'bcb']).optional(),
  /** Base URL of the PSP's API Pix (for "bcb"; for "sandbox" it is set to the stand-in's address). */
  PIX_PSP_URL: z.url().optional(),
  PIX_CLIENT_ID: z.string().min(1).default('sorte-sandbox'),
  PIX_CLIENT_SECRET: z.string().min(1).default('sorte-sandbox-secret'),
  /** The receiver's PIX key at the PSP (cob "chave"). */
  PIX_KEY: z.string().min(1).max(77).default('pix@sorte.local'),
  /** Public base URL the PSP posts webhooks to (default: this server's own address). */
  PIX_WEBHOOK_URL: z.url().optional(),
  /**
   * Secret path segment of the webhook URL (the webhook is only a hint, every charge is re-read from the PSP).
   * Required in production; elsewhere a random one is created once and kept in the database (platform_keys).
   */
  PIX_WEBHOOK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,100}$/)
    .optional(),
  /** The PSP has a DICT key lookup (GET /pix_key/{key}, QI Tech style). Default: on for the sandbox, off for "bcb". */
  PIX_KEY_LOOKUP: bool.optional(),
  /** Withdrawals above this many centavos wait for an operator (status 5). */
  WITHDRAWAL_REVIEW_ABOVE: z.coerce.number().int().min(0).default(500_000),
  /** Background jobs (payouts, charge expiry). Default on except in tests, which run them by hand. */
  WALLET_JOBS: bool.optional(),
  /** Realtime fan-out keys in Redis start with this (several deployments may share one Redis). */
  REALTIME_REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{1,40}$/)
    .default('sorte:rt:'),
  /** A node that has not refreshed its heartbeat for this long is dead: its presence members are swept. */
  REALTIME_NODE_TTL_MS: z.coerce.number().int().min(500).max(600_000).default(30_000),
  /** Channels one WebSocket may be subscribed to at once; the next subscribe gets a subscription_error. */
  REALTIME_MAX_CHANNELS_PER_CONNECTION: z.coerce.number().int().min(1).max(10_000).default(100),
  /** WebSockets open at once per client address (IPv6 per /64) on one node; the next one is closed with 4100. */
  REALTIME_MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(1).max(100_000).default(50),
  /** Accept push endpoints on loopback, plain http too (a local push service). Default: on in tests only. */
  PUSH_LOOPBACK_ENDPOINTS: bool.optional(),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** PROVIDER_CALLS_IN_FLIGHT. */
  providerCallsInFlight: number;
  redisUrl: string | undefined;
  publicUrl: string | undefined;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  logRequests: boolean;
  trustedProxies: string[];
  webDist: string;
  tenantCacheTtlMs: number;
  tenantNegativeCacheTtlMs: number;
  devTools: boolean;
  seedDemo: boolean;
  googleJwksUrl: string;
  turnstileVerifyUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  passwordHash: { memoryKiB: number; timeCost: number };
  pix: {
    psp: 'sandbox' | 'bcb';
    pspUrl: string | undefined;
    clientId: string;
    clientSecret: string;
    key: string;
    webhookUrl: string | undefined;
    /** PIX_WEBHOOK_SECRET; unset = the database's own random one (see pix/webhook-secret.ts). */
    webhookSecret: string | undefined;
    keyLookup: boolean;
    reviewAbove: number;
    jobs: boolean;
  };
  realtimeRedisPrefix: string;
  realtimeNodeTtlMs: number;
  realtimeMaxChannelsPerConnection: number;
  realtimeMaxConnectionsPerIp: number;
  /** PUSH_LOOPBACK_ENDPOINTS. */
  pushLoopbackEndpoints: boolean;
};

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Parses the environment once; throws a ConfigError listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (e.NODE_ENV === 'production' && e.DEV_TOOLS === true) problems.push('DEV_TOOLS: cannot be enabled in production');
  if (e.NODE_ENV === 'production' && e.PUSH_LOOPBACK_ENDPOINTS === true)
    problems.push('PUSH_LOOPBACK_ENDPOINTS: cannot be enabled in production');
  if (e.PIX_PSP === 'bcb' && !e.PIX_PSP_URL) problems.push('PIX_PSP_URL: required when PIX_PSP=bcb');
  const realPsp = (e.PIX_PSP ?? (e.PIX_PSP_URL ? 'bcb' : 'sandbox')) === 'bcb';
  // A real PSP never runs on the sandbox's built-in credentials, and production never takes deposits through the
  // sandbox (its charges can only be "paid" from the dev tools, which production does not have).
  if (realPsp && !env.PIX_CLIENT_ID) problems.push('PIX_CLIENT_ID: required for a real PSP');
  if (realPsp && !env.PIX_CLIENT_SECRET) problems.push('PIX_CLIENT_SECRET: required for a real PSP');
  if (e.NODE_ENV === 'production' && !realPsp)
    problems.push('PIX_PSP: production needs a real PSP (PIX_PSP=bcb with PIX_PSP_URL and its credentials)');
  // Production keeps this secret with the PSP credentials, not generated into the database where every copy of
  // the database (a backup, a dump) would carry it.
  if (e.NODE_ENV === 'production' && !e.PIX_WEBHOOK_SECRET)
    problems.push('PIX_WEBHOOK_SECRET: required in production (8-100 characters of A-Z a-z 0-9 _ -)');
  if (problems.length) throw new ConfigError(problems);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    providerCallsInFlight: e.PROVIDER_CALLS_IN_FLIGHT,
    redisUrl: e.REDIS_URL,
    publicUrl: e.PUBLIC_URL,
    logLevel: e.LOG_LEVEL,
    logRequests: e.LOG_REQUESTS,
    trustedProxies: e.TRUSTED_PROXIES.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    webDist: path.resolve(e.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    tenantCacheTtlMs: e.TENANT_CACHE_TTL_MS,
    tenantNegativeCacheTtlMs: e.TENANT_NEGATIVE_CACHE_TTL_MS,
    devTools: e.DEV_TOOLS ?? e.NODE_ENV !== 'production',
    seedDemo: e.SEED_DEMO,
    googleJwksUrl: e.GOOGLE_JWKS_URL,
    turnstileVerifyUrl: e.TURNSTILE_VERIFY_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    passwordHash: { memoryKiB: e.PASSWORD_HASH_MEMORY_KIB, timeCost: e.PASSWORD_HASH_TIME_COST },
    pix: {
      psp: e.PIX_PSP ?? (e.PIX_PSP_URL ? 'bcb' : 'sandbox'),
      pspUrl: e.PIX_PSP_URL,
      clientId: e.PIX_CLIENT_ID,
      clientSecret: e.PIX_CLIENT_SECRET,
      key: e.PIX_KEY,
      webhookUrl: e.PIX_WEBHOOK_URL,
      webhookSecret: e.PIX_WEBHOOK_SECRET,
      keyLookup: e.PIX_KEY_LOOKUP ?? (e.PIX_PSP ?? (e.PIX_PSP_URL ? 'bcb' : 'sandbox')) === 'sandbox',
      reviewAbove: e.WITHDRAWAL_REVIEW_ABOVE,
      jobs: e.WALLET_JOBS ?? e.NODE_ENV !== 'test',
    },
    realtimeRedisPrefix: e.REALTIME_REDIS_PREFIX,
    realtimeNodeTtlMs: e.REALTIME_NODE_TTL_MS,
    realtimeMaxChannelsPerConnection: e.REALTIME_MAX_CHANNELS_PER_CONNECTION,
    realtimeMaxConnectionsPerIp: e.REALTIME_MAX_CONNECTIONS_PER_IP,
    pushLoopbackEndpoints: e.PUSH_LOOPBACK_ENDPOINTS ?? e.NODE_ENV === 'test',
    ...overrides,
  };
}
