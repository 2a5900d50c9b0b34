import type { Sql } from '../../platform/db/index';

/**
 * The reads behind the players section. They read other modules' tables (reads are not owned; every write goes
 * through the owning module's API in players.ts). Each list is a keyset page on an index led by (tenant_id,
 * user_id, id desc), so a tab costs the same for a player with a million rows as for one with ten.
 */

export type SearchKeys = {
  tenantId: number | undefined;
  id?: number;
  cpf?: string;
  phone?: string;
  emailPrefix?: string;
  nameLike?: string;
  nameWords?: string[];
  beforeId?: number;
  limit: number;
};

export type PlayerListRow = {
  id: number;
  tenant_id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  cpf: string | null;
  blocked_at: Date | null;
  restriction: string | null;
  /** The profile's own self-exclusion (auth's columns), in force now. */
  self_excluded: boolean;
  balance: number;
  created_at: Date;
};

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

// Whether the trigram indexes exist (the migration creates them only where pg_trgm could be installed).
const trigram = new WeakMap<object, Promise<boolean>>();
export function hasTrigram(sql: Sql): Promise<boolean> {
  let p = trigram.get(sql);
  if (!p) {
    p = sql
      .query<{ n: number }>(
        `select count(*)::int as n from pg_indexes
          where indexname = 'users_admin_name_trgm' and schemaname = current_schema()`,
      )
      .then((r) => (r.rows[0]?.n ?? 0) > 0);
    trigram.set(sql, p);
  }
  return p;
}

const ACTIVE_RESTRICTION = `(select r.reason from rg_restrictions r
    where r.tenant_id = u.tenant_id and r.user_id = u.id and r.start_at <= now() and (r.end_at is null or r.end_at > now())
    order by r.id desc limit 1)`;

/** One page of players, newest first, matching ANY of the keys given (none: every player of the scope). */
export async function searchPlayers(sql: Sql, k: SearchKeys): Promise<PlayerListRow[]> {
  const args: unknown[] = [];
  const arg = (v: unknown) => {
    args.push(v);
    return `$${args.length}`;
  };
  const where: string[] = [];
  // Listing (or a name search, which matches many): a range rather than "=", since with tenant_id known equal the
  // planner drops it from the order and walks the primary key backwards through every other tenant's newer players;
  // as a range, the (tenant_id, id) index gives the order. Exact keys (id, CPF, phone, e-mail) find a handful of
  // rows: "=" lets each be one index lookup, where the range turned an 11-digit search into a scan of the tenant.
  const exactOnly = !k.nameLike && !k.nameWords?.length && (k.id !== undefined || k.cpf || k.phone || k.emailPrefix);
  if (k.tenantId !== undefined) {
    const t = arg(k.tenantId);
    where.push(exactOnly ? `u.tenant_id = ${t}` : `u.tenant_id between ${t} and ${t}`);
  }
  if (k.beforeId !== undefined) where.push(`u.id < ${arg(k.beforeId)}`);
  const any: string[] = [];
  if (k.id !== undefined) any.push(`u.id = ${arg(k.id)}`);
  if (k.cpf) any.push(`u.cpf = ${arg(k.cpf)}`);
  if (k.phone) any.push(`u.phone = ${arg(k.phone)}`);
  if (k.emailPrefix) any.push(`u.email like ${arg(`${likeEscape(k.emailPrefix)}%`)}`);
  if (k.nameLike) any.push(`lower(u.first_name || ' ' || u.last_name) like ${arg(`%${likeEscape(k.nameLike)}%`)}`);
  if (k.nameWords?.length)
    any.push(
      `(${k.nameWords
        .map((w) => {
          const p = arg(`${likeEscape(w)}%`);
          return `(lower(u.first_name) like ${p} or lower(u.last_name) like ${p})`;
        })
        .join(' and ')})`,
    );
  const searching = k.id !== undefined || k.cpf || k.phone || k.emailPrefix || k.nameLike || k.nameWords?.length;
  if (searching) where.push(any.length ? `(${any.join(' or ')})` : 'false');
  const order = k.tenantId !== undefined ? 'order by u.tenant_id desc, u.id desc' : 'order by u.id desc';
  const { rows } = await sql.query<PlayerListRow>(
    `select u.id, u.tenant_id, u.first_name, u.last_name, u.email, u.phone, u.cpf, u.blocked_at, u.created_at,
        ${ACTIVE_RESTRICTION} as restriction, coalesce(u.self_exclusion_end > now(), false) as self_excluded,
        (select coalesce(sum(a.balance), 0)::bigint from ledger_accounts a
          where a.tenant_id = u.tenant_id and a.user_id = u.id and a.kind in ('cash', 'bonus')) as balance
      from users u ${where.length ? `where ${where.join(' and ')}` : ''}
      ${order} limit ${arg(k.limit)}`,
    args,
  );
  return rows;
}

