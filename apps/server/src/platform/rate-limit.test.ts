import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { testApp } from '../test/helpers';
import { enforceLimits, memoryRateLimiter, RateLimitedError, type RateLimiter, redisRateLimiter } from './rate-limit';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisAnswers(): Promise<boolean> {
  const r = new Redis(REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 500,
    retryStrategy: () => null,
  });
  r.on('error', () => {});
  try {
    await r.connect();
    return (await r.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
}

const hasRedis = await redisAnswers();
if (!hasRedis) console.warn(`rate-limit: Redis at ${REDIS_URL} does not answer; the Redis tests are SKIPPED`);

function behaves(name: string, make: () => RateLimiter, enabled = true) {
  describe.skipIf(!enabled)(name, () => {
    const limiter = make();
    afterAll(() => limiter.close());

    it('allows up to the limit in a window, then says how long to wait', async () => {
      const key = `k-${randomBytes(4).toString('hex')}`;
      for (let i = 1; i <= 3; i++) expect((await limiter.hit(key, 3, 60_000)).allowed).toBe(true);
      const over = await limiter.hit(key, 3, 60_000);
      expect(over.allowed).toBe(false);
      expect(over.retryAfterMs).toBeGreaterThan(55_000);
      expect(over.retryAfterMs).toBeLessThanOrEqual(60_000);
    });

    it('opens a new window when the old one ends, and reset forgets a key', async () => {
      // Windows are whole seconds: the shortest one there is.
      const key = `w-${randomBytes(4).toString('hex')}`;
      await limiter.hit(key, 1, 1000);
      expect((await limiter.hit(key, 1, 1000)).allowed).toBe(false);
      await new Promise((r) => setTimeout(r, 1100));
      expect((await limiter.hit(key, 1, 1000)).allowed).toBe(true);
      await limiter.reset(key);
      expect((await limiter.hit(key, 1, 1000)).allowed).toBe(true);
    });

    it('refuses an attempt over one budget without counting it in the others or creating their keys', async () => {
      const ip = `ip-${randomBytes(4).toString('hex')}`;
      await enforceLimits(limiter, [{ key: ip, limit: 1, windowMs: 60_000 }]);
      // A client over its address budget rotates targets: every attempt is refused, and no target key appears.
      for (let i = 0; i < 5; i++) {
        const target = `t-${i}-${randomBytes(4).toString('hex')}`;
        const err = await enforceLimits(limiter, [
          { key: ip, limit: 1, windowMs: 60_000 },
          { key: target, limit: 3, windowMs: 60_000 },
        ]).catch((e) => e);
        expect(err).toBeInstanceOf(RateLimitedError);
        expect(await limiter.peek(target)).toBeNull();
      }
      // The same for one target: the refused attempts did not spend its budget of 3.
      const target = `t-${randomBytes(4).toString('hex')}`;
      for (let i = 0; i < 4; i++)
        await enforceLimits(limiter, [
          { key: ip, limit: 1, windowMs: 60_000 },
          { key: target, limit: 3, windowMs: 60_000 },
        ]).catch(() => {});
      for (let i = 0; i < 3; i++) await enforceLimits(limiter, [{ key: target, limit: 3, windowMs: 60_000 }]);
      await expect(enforceLimits(limiter, [{ key: target, limit: 3, windowMs: 60_000 }])).rejects.toThrow(
        RateLimitedError,
      );
    });

    it('throws a 429 with Retry-After through enforceLimits', async () => {
      const key = `e-${randomBytes(4).toString('hex')}`;
      await enforceLimits(limiter, [{ key, limit: 1, windowMs: 30_000 }]);
      const err = await enforceLimits(limiter, [{ key, limit: 1, windowMs: 30_000 }]).catch((e) => e);
      expect(err).toBeInstanceOf(RateLimitedError);
      expect(err.status).toBe(429);
      expect(Number(err.headers['retry-after'])).toBeGreaterThanOrEqual(29);
      expect(err.toBody('pt')).toMatchObject({ code: 'rate_limited', retry_after: expect.any(Number) });
    });
  });
}

behaves('in-memory rate limiter', () => memoryRateLimiter());

describe('in-memory rate limiter under a flood of keys', () => {
  it('keeps a locked-out key locked however many other keys arrive', async () => {
    const limiter = memoryRateLimiter();
    try {
      await limiter.hit('victim', 1, 60_000);
      expect((await limiter.hit('victim', 1, 60_000)).allowed).toBe(false);
      // More distinct keys than a bounded store would keep (the hand-written one before dropped its oldest at 100,000).
      for (let i = 0; i < 100_500; i++) await limiter.hit(`flood-${i}`, 1, 60_000);
      const after = await limiter.hit('victim', 1, 60_000);
      expect(after.allowed).toBe(false);
      expect(after.retryAfterMs).toBeGreaterThan(50_000);
    } finally {
      await limiter.close();
    }
  }, 30_000);
});
behaves(
  'Redis rate limiter',
  () => redisRateLimiter(REDIS_URL, { prefix: `test:${randomBytes(4).toString('hex')}:` }),
  hasRedis,
);

describe.skipIf(!hasRedis)('Redis shared by two app nodes', () => {
  it('counts one budget across limiters (two processes see the same counter)', async () => {
    const prefix = `test:${randomBytes(4).toString('hex')}:`;
    const a = redisRateLimiter(REDIS_URL, { prefix });
    const b = redisRateLimiter(REDIS_URL, { prefix });
    try {
      expect((await a.hit('shared', 2, 10_000)).allowed).toBe(true);
      expect((await b.hit('shared', 2, 10_000)).allowed).toBe(true);
      expect((await a.hit('shared', 2, 10_000)).allowed).toBe(false);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('is what the app uses when REDIS_URL is set: the 20 s resend wait holds', async () => {
    const app = await testApp({ redisUrl: REDIS_URL });
    try {
      const phone = `119${String(Date.now()).slice(-8)}`;
      const send = () =>
        app.inject({
          method: 'POST',
          url: '/api/auth/verify-code',
          headers: { host: 'localhost' },
          payload: { phone },
        });
      expect((await send()).statusCode).toBe(200);
      const again = await send();
      expect(again.statusCode).toBe(429);
      expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  });
});
