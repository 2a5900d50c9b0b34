import type { TenantSettings } from '@sorte/contracts';

export type Tenant = {
  id: number;
  name: string;
  active: boolean;
  settings: TenantSettings;
  revision: number;
  hosts: string[];
  primaryHost: string;
};

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * Canonical form of a Host header or domain: lower case, no port, no trailing dot. Returns null for anything
 * that is not a syntactically valid host name or bracketed IPv6 literal, so it can never reach SQL or a cache.
 */
export function normalizeHost(raw: string | undefined | null): string | null {
  if (!raw) return null;
  const h = raw.trim().toLowerCase();
  if (h.length === 0 || h.length > 260) return null;
  if (h.startsWith('[')) {
    const end = h.indexOf(']');
    if (end < 0) return null;
    const rest = h.slice(end + 1);
    if (rest && !/^:\d{1,5}$/.test(rest)) return null;
    const ip = h.slice(0, end + 1);
    return /^\[[0-9a-f:.]{2,45}\]$/.test(ip) ? ip : null;
  }
  const m = /^([a-z0-9.-]{1,254})(?::(\d{1,5}))?$/.exec(h);
  if (!m) return null;
  const name = m[1]!.endsWith('.') ? m[1]!.slice(0, -1) : m[1]!;
  if (name.length === 0 || name.length > 253) return null;
  return name.split('.').every((l) => LABEL.test(l)) ? name : null;
}

type Entry = { tenant: Tenant | null; expires: number };

/**
 * Host -> tenant, cached. Found tenants are kept for `ttlMs`, unknown hosts for the shorter `negativeTtlMs` so a
 * newly added host starts working quickly. Concurrent misses for one host share a single database read, and the
 * cache is bounded so a flood of random Host headers cannot grow it without limit.
 */
export class TenantResolver {
  private readonly cache = new Map<string, Entry>();
  private readonly inflight = new Map<string, Promise<Tenant | null>>();
  /** Bumped by invalidate(): a check or load that started before it does not store its result. */
  private generation = 0;

  constructor(
    private readonly load: (host: string) => Promise<Tenant | null>,
    private readonly ttlMs: number,
    private readonly negativeTtlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  async resolve(host: string): Promise<Tenant | null> {
    const known = this.cached(host);
    return known !== undefined ? known : (this.inflight.get(host) ?? this.fetch(host));
  }

  /**
   * The host's tenant (null: no tenant has it) while the cached answer is fresh, else undefined (then resolve()
   * looks it up). Synchronous, so a request whose host is known waits for no promise.
   */
  cached(host: string): Tenant | null | undefined {
    const hit = this.cache.get(host);
    if (!hit) return undefined;
    const now = Date.now();
    if (hit.expires <= now) return undefined;
    // In the second half of a found tenant's life, a request starts its reload in the background and is answered
    // at once: a busy host's requests never all wait for the lookup when the entry expires. A failed reload leaves
    // the entry to expire as before.
    if (hit.tenant && hit.expires - now < this.ttlMs / 2 && !this.inflight.has(host)) this.fetch(host).catch(() => {});
    return hit.tenant;
  }

  private fetch(host: string): Promise<Tenant | null> {
    const startedAt = Date.now();
    const generation = this.generation;
    const p: Promise<Tenant | null> = this.load(host)
      .then((tenant) => {
        // A lookup that started before an invalidation read the old settings: it answers its own callers only.
        if (this.generation !== generation) return tenant;
        if (this.cache.size >= this.maxEntries) this.evict();
        this.cache.set(host, { tenant, expires: startedAt + (tenant ? this.ttlMs : this.negativeTtlMs) });
        return tenant;
      })
      .finally(() => {
        if (this.inflight.get(host) === p) this.inflight.delete(host);
      });
    this.inflight.set(host, p);
    return p;
  }

  /** Forget everything: called after an operator change made through this process. */
  invalidate(): void {
    this.generation++;
    this.cache.clear();
    this.inflight.clear();
  }

  private evict(): void {
    const now = Date.now();
    for (const [k, v] of this.cache) if (v.expires <= now) this.cache.delete(k);
    // Still full: drop the oldest insertions (Map keeps insertion order).
    const excess = this.cache.size - Math.floor(this.maxEntries * 0.9);
    if (excess > 0) {
      let i = 0;
      for (const k of this.cache.keys()) {
        if (i++ >= excess) break;
        this.cache.delete(k);
      }
    }
  }
}
