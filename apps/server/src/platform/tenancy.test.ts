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

  it('stays bounded under a flood of random hosts', async () => {
    const r = new TenantResolver(async () => null, 60_000, 60_000, 100);
    for (let i = 0; i < 1000; i++) await r.resolve(`h${i}.com`);
    // biome-ignore lint/complexity/useLiteralKeys: reading a private field in a test
    expect((r as unknown as { cache: Map<string, unknown> })['cache'].size).toBeLessThanOrEqual(100);
  });
});
