import { Redis } from 'ioredis';
import { AppError, type Localized } from './errors';

export type RateLimitResult = { allowed: boolean; count: number; retryAfterMs: number };

/**
 * Fixed-window counters shared by every rate-limited call. `hit` counts one attempt against `key` and says whether
 * it is still within `limit` for the window of `windowMs`. In memory for one process; Redis when REDIS_URL is set,
 * so several nodes share one budget.
 */
export type RateLimiter = {
  readonly kind: 'memory' | 'redis';
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  /** Forget a key (e.g. after a successful login, the failure budget of that account starts again). */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
};

export function memoryRateLimiter(opts: { maxKeys?: number } = {}): RateLimiter {
  const maxKeys = opts.maxKeys ?? 100_000;
  const windows = new Map<string, { count: number; resetAt: number }>();
  const sweep = (now: number) => {
    for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
  };
  return {
    kind: 'memory',
    async hit(key, limit, windowMs) {
      const now = Date.now();
      let w = windows.get(key);
      if (!w || w.resetAt <= now) {
        // A flood of distinct keys must not grow the map without bound.
        if (windows.size >= maxKeys) sweep(now);
        if (windows.size >= maxKeys) windows.delete(windows.keys().next().value as string);
        w = { count: 0, resetAt: now + windowMs };
        windows.set(key, w);
      }
      w.count++;
      return { allowed: w.count <= limit, count: w.count, retryAfterMs: w.count <= limit ? 0 : w.resetAt - now };
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      windows.clear();
    },
  };
}

// INCR and the expiry of a new window in one step, so a crash between them cannot leave a key that never expires.
const HIT_SCRIPT = `
local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local t = redis.call('PTTL', KEYS[1])
if t < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); t = tonumber(ARGV[1]) end
return {c, t}`;

export function redisRateLimiter(url: string, opts: { prefix?: string } = {}): RateLimiter {
  const prefix = opts.prefix ?? 'sorte:rl:';
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  // Connection errors surface on the commands that need Redis; an idle error must not crash the process.
  redis.on('error', () => {});
  return {
    kind: 'redis',
    async hit(key, limit, windowMs) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, prefix + key, String(windowMs))) as [number, number];
      return { allowed: count <= limit, count, retryAfterMs: count <= limit ? 0 : Math.max(ttl, 1) };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

export function createRateLimiter(cfg: { redisUrl?: string | undefined }): RateLimiter {
  return cfg.redisUrl ? redisRateLimiter(cfg.redisUrl) : memoryRateLimiter();
}

/** 429 with a Retry-After header (whole seconds) and `retry_after` in the body, so the client can count down. */
export class RateLimitedError extends AppError {
  readonly retryAfter: number;
  constructor(retryAfterMs: number, detail?: (seconds: number) => Localized) {
    const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
    super('rate_limited', detail?.(seconds), undefined, { 'retry-after': String(seconds) });
    this.retryAfter = seconds;
  }

  override toBody(locale: 'pt' | 'en') {
    return { ...super.toBody(locale), retry_after: this.retryAfter };
  }
}

export type Limit = { key: string; limit: number; windowMs: number };

/** Counts one attempt against every limit; throws RateLimitedError with the longest wait if any is exceeded. */
export async function enforceLimits(
  limiter: RateLimiter,
  limits: Limit[],
  detail?: (seconds: number) => Localized,
): Promise<void> {
  let wait = 0;
  for (const l of limits) {
    const r = await limiter.hit(l.key, l.limit, l.windowMs);
    if (!r.allowed) wait = Math.max(wait, r.retryAfterMs);
  }
  if (wait > 0) throw new RateLimitedError(wait, detail);
}
