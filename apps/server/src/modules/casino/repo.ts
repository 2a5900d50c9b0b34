import type { Sql } from '../../platform/db/index';

export type ProviderRow = {
  id: number;
  tenant_id: number;
  code: string;
  name: string;
  protocol: string;
  api_url: string;
  operator_id: string;
  secret: string;
  enabled: boolean;
  max_single_win: number;
  sort: number;
  logo: string | null;
};

export type CategoryRow = { slug: string; name_pt: string; name_en: string; icon: string | null; sort: number };

export type GameRow = {
  id: number;
  provider_id: number;
  provider_game_id: string;
  game_code: string;
  title: string;
  category_slug: string;
  type: string;
  has_tables: boolean;
  only_demo: boolean;
  demo_allowed: boolean;
  bonus_allowed: boolean;
  rtp_bp: number;
  volatility: 'low' | 'medium' | 'high' | 'very_high';
  image: string;
  image_mobile: string | null;
  enabled: boolean;
  featured: boolean;
  featured_home: boolean;
  sort: number;
  views: number;
  created_at: Date;
};

export async function catalogRevision(sql: Sql, tenantId: number): Promise<number> {
  const { rows } = await sql.query<{ revision: number }>(
    'select revision from casino_catalog_revisions where tenant_id = $1',
    [tenantId],
  );
  return rows[0]?.revision ?? 0;
}

/**
 * The catalog's revision and whether the tenant hides the multiplayer Originals (regulated without the operator's
 * opt-in, see originals_multiplayer in the tenant settings): one read, checked at most once a second per node.
 */
export async function catalogState(
  sql: Sql,
  tenantId: number,
): Promise<{ revision: number; hideMultiplayer: boolean }> {
  const { rows } = await sql.query<{ revision: number | null; hide: boolean | null }>(
    `select (select revision from casino_catalog_revisions where tenant_id = $1) as revision,
        (select coalesce((settings ->> 'is_regulated')::boolean, false)
            and not coalesce((settings -> 'originals_multiplayer' ->> 'regulated_opt_in')::boolean, false)
          from tenants where id = $1) as hide`,
    [tenantId],
  );
  return { revision: rows[0]?.revision ?? 0, hideMultiplayer: rows[0]?.hide === true };
}

export async function tenantExists(sql: Sql, tenantId: number): Promise<boolean> {
  const { rows } = await sql.query('select 1 from tenants where id = $1', [tenantId]);
  return rows.length > 0;
}

/** Every catalog write calls this in its transaction: other nodes reload their in-memory catalog within a second. */
export async function bumpCatalogRevision(sql: Sql, tenantId: number): Promise<void> {
  await sql.query(
    `insert into casino_catalog_revisions (tenant_id, revision) values ($1, 1)
      on conflict (tenant_id) do update set revision = casino_catalog_revisions.revision + 1`,
    [tenantId],
  );
}

export async function listProviders(sql: Sql, tenantId: number): Promise<ProviderRow[]> {
  const { rows } = await sql.query<ProviderRow>(
    'select * from game_providers where tenant_id = $1 order by sort, name',
    [tenantId],
  );
  return rows;
}

export async function findProviderByCode(sql: Sql, tenantId: number, code: string): Promise<ProviderRow | null> {
  const { rows } = await sql.query<ProviderRow>('select * from game_providers where tenant_id = $1 and code = $2', [
    tenantId,
    code,
  ]);
  return rows[0] ?? null;
}

export async function findProviderById(sql: Sql, tenantId: number, id: number): Promise<ProviderRow | null> {
  const { rows } = await sql.query<ProviderRow>('select * from game_providers where tenant_id = $1 and id = $2', [
    tenantId,
    id,
  ]);
  return rows[0] ?? null;
}

/** Whether the tenant has a provider besides Sorte Originals (which every tenant has). */
export async function hasThirdPartyProvider(sql: Sql, tenantId: number): Promise<boolean> {
  const { rows } = await sql.query(
    "select 1 from game_providers where tenant_id = $1 and protocol <> 'originals' limit 1",
    [tenantId],
  );
  return rows.length > 0;
}