export type PlayerRow = PlayerListRow & {
  birth_date: string | null;
  language: 'pt' | 'en';
  email_verified_at: Date | null;
  phone_verified_at: Date | null;
  blocked_reason: string | null;
  under_age: boolean;
};

/** The player's header row, within the scope (undefined tenant: any). */
export async function findPlayer(sql: Sql, tenantId: number | undefined, id: number): Promise<PlayerRow | null> {
  const { rows } = await sql.query<PlayerRow>(
    `select u.id, u.tenant_id, u.first_name, u.last_name, u.email, u.phone, u.cpf, u.blocked_at, u.blocked_reason,
        u.created_at, to_char(u.birth_date, 'YYYY-MM-DD') as birth_date, u.language, u.email_verified_at,
        u.phone_verified_at, ${ACTIVE_RESTRICTION} as restriction, 0::bigint as balance,
        coalesce(u.self_exclusion_end > now(), false) as self_excluded,
        coalesce(u.birth_date > (current_date - interval '18 years'), false) as under_age
      from users u where u.id = $1 and ($2::bigint is null or u.tenant_id = $2::bigint)`,
    [id, tenantId ?? null],
  );
  return rows[0] ?? null;
}

/** Players of the tenant (other than this one) seen from one of this player's last 20 session addresses. */
export async function sharedDevicePlayers(sql: Sql, tenantId: number, userId: number): Promise<number> {
  const { rows } = await sql.query<{ n: number }>(
    `with mine as (select distinct ip from (select ip from sessions where tenant_id = $1 and user_id = $2
        and ip is not null order by id desc limit 20) s)
     select count(distinct s.user_id)::int as n from sessions s join mine on s.ip = mine.ip
      where s.tenant_id = $1 and s.user_id <> $2`,
    [tenantId, userId],
  );
  return rows[0]?.n ?? 0;
}

export type KycDoc = {
  id: number;
  type: string;
  status: string;
  reject_reason: string | null;
  created_at: Date;
  reviewed_at: Date | null;
};
export async function kycDocuments(sql: Sql, tenantId: number, userId: number): Promise<KycDoc[]> {
  const { rows } = await sql.query<KycDoc>(
    `select id, type, status, reject_reason, created_at, reviewed_at from kyc_documents
      where tenant_id = $1 and user_id = $2 order by id desc limit 50`,
    [tenantId, userId],
  );
  return rows;
}

export type Page = { tenantId: number; userId: number; beforeId?: number; limit: number };

export async function ledgerPage(sql: Sql, p: Page) {
  const { rows } = await sql.query<{
    id: number;
    type: string;
    reference: string;
    cash: number;
    bonus: number;
    created_at: Date;
  }>(
    `select t.id, t.type, t.reference, t.created_at,
        coalesce(sum(e.amount) filter (where a.kind = 'cash'), 0)::bigint as cash,
        coalesce(sum(e.amount) filter (where a.kind = 'bonus'), 0)::bigint as bonus
      from (select id, type, reference, created_at from ledger_transactions
             where tenant_id = $1 and user_id = $2 and ($3::bigint is null or id < $3::bigint)
             order by id desc limit $4) t
      left join ledger_entries e on e.transaction_id = t.id
      left join ledger_accounts a on a.id = e.account_id and a.user_id = $2
      group by t.id, t.type, t.reference, t.created_at
      order by t.id desc`,
    [p.tenantId, p.userId, p.beforeId ?? null, p.limit],
  );
  return rows;
}

export type BetRow = { id: number; game: string; stake: number; payout: number; status: string; created_at: Date };

const BET_QUERIES = {
  casino: `select r.id, coalesce(g.title, r.round_id) as game, r.bet_total as stake, r.win_total as payout, r.status,
      r.started_at as created_at from casino_rounds r left join games g on g.id = r.game_id
      where r.tenant_id = $1 and r.user_id = $2 and ($3::bigint is null or r.id < $3::bigint)
      order by r.id desc limit $4`,
  originals: `select id, game::text as game, amount as stake, payout, status::text as status, created_at
      from originals_bets where tenant_id = $1 and user_id = $2 and ($3::bigint is null or id < $3::bigint)
      order by id desc limit $4`,
  sports: `select id, kind as game, original_stake as stake, payout, status, placed_at as created_at
      from sports_bets where tenant_id = $1 and user_id = $2 and ($3::bigint is null or id < $3::bigint)
      order by id desc limit $4`,
  boxes: `select p.id, coalesce(b.name, 'box ' || p.box_id) as game, p.amount as stake, 0::bigint as payout,
      'bought' as status, p.created_at from box_purchases p left join boxes b on b.id = p.box_id
      where p.tenant_id = $1 and p.user_id = $2 and ($3::bigint is null or p.id < $3::bigint)
      order by p.id desc limit $4`,
} as const;

