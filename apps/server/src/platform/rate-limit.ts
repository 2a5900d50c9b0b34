import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError, type Localized } from './errors';

export type RateLimitResult = { allowed: boolean; count: number; retryAfterMs: number };

/**
 * Fixed-window counters shared by every rate-limited call, on rate-limiter-flexible: in memory for one process, or
 * Redis when REDIS_URL is set, so several nodes share one budget. Windows are whole seconds (Redis expires keys by
 * the second). A key lives until its window ends and nothing evicts it earlier, so a flood of other keys can never
 * free a key that is locked out; `enforceLimits` creates keys only for admitted attempts, which bounds their number.
 */
export type RateLimiter = {
  readonly kind: 'memory' | 'redis';
  /** Counts one attempt against `key` and says whether it is still within `limit` for the window. */
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  /** What `key` has counted in its live window and when that window ends, creating nothing: null when none. */
  peek(key: string): Promise<{ count: number; resetInMs: number } | null>;
  /** Forget a key (e.g. after a successful login, the failure budget of that account starts again). */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
};

// The library's own refusal threshold is never reached: each call's limit is compared here, so one instance (one
// key space) serves every limit and window.
const UNBOUNDED = Number.MAX_SAFE_INTEGER;

function wholeSeconds(windowMs: number): number {
  if (!(windowMs > 0) || !Number.isInteger(windowMs / 1000))
    throw new Error(`rate limit window must be whole seconds, got ${windowMs} ms`);
  return windowMs / 1000;
}

function resultOf(res: RateLimiterRes, limit: number): RateLimitResult {
  const allowed = res.consumedPoints <= limit;
  return { allowed, count: res.consumedPoints, retryAfterMs: allowed ? 0 : Math.max(res.msBeforeNext, 1) };
}

function flexibleLimiter(
  kind: RateLimiter['kind'],
  store: RateLimiterMemory | RateLimiterRedis,
  close: () => Promise<void>,
): RateLimiter {
  return {
    kind,
    async hit(key, limit, windowMs) {
      const res = await store.consume(key, 1, { customDuration: wholeSeconds(windowMs) }).catch((e: unknown) => {
        // The library rejects with its result when over its own points; with UNBOUNDED only errors land here.
        if (e instanceof RateLimiterRes) return e;
        throw e;
      });
      return resultOf(res, limit);
    },
    async peek(key) {
      const res = await store.get(key);
      // A memory record can outlive its window by a tick, until its timer removes it.
      if (!res || res.msBeforeNext <= 0) return null;
      return { count: res.consumedPoints, resetInMs: res.msBeforeNext };
    },
    async reset(key) {
      await store.delete(key);
    },
    close,
  };
}

export function memoryRateLimiter(): RateLimiter {
  const store = new RateLimiterMemory({ points: UNBOUNDED, duration: 1 });
  return flexibleLimiter('memory', store, async () => {
    // Drops every key and its expiry timer.
    for (const r of store.dump().storage) await store.delete(r.key);
  });
}

export function redisRateLimiter(url: string, opts: { prefix?: string } = {}): RateLimiter {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  // Connection errors surface on the commands that need Redis; an idle error must not crash the process.
  redis.on('error', () => {});
  const store = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: (opts.prefix ?? 'sorte:rl:').replace(/:$/, ''),
    points: UNBOUNDED,
    duration: 1,
  });
  return flexibleLimiter('redis', store, async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
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

export type Limit = {
  key: string;
  limit: number;
  windowMs: number;
  /** The refusal's wording when this limit is the one to wait for (else the call's). */
  detail?: (seconds: number) => Localized;
};

/**
 * Counts one attempt against every limit, or throws RateLimitedError with the longest wait if any is exhausted.
 * Every limit is read before any is counted: a refused attempt counts nowhere and creates no key, so a client over
 * one budget cannot spend (or fill the store with) the others.
 */
export async function enforceLimits(
  limiter: RateLimiter,
  limits: Limit[],
  detail?: (seconds: number) => Localized,
): Promise<void> {
  const refuse = (waits: { l: Limit; ms: number }[]) => {
    const longest = waits.reduce((a, b) => (b.ms > a.ms ? b : a));
    return new RateLimitedError(longest.ms, longest.l.detail ?? detail);
  };
  const seen = await Promise.all(limits.map((l) => limiter.peek(l.key)));
  const exhausted = limits.flatMap((l, i) => {
    const r = seen[i];
    return r && r.count >= l.limit ? [{ l, ms: r.resetInMs }] : [];
  });
  if (exhausted.length) throw refuse(exhausted);
  const hits = await Promise.all(limits.map((l) => limiter.hit(l.key, l.limit, l.windowMs)));
  // Only a concurrent attempt that took the last unit in between gets here.
  const over = limits.flatMap((l, i) => (hits[i]!.allowed ? [] : [{ l, ms: hits[i]!.retryAfterMs }]));
  if (over.length) throw refuse(over);
}