export async function insertProvider(
  sql: Sql,
  p: Omit<ProviderRow, 'id' | 'enabled' | 'max_single_win' | 'logo'> & { max_single_win?: number; logo?: string },
): Promise<number> {
  const { rows } = await sql.query<{ id: number }>(
    `insert into game_providers (tenant_id, code, name, protocol, api_url, operator_id, secret, sort, max_single_win,
        logo)
      values ($1, $2, $3, $4, $5, $6, $7, $8, coalesce($9, 50000000), $10) returning id`,
    [
      p.tenant_id,
      p.code,
      p.name,
      p.protocol,
      p.api_url,
      p.operator_id,
      p.secret,
      p.sort,
      p.max_single_win ?? null,
      p.logo ?? null,
    ],
  );
  return rows[0]!.id;
}

export async function setProviderFields(
  sql: Sql,
  tenantId: number,
  id: number,
  f: { enabled?: boolean; max_single_win?: number; name?: string },
): Promise<void> {
  await sql.query(
    `update game_providers set enabled = coalesce($3, enabled), max_single_win = coalesce($4, max_single_win),
        name = coalesce($5, name)
      where tenant_id = $1 and id = $2`,
    [tenantId, id, f.enabled ?? null, f.max_single_win ?? null, f.name ?? null],
  );
}

export async function listCategories(sql: Sql, tenantId: number): Promise<CategoryRow[]> {
  const { rows } = await sql.query<CategoryRow>(
    'select slug, name_pt, name_en, icon, sort from game_categories where tenant_id = $1 and enabled order by sort, slug',
    [tenantId],
  );
  return rows;
}

export async function upsertCategory(sql: Sql, tenantId: number, c: CategoryRow): Promise<void> {
  await sql.query(
    `insert into game_categories (tenant_id, slug, name_pt, name_en, icon, sort) values ($1, $2, $3, $4, $5, $6)
      on conflict (tenant_id, slug) do update set name_pt = excluded.name_pt, name_en = excluded.name_en,
        icon = excluded.icon, sort = excluded.sort, enabled = true`,
    [tenantId, c.slug, c.name_pt, c.name_en, c.icon, c.sort],
  );
}

export async function listGames(sql: Sql, tenantId: number): Promise<GameRow[]> {
  const { rows } = await sql.query<GameRow>(
    `select id, provider_id, provider_game_id, game_code, title, category_slug, type, has_tables, only_demo,
        demo_allowed, bonus_allowed, rtp_bp, volatility, image, image_mobile, enabled, featured, featured_home, sort,
        views, created_at
      from games where tenant_id = $1`,
    [tenantId],
  );
  return rows;
}

export type GameUpsert = {
  provider_id: number;
  provider_game_id: string;
  game_code: string;
  title: string;
  category_slug: string;
  type: string;
  has_tables: boolean;
  only_demo: boolean;
  demo_allowed: boolean;
  bonus_allowed: boolean;
  rtp_bp: number;
  volatility: GameRow['volatility'];
  image: string;
  image_mobile: string | null;
  sort?: number;
  featured?: boolean;
  featured_home?: boolean;
};

/** Insert or update by the provider's game id; returns true when the game is new. */
export async function upsertGame(sql: Sql, tenantId: number, g: GameUpsert): Promise<boolean> {
  const { rows } = await sql.query<{ inserted: boolean }>(
    `insert into games (tenant_id, provider_id, provider_game_id, game_code, title, category_slug, type, has_tables,
        only_demo, demo_allowed, bonus_allowed, rtp_bp, volatility, image, image_mobile, sort, featured, featured_home)
      values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, coalesce($16, 0), coalesce($17, false),
        coalesce($18, false))
      on conflict (tenant_id, provider_id, provider_game_id) do update set game_code = excluded.game_code,
        title = excluded.title, category_slug = excluded.category_slug, type = excluded.type,
        has_tables = excluded.has_tables, only_demo = excluded.only_demo, demo_allowed = excluded.demo_allowed,
        bonus_allowed = excluded.bonus_allowed, rtp_bp = excluded.rtp_bp, volatility = excluded.volatility,
        image = excluded.image, image_mobile = excluded.image_mobile,
        sort = coalesce($16, games.sort), featured = coalesce($17, games.featured),
        featured_home = coalesce($18, games.featured_home), updated_at = now()
      returning (xmax = 0) as inserted`,
    [
      tenantId,
      g.provider_id,
      g.provider_game_id,
      g.game_code,
      g.title,
      g.category_slug,
      g.type,
      g.has_tables,
      g.only_demo,
      g.demo_allowed,
      g.bonus_allowed,
      g.rtp_bp,
      g.volatility,
      g.image,
      g.image_mobile,
      g.sort ?? null,
      g.featured ?? null,
      g.featured_home ?? null,
    ],
  );
  return rows[0]?.inserted === true;
}

