import { describe, expect, it, vi } from 'vitest';
import { normalizeHost, type Tenant, TenantResolver } from './tenancy';

describe('normalizeHost', () => {
  it.each([
    ['localhost:3000', 'localhost'],
    ['Sorte.Bet.BR', 'sorte.bet.br'],
    ['www.sorte.bet.br.', 'www.sorte.bet.br'],
    ['127.0.0.1:80', '127.0.0.1'],
    ['[::1]:3000', '[::1]'],
  ])('%s -> %s', (raw, want) => expect(normalizeHost(raw)).toBe(want));

  it.each([
    [''],
    [undefined],
    ['bad host'],
    ['exa_mple.com'],
    ['-lead.example.com'],
    ['a..b'],
    ['x'.repeat(64) + '.com'],
    ['host:99999999'],
    ["evil.com'; drop table tenants;--"],
    ['[::1'],
  ])('rejects %s', (raw) => expect(normalizeHost(raw)).toBeNull());
});

describe('TenantResolver', () => {
  const tenant = { id: 1 } as Tenant;

  it('caches found tenants and unknown hosts, and shares one load between concurrent misses', async () => {
    const load = vi.fn(async (h: string) => (h === 'a.com' ? tenant : null));
    const r = new TenantResolver(load, 60_000, 60_000);
    const [x, y] = await Promise.all([r.resolve('a.com'), r.resolve('a.com')]);
    expect(x).toBe(tenant);
    expect(y).toBe(tenant);
    await r.resolve('nope.com');
    await r.resolve('nope.com');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('forgets an unknown host after the short negative TTL', async () => {
    vi.useFakeTimers();
    let known = false;
    const r = new TenantResolver(async () => (known ? tenant : null), 60_000, 2_000);
    expect(await r.resolve('new.com')).toBeNull();
    known = true;
    expect(await r.resolve('new.com')).toBeNull();
    vi.advanceTimersByTime(2_001);
    expect(await r.resolve('new.com')).toBe(tenant);
    vi.useRealTimers();
  });

  it('reloads a busy host in the background: no request waits when the entry expires, a change shows within the TTL', async () => {
    vi.useFakeTimers();
    try {
      let name = 'old';
      let release: (() => void) | null = null;
      const load = vi.fn(async () => {
        await new Promise<void>((r) => {
          release = r;
        });
        return { id: 1, name } as unknown as Tenant;
      });
      const r = new TenantResolver(load, 10_000, 2_000);
      const first = r.resolve('a.com');
      release!();
      expect(((await first) as unknown as { name: string }).name).toBe('old');
      name = 'new';
      vi.advanceTimersByTime(6_000);
      // Second half of its life: answered at once from the cache, and the reload starts (one, however many ask).
      expect(((await r.resolve('a.com')) as unknown as { name: string }).name).toBe('old');
      expect(((await r.resolve('a.com')) as unknown as { name: string }).name).toBe('old');
      expect(load).toHaveBeenCalledTimes(2);
      release!();
      await vi.advanceTimersByTimeAsync(1);
      expect(((await r.resolve('a.com')) as unknown as { name: string }).name).toBe('new');
      expect(load).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('an invalidation drops a reload that started before it', async () => {
    let name = 'old';
    let release: (() => void) | null = null;
    const load = vi.fn(async () => {
      const seen = name;
      await new Promise<void>((r) => {
        release = r;
      });
      return { id: 1, name: seen } as unknown as Tenant;
    });
    const r = new TenantResolver(load, 60_000, 2_000);
    const stale = r.resolve('a.com');
    name = 'new';
    r.invalidate();
    const oldRelease = release!;
    const fresh = r.resolve('a.com');
    oldRelease();
    expect(((await stale) as unknown as { name: string }).name).toBe('old');
    release!();
    expect(((await fresh) as unknown as { name: string }).name).toBe('new');
    expect(((await r.resolve('a.com')) as unknown as { name: string }).name).toBe('new');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('stays bounded under a flood of random hosts', async () => {
    const r = new TenantResolver(async () => null, 60_000, 60_000, 100);
    for (let i = 0; i < 1000; i++) await r.resolve(`h${i}.com`);
    // biome-ignore lint/complexity/useLiteralKeys: reading a private field in a test
    expect((r as unknown as { cache: Map<string, unknown> })['cache'].size).toBeLessThanOrEqual(100);
  });
});
