import type { CasinoCategory, CasinoGame, CasinoProvider, Locale } from '@sorte/contracts';
import { ClockCache, SeenOnce } from '../../platform/bounded';
import type { Db } from '../../platform/db/index';
import { MULTIPLAYER_CODES, ORIGINALS_PROVIDER_CODE, originalsUpToDate, syncOriginals } from './originals';
import * as repo from './repo';

export const PAGE_SIZE = 24;

/** The Game DTO under the name service.ts imports it by. */
export type { CasinoGame as GameDto } from '@sorte/contracts';

export type CatalogGame = {
  dto: CasinoGame;
  /** JSON of dto (hasFavorite false), made on first use; reset when dto changes (a view counted here). */
  json: string | null;
  providerId: number;
  providerGameId: string;
  search: string;
  featured: boolean;
  featuredHome: boolean;
  sort: number;
  createdAt: number;
};

/** Lower case without accents: 'Tigre' and 'tigre', 'Faraó' and 'farao' compare equal. */
export function fold(s: string): string {
  // Already folded (what a search box sends nearly always: lower-case ASCII, single spaces, none at either end):
  // the same string back, without the Unicode normalisation's copies.
  if (FOLDED.test(s)) return s;
  return s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Printable ASCII except upper-case letters, in words separated by single spaces. */
const FOLDED = /^(?:[!-@[-~]+(?: [!-@[-~]+)*)?$/;

export type GameFilter = {
  searchTerm: string;
  category: string;
  provider: string;
  type: string;
  bonuses: boolean;
  sort: 'default' | 'popular' | 'az' | 'za' | 'new' | 'rtp';
};

/**
 * A kept lobby page as sent: its JSON as UTF-8 bytes, and their gzip, made the first time a client that takes gzip
 * (every browser) asks for the page. A page is about 10 KB of JSON, 1.1 KB gzipped, and is sent thousands of times
 * a second: encoding it on every write, and the garbage that left, were a third of the lobby's CPU, and the
 * socket writes of the plain bytes another fifth. gzip also spares a player on a phone network 9 KB a page.
 */
export type CachedPage = {
  body: Buffer;
  gzip: Buffer | null;
  /** The page's game ids: a page holding one of the player's favourites is built for them instead. */
  ids: number[];
};

/**
 * One tenant's playable catalog (enabled games of enabled providers) in memory: the lobby is read on every page
 * view and filtering a few thousand rows in process beats a round trip. Filter results are memoised per snapshot.
 */
export class CatalogSnapshot {
  readonly games: CatalogGame[];
  readonly byId = new Map<number, CatalogGame>();
  readonly byCode = new Map<string, CatalogGame>();
  readonly providers: (repo.ProviderRow & { games_count: number })[];
  /** Every provider of the tenant by code, disabled ones too (they may still settle rounds): the callback routing. */
  readonly providerByCode: Map<string, repo.ProviderRow>;
  readonly categories: (repo.CategoryRow & { games_count: number })[];
  private readonly memo = new ClockCache<string, CatalogGame[]>(2000);
  /**
   * The search index, in flat arrays (a search reads hundreds of entries, and on a busy server little of it is in
   * the processor's cache: one array read each, not three objects to follow). Trigram -> positions in `games`
   * (ascending) of the games whose folded search text contains it.
   */
  private readonly trigrams = new Map<string, Int32Array>();
  /** Category slug -> positions in `games` (ascending). */
  private readonly byCategory = new Map<string, Int32Array>();
  /** Per position in `games`: its search text, and its category, provider and type as codes (see `codes`). */
  private readonly searchAt: string[];
  private readonly categoryAt: Int32Array;
  private readonly providerAt: Int32Array;
  private readonly typeAt: Int32Array;
  private readonly bonusAt: Uint8Array;
  /** Category slugs, provider codes and types -> small numbers (one map: the three never compare with each other). */
  private readonly codes = new Map<string, number>();
  /** Serialised guest pages (no favourites), by filter and page (see CachedPage). */
  readonly pageCache = new ClockCache<string, CachedPage>(5000);
  /** Lobby pages by request URL (path + query as sent), for the hot path. */
  readonly urlCache = new ClockCache<string, CachedPage>(5000);

  constructor(
    readonly revision: number,
    providers: repo.ProviderRow[],
    categories: repo.CategoryRow[],
    rows: repo.GameRow[],
    /** A regulated tenant that did not opt in to multiplayer Originals: Crash and Double are not offered. */
    readonly hideMultiplayer = false,
  ) {
    this.providerByCode = new Map(providers.map((p) => [p.code, p]));
    const enabled = new Map(providers.filter((p) => p.enabled).map((p) => [p.id, p]));
    const originals = providers.find((p) => p.code === ORIGINALS_PROVIDER_CODE)?.id;
    this.games = rows
      .filter(
        (r) =>
          r.enabled &&
          enabled.has(r.provider_id) &&
          !(hideMultiplayer && r.provider_id === originals && MULTIPLAYER_CODES.has(r.provider_game_id)),
      )
      .map((r) => {
        const p = enabled.get(r.provider_id)!;
        return {
          json: null,
          dto: {
            id: r.id,
            game_id: r.provider_game_id,
            title: r.title,
            gamecode: r.game_code,
            providercode: p.code,
            provider_name: p.name,
            category_slug: r.category_slug,
            type: r.type,
            has_tables: r.has_tables,
            only_demo: r.only_demo,
            demo_allowed: r.demo_allowed || r.only_demo,
            bonus_allowed: r.bonus_allowed,
            views: r.views,
            image: r.image,
            image_mobile: r.image_mobile ?? r.image,
            hasFavorite: false,
            rtp: r.rtp_bp / 100,
            volatility: r.volatility,
          },
          providerId: r.provider_id,
          providerGameId: r.provider_game_id,
          search: fold(`${r.title} ${p.name} ${r.game_code}`),
          featured: r.featured,
          featuredHome: r.featured_home,
          sort: r.sort,
          createdAt: r.created_at.getTime(),
        };
      })
      .sort(defaultOrder);
    const n = this.games.length;
    this.searchAt = this.games.map((g) => g.search);
    this.categoryAt = new Int32Array(n);
    this.providerAt = new Int32Array(n);
    this.typeAt = new Int32Array(n);
    this.bonusAt = new Uint8Array(n);
    const trigrams = new Map<string, number[]>();
    const byCategory = new Map<string, number[]>();
    this.games.forEach((g, i) => {
      this.byId.set(g.dto.id, g);
      this.byCode.set(`${g.dto.providercode}/${g.dto.gamecode}`, g);
      push(byCategory, g.dto.category_slug, i);
      this.categoryAt[i] = this.code(g.dto.category_slug);
      this.providerAt[i] = this.code(g.dto.providercode);
      this.typeAt[i] = this.code(g.dto.type);
      this.bonusAt[i] = g.dto.bonus_allowed ? 1 : 0;
      const seen = new Set<string>();
      for (let k = 0; k + 3 <= g.search.length; k++) {
        const t = g.search.slice(k, k + 3);
        if (seen.has(t)) continue;
        seen.add(t);
        push(trigrams, t, i);
      }
    });
    for (const [t, list] of trigrams) this.trigrams.set(t, Int32Array.from(list));
    for (const [c, list] of byCategory) this.byCategory.set(c, Int32Array.from(list));
    const perProvider = countBy(this.games, (g) => g.dto.providercode);
    const perCategory = countBy(this.games, (g) => g.dto.category_slug);
    this.providers = [...enabled.values()].map((p) => ({ ...p, games_count: perProvider.get(p.code) ?? 0 }));
    this.categories = categories.map((c) => ({ ...c, games_count: perCategory.get(c.slug) ?? 0 }));
  }

  /**
   * Keys asked for once: a lobby page (filter and page number; its URL is kept with the page) or, for other callers
   * of filter(), a filter. An answer goes into the caches of this snapshot only when its key is asked for a second
   * time: a search typed once (most searches of a busy lobby are someone's own) is computed,
   * sent and dropped while still young, instead of filling the caches with entries nobody reads again, which then
   * age into the old generation and are collected there with pauses of the whole event loop.
   */
  private readonly askedOnce = new SeenOnce(20_000);

  /** True when `key` was asked for before (its answer may be kept); otherwise remembers it and says false. */
  admit(key: string): boolean {
    return this.askedOnce.again(key);
  }

  /**
   * The games that match `f`, in its order. `key` is JSON.stringify(f) when the caller has it already; `keep` says
   * whether to memoise the result (by default, from the second time the filter is asked for).
   */
  filter(f: GameFilter, key = JSON.stringify(f), keep?: boolean): CatalogGame[] {
    const hit = this.memo.get(key);
    if (hit) return hit;
    let out = this.search(f);
    if (f.sort !== 'default') out = out.sort(SORTS[f.sort]);
    if (keep ?? this.admit(`f${key}`)) this.memo.set(key, out);
    return out;
  }

  private code(s: string): number {
    const known = this.codes.get(s);
    if (known !== undefined) return known;
    const c = this.codes.size;
    this.codes.set(s, c);
    return c;
  }

  /** A filter value as a code: -1 for any (empty), -2 for a value no game has (nothing matches). */
  private wanted(v: string): number {
    return v ? (this.codes.get(v) ?? -2) : -1;
  }

  /**
   * The games that match `f`, in catalog order. No closure is made per call: under tsx (esbuild's keepNames) each
   * one made costs a __name call.
   */
  private search(f: GameFilter): CatalogGame[] {
    const term = fold(f.searchTerm);
    const category = this.wanted(f.category);
    const provider = this.wanted(f.provider);
    const type = this.wanted(f.type);
    if (category === -2 || provider === -2 || type === -2) return [];
    // Every match is in each of the term's trigrams' lists. The candidates: the two shortest of those intersected
    // (or the one; with no trigram, the category's games, or every game); in catalog order, so the default order
    // needs no sort. Each candidate is still checked: the category, a flat array read, needs no intersecting.
    const lists: Int32Array[] = [];
    for (let k = 0; k + 3 <= term.length; k++) {
      const list = this.trigrams.get(term.slice(k, k + 3)) ?? EMPTY;
      if (list.length === 0) return [];
      lists.push(list);
    }
    lists.sort(byLength);
    const candidates =
      lists.length >= 2
        ? intersect(lists[0]!, lists[1]!)
        : (lists[0] ?? (category >= 0 ? (this.byCategory.get(f.category) ?? EMPTY) : null));
    // A term of three characters is one trigram: each candidate contains it, and the substring test (most of a
    // broad search's time) is left out.
    const test = term.length === 3 ? '' : term;
    const out: CatalogGame[] = [];
    const count = candidates ? candidates.length : this.games.length;
    for (let j = 0; j < count; j++) {
      const i = candidates ? candidates[j]! : j;
      if (
        (category < 0 || this.categoryAt[i] === category) &&
        (provider < 0 || this.providerAt[i] === provider) &&
        (type < 0 || this.typeAt[i] === type) &&
        (!f.bonuses || this.bonusAt[i] === 1) &&
        (!test || this.searchAt[i]!.includes(test))
      )
        out.push(this.games[i]!);
    }
    return out;
  }

  providersDto(): CasinoProvider[] {
    return this.providers
      .filter((p) => p.games_count > 0)
      .map((p) => ({ code: p.code, name: p.name, logo: p.logo, games_count: p.games_count }));
  }

  categoriesDto(locale: Locale): CasinoCategory[] {
    return this.categories
      .filter((c) => c.games_count > 0)
      .map((c) => ({
        slug: c.slug,
        name: locale === 'en' ? c.name_en : c.name_pt,
        icon: c.icon,
        games_count: c.games_count,
      }));
  }
}

const EMPTY = new Int32Array(0);
const byLength = (a: Int32Array, b: Int32Array) => a.length - b.length;

/** Where intersect() writes: one array, grown as needed, since each result is read before the next is made. */
let scratch = new Int32Array(1024);

/**
 * The positions in both of two ascending lists, ascending (binary search for each of the shorter one's when the
 * other is much longer, else a merge). The result is a view of a shared array, valid until the next call: a new
 * typed array of this size per search would be memory outside the JavaScript heap, slower to get and to collect.
 */
function intersect(a: Int32Array, b: Int32Array): Int32Array {
  if (scratch.length < a.length) scratch = new Int32Array(a.length * 2);
  const out = scratch;
  let n = 0;
  if (b.length > 8 * a.length) {
    let lo = 0;
    for (let j = 0; j < a.length; j++) {
      const v = a[j]!;
      let hi = b.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (b[mid]! < v) lo = mid + 1;
        else hi = mid;
      }
      if (lo < b.length && b[lo] === v) out[n++] = v;
    }
  } else {
    let i = 0;
    let j = 0;
    while (i < a.length && j < b.length) {
      const x = a[i]!;
      const y = b[j]!;
      if (x === y) {
        out[n++] = x;
        i++;
        j++;
      } else if (x < y) i++;
      else j++;
    }
  }
  return out.subarray(0, n);
}

function push<K>(m: Map<K, number[]>, k: K, v: number) {
  const list = m.get(k);
  if (list) list.push(v);
  else m.set(k, [v]);
}

/** A game's JSON as the lobby sends it (hasFavorite from the player's favourites). */
export function gameJson(g: CatalogGame, favorite: boolean): string {
  if (favorite) return JSON.stringify({ ...g.dto, hasFavorite: true });
  g.json ??= JSON.stringify(g.dto);
  return g.json;
}

function countBy<T>(list: T[], key: (t: T) => string): Map<string, number> {
  const m = new Map<string, number>();
  for (const x of list) m.set(key(x), (m.get(key(x)) ?? 0) + 1);
  return m;
}

const byTitle = (a: CatalogGame, b: CatalogGame) => a.dto.title.localeCompare(b.dto.title, 'pt-BR');

/** Operator order first (featured, then sort), then the most viewed, then by name. */
function defaultOrder(a: CatalogGame, b: CatalogGame): number {
  return Number(b.featured) - Number(a.featured) || a.sort - b.sort || b.dto.views - a.dto.views || byTitle(a, b);
}

const SORTS: Record<Exclude<GameFilter['sort'], 'default'>, (a: CatalogGame, b: CatalogGame) => number> = {
  popular: (a, b) => b.dto.views - a.dto.views || byTitle(a, b),
  az: byTitle,
  za: (a, b) => byTitle(b, a),
  new: (a, b) => b.createdAt - a.createdAt || b.dto.id - a.dto.id,
  rtp: (a, b) => b.dto.rtp - a.dto.rtp || byTitle(a, b),
};

const CHECK_EVERY_MS = 1000;
/**
 * From this age on, a request that finds the snapshot still valid starts the next revision check in the background
 * and is answered at once. On a busy node the check is then done before the snapshot's second is up, and no
 * request waits for it; a check of a loaded database was seen taking a third of a second, and every request of
 * that moment waited for it. The bound stays the same: no snapshot is served more than CHECK_EVERY_MS after the
 * check that confirmed it started.
 */
const CHECK_AHEAD_MS = 500;

type Entry = { snapshot: CatalogSnapshot; checkedAt: number };

/**
 * Per-tenant snapshots. A node checks the tenant's catalog revision at most once a second and reloads when it
 * changed, so an operator's change reaches every node within about a second; writes through this node invalidate
 * at once. Concurrent requests share one reload. A busy node checks ahead (CHECK_AHEAD_MS), in the background.
 */
export class CatalogCache {
  private readonly entries = new Map<number, Entry>();
  private readonly loading = new Map<number, Promise<CatalogSnapshot>>();
  /** Bumped by invalidate(): a check or load that started before it does not store its result. */
  private generation = 0;

  constructor(private readonly db: Db) {}

  async get(tenantId: number): Promise<CatalogSnapshot> {
    const e = this.entries.get(tenantId);
    const age = e ? Date.now() - e.checkedAt : Number.POSITIVE_INFINITY;
    if (e && age < CHECK_EVERY_MS) {
      // A failed check in the background is retried by the next request; the snapshot stays valid until its bound.
      if (age >= CHECK_AHEAD_MS && !this.loading.has(tenantId)) this.load(tenantId, e).catch(() => {});
      return e.snapshot;
    }
    return this.loading.get(tenantId) ?? this.load(tenantId, e);
  }

  private load(tenantId: number, e: Entry | undefined): Promise<CatalogSnapshot> {
    const p: Promise<CatalogSnapshot> = this.refresh(tenantId, e).finally(() => {
      if (this.loading.get(tenantId) === p) this.loading.delete(tenantId);
    });
    this.loading.set(tenantId, p);
    return p;
  }

  /**
   * After a write through this node: the next request loads afresh. A check or load already under way read the
   * catalog before the write: it neither answers later requests nor stores its snapshot.
   */
  invalidate(tenantId?: number): void {
    this.generation++;
    if (tenantId === undefined) {
      this.entries.clear();
      this.loading.clear();
    } else {
      this.entries.delete(tenantId);
      this.loading.delete(tenantId);
    }
  }

  private async refresh(tenantId: number, e: Entry | undefined): Promise<CatalogSnapshot> {
    // The snapshot is as fresh as the moment its check started: a change committed after that may be missed.
    const startedAt = Date.now();
    const generation = this.generation;
    const { revision, hideMultiplayer } = await repo.catalogState(this.db, tenantId);
    if (e && e.snapshot.revision === revision && e.snapshot.hideMultiplayer === hideMultiplayer) {
      if (this.generation === generation) e.checkedAt = Math.max(e.checkedAt, startedAt);
      return e.snapshot;
    }
    let [providers, categories, games] = await Promise.all([
      repo.listProviders(this.db, tenantId),
      repo.listCategories(this.db, tenantId),
      repo.listGames(this.db, tenantId),
    ]);
    // A tenant created after this process started (or an outdated RTP): its Originals are written once, here.
    if (!originalsUpToDate(providers, games) && (await repo.tenantExists(this.db, tenantId))) {
      await this.db.transaction((tx) => syncOriginals(tx, tenantId));
      [providers, categories, games] = await Promise.all([
        repo.listProviders(this.db, tenantId),
        repo.listCategories(this.db, tenantId),
        repo.listGames(this.db, tenantId),
      ]);
    }
    const snapshot = new CatalogSnapshot(revision, providers, categories, games, hideMultiplayer);
    if (this.generation === generation) this.entries.set(tenantId, { snapshot, checkedAt: startedAt });
    return snapshot;
  }
}