export async function betsPage(sql: Sql, product: keyof typeof BET_QUERIES, p: Page): Promise<BetRow[]> {
  const { rows } = await sql.query<BetRow>(BET_QUERIES[product], [p.tenantId, p.userId, p.beforeId ?? null, p.limit]);
  return rows;
}

export async function bonusesPage(sql: Sql, p: Page & { lang: 'pt' | 'en' }) {
  const { rows } = await sql.query<{
    id: number;
    offer: string;
    state: string;
    amount: number;
    wagering_required: number;
    wagering_done: number;
    created_at: Date;
  }>(
    `select b.id, coalesce(case when $5 = 'en' then o.name_en else o.name_pt end, '#' || b.offer_id) as offer,
        b.state, b.amount, b.wagering_required, b.wagering_done, b.created_at
      from promo_bonuses b left join promo_offers o on o.id = b.offer_id
      where b.tenant_id = $1 and b.user_id = $2 and ($3::bigint is null or b.id < $3::bigint)
      order by b.id desc limit $4`,
    [p.tenantId, p.userId, p.beforeId ?? null, p.limit, p.lang],
  );
  return rows;
}

export async function missionsPage(sql: Sql, p: Page & { lang: 'pt' | 'en' }) {
  const { rows } = await sql.query<{
    id: number;
    mission: string;
    state: string;
    progress: number;
    target: number;
    ends_at: Date | null;
  }>(
    `select m.id, coalesce(case when $5 = 'en' then d.name_en else d.name_pt end, '#' || m.mission_id) as mission,
        m.state, m.progress, m.target, m.ends_at
      from missions_players m left join missions_definitions d on d.id = m.mission_id
      where m.tenant_id = $1 and m.user_id = $2 and ($3::bigint is null or m.id < $3::bigint)
      order by m.id desc limit $4`,
    [p.tenantId, p.userId, p.beforeId ?? null, p.limit, p.lang],
  );
  return rows;
}

export async function sessionsPage(sql: Sql, p: Page) {
  const { rows } = await sql.query<{
    id: number;
    created_at: Date;
    last_used_at: Date;
    expires_at: Date;
    revoked_at: Date | null;
    ip: string | null;
    user_agent: string | null;
  }>(
    `select id, created_at, last_used_at, expires_at, revoked_at, ip, user_agent from sessions
      where tenant_id = $1 and user_id = $2 and ($3::bigint is null or id < $3::bigint)
      order by id desc limit $4`,
    [p.tenantId, p.userId, p.beforeId ?? null, p.limit],
  );
  return rows;
}

export async function notesPage(sql: Sql, p: Page) {
  const { rows } = await sql.query<{ id: number; author: string; body: string; created_at: Date }>(
    `select id, author, body, created_at from admin_player_notes
      where tenant_id = $1 and user_id = $2 and ($3::bigint is null or id < $3::bigint)
      order by id desc limit $4`,
    [p.tenantId, p.userId, p.beforeId ?? null, p.limit],
  );
  return rows;
}

export async function insertNote(
  tx: Sql,
  n: { tenantId: number; userId: number; staffId: number; author: string; body: string },
) {
  const { rows } = await tx.query<{ id: number; author: string; body: string; created_at: Date }>(
    `insert into admin_player_notes (tenant_id, user_id, staff_id, author, body) values ($1, $2, $3, $4, $5)
      returning id, author, body, created_at`,
    [n.tenantId, n.userId, n.staffId, n.author, n.body],
  );
  return rows[0]!;
}

export async function limitsOf(sql: Sql, tenantId: number, userId: number) {
  const [limits, restrictions] = await Promise.all([
    sql.query<{
      kind: 'deposit' | 'loss' | 'wager' | 'time';
      period: 'day' | 'week' | 'month';
      amount: number | null;
      pending_amount: number | null;
      pending_effective_at: Date | null;
    }>(
      `select kind, period, amount, pending_amount, pending_effective_at from rg_limits
        where tenant_id = $1 and user_id = $2 order by kind, period`,
      [tenantId, userId],
    ),
    sql.query<{ reason: string; period: string | null; start_at: Date; end_at: Date | null }>(
      `select reason, period, start_at, end_at from rg_restrictions
        where tenant_id = $1 and user_id = $2 order by id desc limit 20`,
      [tenantId, userId],
    ),
  ]);
  return { limits: limits.rows, restrictions: restrictions.rows };
}

export async function grantableOffers(sql: Sql, tenantId: number, lang: 'pt' | 'en') {
  const { rows } = await sql.query<{ id: number; name: string; kind: string; amount: number | null }>(
    `select id, case when $2 = 'en' then name_en else name_pt end as name, kind, amount from promo_offers
      where tenant_id = $1 and active and kind <> 'deposit_match' order by id desc limit 100`,
    [tenantId, lang],
  );
  return rows;
}
