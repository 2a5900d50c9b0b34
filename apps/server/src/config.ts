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
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
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
  if (problems.length) throw new ConfigError(problems);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
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
    ...overrides,
  };
}