export async function setGameFields(
  sql: Sql,
  tenantId: number,
  gameId: number,
  f: Partial<Pick<GameRow, 'enabled' | 'featured' | 'featured_home' | 'sort' | 'title' | 'category_slug'>>,
): Promise<boolean> {
  const { rowCount } = await sql.query(
    `update games set enabled = coalesce($3, enabled), featured = coalesce($4, featured),
        featured_home = coalesce($5, featured_home), sort = coalesce($6, sort), title = coalesce($7, title),
        category_slug = coalesce($8, category_slug), updated_at = now()
      where tenant_id = $1 and id = $2`,
    [
      tenantId,
      gameId,
      f.enabled ?? null,
      f.featured ?? null,
      f.featured_home ?? null,
      f.sort ?? null,
      f.title ?? null,
      f.category_slug ?? null,
    ],
  );
  return rowCount > 0;
}

export async function addView(sql: Sql, tenantId: number, gameId: number): Promise<void> {
  await sql.query('update games set views = views + 1 where tenant_id = $1 and id = $2', [tenantId, gameId]);
}

export async function favoriteIds(sql: Sql, tenantId: number, userId: number): Promise<number[]> {
  const { rows } = await sql.query<{ game_id: number }>(
    'select game_id from game_favorites where tenant_id = $1 and user_id = $2',
    [tenantId, userId],
  );
  return rows.map((r) => r.game_id);
}

export async function listFavorites(
  sql: Sql,
  tenantId: number,
  userId: number,
): Promise<{ game_id: number; created_at: Date }[]> {
  const { rows } = await sql.query<{ game_id: number; created_at: Date }>(
    'select game_id, created_at from game_favorites where tenant_id = $1 and user_id = $2 order by created_at desc, game_id',
    [tenantId, userId],
  );
  return rows;
}

export async function addFavorite(sql: Sql, tenantId: number, userId: number, gameId: number): Promise<void> {
  await sql.query(
    'insert into game_favorites (tenant_id, user_id, game_id) values ($1, $2, $3) on conflict do nothing',
    [tenantId, userId, gameId],
  );
}

export async function removeFavorite(sql: Sql, tenantId: number, userId: number, gameId: number): Promise<void> {
  await sql.query('delete from game_favorites where tenant_id = $1 and user_id = $2 and game_id = $3', [
    tenantId,
    userId,
    gameId,
  ]);
}

/**
 * Records a like send unless a newer one (higher op id) is already stored: a stale request that arrives late
 * never overwrites the player's latest choice. Returns the state now stored.
 */
export async function saveLike(
  sql: Sql,
  o: { tenantId: number; userId: number; gameId: number; liked: boolean; opId: number },
): Promise<{ liked: boolean; op_id: number }> {
  await sql.query(
    `insert into game_likes (tenant_id, user_id, game_id, liked, op_id) values ($1, $2, $3, $4, $5)
      on conflict (tenant_id, user_id, game_id) do update set liked = excluded.liked, op_id = excluded.op_id,
        updated_at = now()
      where game_likes.op_id < excluded.op_id`,
    [o.tenantId, o.userId, o.gameId, o.liked, o.opId],
  );
  const { rows } = await sql.query<{ liked: boolean; op_id: number }>(
    'select liked, op_id from game_likes where tenant_id = $1 and user_id = $2 and game_id = $3',
    [o.tenantId, o.userId, o.gameId],
  );
  return rows[0]!;
}

