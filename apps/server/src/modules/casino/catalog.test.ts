import { describe, expect, it, vi } from 'vitest';
import type { Db } from '../../platform/db/index';
import { CatalogCache, CatalogSnapshot, fold, type GameFilter } from './catalog';
import type { GameRow, ProviderRow } from './repo';

const provider = (id: number, code: string, name: string, enabled = true): ProviderRow => ({
  id,
  tenant_id: 1,
  code,
  name,
  protocol: 'generic',
  api_url: 'sandbox:',
  operator_id: 'op',
  secret: 's'.repeat(32),
  enabled,
  max_single_win: 1000,
  sort: id,
  logo: null,
});

const NOUNS = ['Tigre', 'Dragão', 'Fênix', 'Coelho', 'Faraó', 'Pirata', 'Leão', 'Sereia'];
const ADJS = ['Dourado', 'da Fortuna', 'Selvagem', 'Mágico', 'do Rio', 'Neon'];
const CATS = ['slots', 'roulette', 'instant'];

function rows(n: number): GameRow[] {
  return Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    provider_id: 1 + (i % 3),
    provider_game_id: `g-${i}`,
    game_code: `game-${i}`,
    title: `${NOUNS[i % NOUNS.length]} ${ADJS[Math.floor(i / NOUNS.length) % ADJS.length]} ${i}`,
    category_slug: CATS[i % CATS.length]!,
    type: CATS[i % CATS.length]!,
    has_tables: false,
    only_demo: false,
    demo_allowed: true,
    bonus_allowed: i % 2 === 0,
    rtp_bp: 9000 + (i % 900),
    volatility: 'medium',
    image: '/x.svg',
    image_mobile: null,
    enabled: i % 17 !== 0,
    featured: i % 50 === 0,
    featured_home: false,
    sort: 0,
    views: i % 13,
    created_at: new Date(1_700_000_000_000 + i * 1000),
  }));
}

describe('catalog snapshot search', () => {
  const snap = new CatalogSnapshot(
    1,
    [provider(1, 'aurora', 'Aurora Games'), provider(2, 'acme', 'Acme'), provider(3, 'off', 'Off Studio', false)],
    CATS.map((slug, i) => ({ slug, name_pt: slug, name_en: slug, icon: null, sort: i })),
    rows(3000),
  );
  const naive = (f: GameFilter) => {
    const term = fold(f.searchTerm);
    return snap.games.filter(
      (g) =>
        (!term || g.search.includes(term)) &&
        (!f.category || g.dto.category_slug === f.category) &&
        (!f.provider || g.dto.providercode === f.provider) &&
        (!f.type || g.dto.type === f.type) &&
        (!f.bonuses || g.dto.bonus_allowed),
    );
  };
  const base: GameFilter = { searchTerm: '', category: '', provider: '', type: '', bonuses: false, sort: 'default' };

  it('finds exactly what a full scan finds, in the same order (index by trigram and category)', () => {
    const terms = [
      '',
      'ti',
      'tigre',
      'TIGRE',
      'dragao',
      'Dragão',
      'fenix do',
      'farao 1',
      'leão mág',
      'aurora',
      'acme',
      'game-12',
      'zzz',
      'xyz',
      'e',
      'o r',
      ' selvagem 2',
      'off',
      'ão',
      // Three characters: one trigram, whose posting list is the answer (no substring test).
      'igr',
      'Fên',
      'a d',
      '123',
      'o 1',
    ];
    let compared = 0;
    for (const searchTerm of terms)
      for (const category of ['', 'slots', 'roulette', 'nope'])
        for (const bonuses of [false, true])
          for (const provider of ['', 'acme', 'off', 'nope'])
            for (const type of ['', 'instant']) {
              const f = { ...base, searchTerm, category, bonuses, provider, type };
              expect(snap.filter(f).map((g) => g.dto.id)).toEqual(naive(f).map((g) => g.dto.id));
              compared++;
            }
    expect(compared).toBe(terms.length * 64);
    // Games of a disabled provider and disabled games are not in the catalog at all.
    expect(snap.filter({ ...base, searchTerm: 'off studio' })).toEqual([]);
    expect(snap.byId.has(17 + 1)).toBe(false);
  });
});

describe('fold', () => {
  it('gives what a search box sends already folded back as it is, and folds everything else the same way as before', () => {
    const slow = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
    for (const s of [
      'tigre',
      'tigre 42',
      '',
      'a-b_c!',
      'Tigre',
      ' tigre',
      'tigre ',
      'ti  gre',
      'faraó',
      'ÁGUIA',
      'x\ty',
      '~[@]',
    ])
      expect(fold(s)).toBe(slow(s));
  });
});

describe('CatalogCache', () => {
  /** A database that answers the catalog's reads; its revision check waits until released. */
  function fakeDb() {
    const state = { revision: 1, checks: 0, loads: 0, gate: null as null | (() => void), hold: false };
    const db = {
      kind: 'postgres' as const,
      async query(text: string) {
        if (text.includes('casino_catalog_revisions')) {
          state.checks++;
          // The revision as of the statement's start (its snapshot).
          const revision = state.revision;
          if (state.hold) await new Promise<void>((r) => (state.gate = r));
          return { rows: [{ revision, hide: false }], rowCount: 1 };
        }
        if (text.includes('from game_providers')) {
          state.loads++;
          return { rows: [provider(1, 'aurora', 'Aurora')], rowCount: 1 };
        }
        if (text.includes('from games')) return { rows: rows(3), rowCount: 3 };
        return { rows: [], rowCount: 0 };
      },
      async exec() {},
      async transaction<T>(fn: (tx: unknown) => Promise<T>) {
        return fn(db);
      },
      async close() {},
    };
    return { db: db as unknown as Db, state };
  }

  it('checks ahead in the background on a busy node: no request waits for the check, a change shows within a second', async () => {
    vi.useFakeTimers();
    try {
      const { db, state } = fakeDb();
      const cache = new CatalogCache(db);
      const first = await cache.get(1);
      expect(first.revision).toBe(1);
      expect(state.checks).toBe(1);
      // Half a second on, a request is answered at once from the snapshot while the check runs (one check only).
      vi.advanceTimersByTime(600);
      state.hold = true;
      state.revision = 2;
      expect(await cache.get(1)).toBe(first);
      expect(await cache.get(1)).toBe(first);
      expect(state.checks).toBe(2);
      // The check finds the new revision: the next request has the new catalog.
      state.hold = false;
      state.gate!();
      await vi.advanceTimersByTimeAsync(1);
      const next = await cache.get(1);
      expect(next.revision).toBe(2);
      expect(state.checks).toBe(2);
      expect(state.loads).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a snapshot older than a second is checked before it is served again', async () => {
    vi.useFakeTimers();
    try {
      const { db, state } = fakeDb();
      const cache = new CatalogCache(db);
      await cache.get(1);
      state.revision = 2;
      vi.advanceTimersByTime(1_100);
      expect((await cache.get(1)).revision).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('an invalidation drops a check that started before it', async () => {
    const { db, state } = fakeDb();
    const cache = new CatalogCache(db);
    state.hold = true;
    const stale = cache.get(1);
    const oldGate = state.gate!;
    state.revision = 2;
    cache.invalidate(1);
    state.hold = false;
    const fresh = cache.get(1);
    oldGate();
    expect((await stale).revision).toBe(1);
    expect((await fresh).revision).toBe(2);
    expect((await cache.get(1)).revision).toBe(2);
  });
});