export async function likedGameIds(sql: Sql, tenantId: number, userId: number): Promise<number[]> {
  const { rows } = await sql.query<{ game_id: number }>(
    'select game_id from game_likes where tenant_id = $1 and user_id = $2 and liked order by game_id',
    [tenantId, userId],
  );
  return rows.map((r) => r.game_id);
}

export async function touchRecent(sql: Sql, tenantId: number, userId: number, gameId: number): Promise<void> {
  await sql.query(
    `insert into game_recents (tenant_id, user_id, game_id) values ($1, $2, $3)
      on conflict (tenant_id, user_id, game_id) do update set played_at = now()`,
    [tenantId, userId, gameId],
  );
}

export async function listRecents(
  sql: Sql,
  tenantId: number,
  userId: number,
  limit: number,
  offset: number,
): Promise<{ rows: { game_id: number; played_at: Date }[]; total: number }> {
  const { rows } = await sql.query<{ game_id: number; played_at: Date; total: number }>(
    `select game_id, played_at, count(*) over () as total from game_recents
      where tenant_id = $1 and user_id = $2 order by played_at desc, game_id limit $3 offset $4`,
    [tenantId, userId, limit, offset],
  );
  return { rows, total: rows[0]?.total ?? (offset > 0 ? await countRecents(sql, tenantId, userId) : 0) };
}

async function countRecents(sql: Sql, tenantId: number, userId: number): Promise<number> {
  const { rows } = await sql.query<{ n: number }>(
    'select count(*)::int as n from game_recents where tenant_id = $1 and user_id = $2',
    [tenantId, userId],
  );
  return rows[0]?.n ?? 0;
}

export async function insertGameSession(
  sql: Sql,
  s: {
    tenantId: number;
    userId: number | null;
    gameId: number;
    providerId: number;
    tokenHash: string;
    demo: boolean;
    ttlMs: number;
  },
): Promise<number> {
  const { rows } = await sql.query<{ id: number }>(
    `insert into game_sessions (tenant_id, user_id, game_id, provider_id, token_hash, demo, expires_at)
      values ($1, $2, $3, $4, $5, $6, now() + ($7::bigint * interval '1 millisecond')) returning id`,
    [s.tenantId, s.userId, s.gameId, s.providerId, s.tokenHash, s.demo, s.ttlMs],
  );
  return rows[0]!.id;
}

export type PlayerFlags = { self_exclusion_end: Date | null };

export async function playerFlags(sql: Sql, tenantId: number, userId: number): Promise<PlayerFlags | null> {
  const { rows } = await sql.query<PlayerFlags>(
    'select self_exclusion_end from users where tenant_id = $1 and id = $2',
    [tenantId, userId],
  );
  return rows[0] ?? null;
}

export type BetRow = {
  id: number;
  round_id: string;
  game_id: number;
  bet_total: number;
  win_total: number;
  status: string;
  started_at: Date;
  closed_at: Date | null;
  total: number;
};

export async function listBets(
  sql: Sql,
  tenantId: number,
  userId: number,
  limit: number,
  offset: number,
): Promise<{ rows: BetRow[]; total: number }> {
  const [{ rows }, count] = await Promise.all([
    sql.query<BetRow>(
      `select id, round_id, game_id, bet_total, win_total, status, started_at, closed_at from casino_rounds
        where tenant_id = $1 and user_id = $2 order by id desc limit $3 offset $4`,
      [tenantId, userId, limit, offset],
    ),
    sql.query<{ n: number }>('select count(*)::int as n from casino_rounds where tenant_id = $1 and user_id = $2', [
      tenantId,
      userId,
    ]),
  ]);
  return { rows, total: count.rows[0]?.n ?? 0 };
}

/** A game of the lobby for the back office: the stored row with its tenant and provider named. */
export type StaffGameRow = GameRow & { tenant_id: number; provider_code: string; provider_name: string };

export type StaffGameQuery = {
  tenantId?: number;
  providerId?: number;
  category?: string;
  enabled?: boolean;
  featured?: boolean;
  search?: string;
  sort: 'position' | 'newest';
  after?: { key: number; id: number };
  limit: number;
};

const STAFF_GAME_COLUMNS = `g.id, g.tenant_id, g.provider_id, g.provider_game_id, g.game_code, g.title, g.category_slug,
    g.type, g.has_tables, g.only_demo, g.demo_allowed, g.bonus_allowed, g.rtp_bp, g.volatility, g.image,
    g.image_mobile, g.enabled, g.featured, g.featured_home, g.sort, g.views, g.created_at, p.code as provider_code,
    p.name as provider_name`;

/**
 * One keyset page of a tenant's games (every tenant's when tenantId is undefined) for the back office, in lobby
 * position or newest first; the next page starts after the last row's (key, id). `limit + 1` rows tell if more exist.
 */
export async function pageStaffGames(sql: Sql, q: StaffGameQuery): Promise<StaffGameRow[]> {
  const byPosition = q.sort === 'position';
  const keyset = q.after
    ? byPosition
      ? 'and (g.sort, g.id) > ($8::int, $9::bigint)'
      : 'and g.id < $9::bigint and $8::int is not null'
    : 'and $8::int is null and $9::bigint is null';
  const { rows } = await sql.query<StaffGameRow>(
    `select ${STAFF_GAME_COLUMNS}
      from games g join game_providers p on p.id = g.provider_id
      where ($1::bigint is null or g.tenant_id = $1) and ($2::bigint is null or g.provider_id = $2)
        and ($3::text is null or g.category_slug = $3) and ($4::boolean is null or g.enabled = $4)
        and ($5::boolean is null or (g.featured or g.featured_home) = $5)
        and ($6::text is null or g.title ilike $6 or g.game_code ilike $6)
        ${keyset}
      order by ${byPosition ? 'g.sort, g.id' : 'g.id desc'}
      limit $7`,
    [
      q.tenantId ?? null,
      q.providerId ?? null,
      q.category ?? null,
      q.enabled ?? null,
      q.featured ?? null,
      q.search ? `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null,
      q.limit + 1,
      q.after?.key ?? null,
      q.after?.id ?? null,
    ],
  );
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    tenant_id: Number(r.tenant_id),
    provider_id: Number(r.provider_id),
  }));
}

/** A game by id (held to a tenant when given), with its provider named; null when absent there. */
export async function findStaffGame(sql: Sql, id: number, tenantId?: number): Promise<StaffGameRow | null> {
  const { rows } = await sql.query<StaffGameRow>(
    `select ${STAFF_GAME_COLUMNS} from games g join game_providers p on p.id = g.provider_id
      where g.id = $1 and ($2::bigint is null or g.tenant_id = $2)`,
    [id, tenantId ?? null],
  );
  const r = rows[0];
  return r ? { ...r, id: Number(r.id), tenant_id: Number(r.tenant_id), provider_id: Number(r.provider_id) } : null;
}

/** Providers of one tenant (or every tenant) with how many games each has, for the back office. */
export async function listStaffProviders(
  sql: Sql,
  tenantId?: number,
): Promise<(Omit<ProviderRow, 'secret'> & { games: number })[]> {
  const { rows } = await sql.query<Omit<ProviderRow, 'secret'> & { games: number }>(
    `select p.id, p.tenant_id, p.code, p.name, p.protocol, p.api_url, p.operator_id, p.enabled, p.max_single_win,
        p.sort, p.logo, (select count(*)::int from games g where g.provider_id = p.id) as games
      from game_providers p where ($1::bigint is null or p.tenant_id = $1)
      order by p.tenant_id, p.sort, p.name limit 500`,
    [tenantId ?? null],
  );
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    tenant_id: Number(r.tenant_id),
    max_single_win: Number(r.max_single_win),
  }));
}

/** A provider by id, held to a tenant when given. */
export async function findProviderAnyTenant(sql: Sql, id: number, tenantId?: number): Promise<ProviderRow | null> {
  const { rows } = await sql.query<ProviderRow>(
    'select * from game_providers where id = $1 and ($2::bigint is null or tenant_id = $2)',
    [id, tenantId ?? null],
  );
  const r = rows[0];
  return r
    ? { ...r, id: Number(r.id), tenant_id: Number(r.tenant_id), max_single_win: Number(r.max_single_win) }
    : null;
}
