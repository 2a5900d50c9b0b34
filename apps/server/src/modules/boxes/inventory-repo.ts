import type { UserBoxSource, UserPrizeStatus } from '@sorte/contracts';
import type { Sql } from '../../platform/db/index';

export type Who = { tenantId: number; userId: number };

/** A player's box with what the lists show of its box and version. */
export type UserBoxRow = {
  id: number;
  user_id: number;
  box_id: number;
  version: number;
  source: UserBoxSource;
  status: 'unopened' | 'opened' | 'sold';
  price_paid: number;
  created_at: Date;
  name: string;
  titles: { pt: string; en: string };
  image: string;
  sell_price: number;
};

/** A prize won, with the prize's face and the box it came from. */
export type UserPrizeRow = {
  id: number;
  opening_id: number;
  prize_id: number;
  kind: 'cash' | 'bonus' | 'free_spins' | 'collectible';
  value: number;
  status: UserPrizeStatus;
  created_at: Date;
  sold_at: Date | null;
  names: { pt: string; en: string };
  rarity: 'common' | 'uncommon' | 'rare' | 'epic' | 'legendary';
  image: string | null;
  offer_id: number | null;
  box_id: number;
  box_name: string;
  box_titles: { pt: string; en: string };
};

export type OpeningRow = {
  id: number;
  user_box_id: number;
  box_id: number;
  version: number;
  prize_id: number;
  seed_pair_id: number;
  nonce: number;
  ticket: number;
  bet: number;
  value: number;
  created_at: Date;
};

const numeric = <T>(row: T, keys: (keyof T)[]): T => {
  const out = { ...row } as Record<keyof T, unknown>;
  for (const k of keys) if (out[k] !== null && out[k] !== undefined) out[k] = Number(out[k]);
  return out as T;
};

const BOX_SELECT = `select ub.id, ub.user_id, ub.box_id, ub.version, ub.source, ub.status, ub.price_paid, ub.created_at,
    b.name, b.titles, b.image,
    case when ub.source = 'purchase' and ub.status = 'unopened' then v.sell_price else 0 end as sell_price
  from user_boxes ub
    join boxes b on b.id = ub.box_id and b.tenant_id = ub.tenant_id
    join box_versions v on v.box_id = ub.box_id and v.version = ub.version`;
const BOX_NUMS: (keyof UserBoxRow)[] = ['id', 'user_id', 'box_id', 'version', 'price_paid', 'sell_price'];

const PRIZE_SELECT = `select up.id, up.opening_id, up.prize_id, up.kind, up.value, up.status, up.created_at, up.sold_at,
    p.names, p.rarity, p.image, p.offer_id, b.id as box_id, b.name as box_name, b.titles as box_titles
  from user_prizes up
    join box_prizes p on p.id = up.prize_id
    join boxes b on b.id = p.box_id`;
const PRIZE_NUMS: (keyof UserPrizeRow)[] = ['id', 'opening_id', 'prize_id', 'value', 'offer_id', 'box_id'];

const OPENING_NUMS: (keyof OpeningRow)[] = [
  'id',
  'user_box_id',
  'box_id',
  'version',
  'prize_id',
  'seed_pair_id',
  'nonce',
  'ticket',
  'bet',
  'value',
];

/** The purchase made under a player's Idempotency-Key, locked until the caller's transaction ends. */
export async function findPurchase(sql: Sql, w: Who, key: string) {
  const { rows } = await sql.query<{ id: string; request_hash: string; response: unknown }>(
    `select id, request_hash, response from box_purchases
      where tenant_id = $1 and user_id = $2 and idempotency_key = $3 for update`,
    [w.tenantId, w.userId, key],
  );
  return rows[0] ? { id: Number(rows[0].id), hash: rows[0].request_hash, response: rows[0].response } : null;
}

/**
 * Claims the key with the purchase row; null when another request holds it (after waiting for that request's
 * commit, so the caller reads the stored answer).
 */
export async function claimPurchase(
  sql: Sql,
  w: Who,
  p: { key: string; hash: string; boxId: number; version: number; quantity: number; amount: number },
): Promise<number | null> {
  const { rows } = await sql.query<{ id: string }>(
    `insert into box_purchases (tenant_id, user_id, idempotency_key, request_hash, box_id, version, quantity, amount)
      values ($1, $2, $3, $4, $5, $6, $7, $8)
      on conflict (tenant_id, user_id, idempotency_key) do nothing returning id`,
    [w.tenantId, w.userId, p.key, p.hash, p.boxId, p.version, p.quantity, p.amount],
  );
  return rows[0] ? Number(rows[0].id) : null;
}

export async function storePurchaseResponse(sql: Sql, id: number, response: unknown): Promise<void> {
  await sql.query('update box_purchases set response = $2 where id = $1', [id, JSON.stringify(response)]);
}

/** The boxes a purchase made, one per unit, priced at the unit price. */
export async function insertPurchasedBoxes(
  sql: Sql,
  w: Who,
  p: { purchaseId: number; boxId: number; version: number; quantity: number; price: number },
): Promise<number[]> {
  const { rows } = await sql.query<{ id: string }>(
    `insert into user_boxes (tenant_id, user_id, box_id, version, source, source_key, purchase_id, price_paid)
      select $1, $2, $3, $4, 'purchase', 'purchase:' || $5::bigint || ':' || n, $5, $6
        from generate_series(1, $7::int) as n order by n
      returning id`,
    [w.tenantId, w.userId, p.boxId, p.version, p.purchaseId, p.price, p.quantity],
  );
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

export async function findUserBoxes(sql: Sql, w: Who, ids: readonly number[]): Promise<UserBoxRow[]> {
  const { rows } = await sql.query<UserBoxRow>(
    `${BOX_SELECT} where ub.tenant_id = $1 and ub.user_id = $2 and ub.id = any($3::bigint[]) order by ub.id`,
    [w.tenantId, w.userId, ids],
  );
  return rows.map((r) => numeric(r, BOX_NUMS));
}

/**
 * Takes up to `limit` of the player's unopened boxes of a box, oldest first, locked: concurrent openings skip the
 * rows another one holds, so each opens different boxes and none opens one twice.
 */
export async function lockUnopened(sql: Sql, w: Who, boxId: number, limit: number) {
  const { rows } = await sql.query<{ id: string; version: number; price_paid: string }>(
    `select id, version, price_paid from user_boxes
      where tenant_id = $1 and user_id = $2 and box_id = $3 and status = 'unopened'
      order by id limit $4 for update skip locked`,
    [w.tenantId, w.userId, boxId, limit],
  );
  return rows.map((r) => ({ id: Number(r.id), version: Number(r.version), pricePaid: Number(r.price_paid) }));
}

/** One of the player's boxes, locked (a sale waits for an opening of the same box and sees its outcome). */
export async function lockUserBox(sql: Sql, w: Who, id: number) {
  const { rows } = await sql.query<{ id: string; status: string; source: string; sell_price: string }>(
    `select ub.id, ub.status, ub.source, v.sell_price from user_boxes ub
      join box_versions v on v.box_id = ub.box_id and v.version = ub.version
      where ub.tenant_id = $1 and ub.user_id = $2 and ub.id = $3 for update of ub`,
    [w.tenantId, w.userId, id],
  );
  const r = rows[0];
  return r ? { id: Number(r.id), status: r.status, source: r.source, sellPrice: Number(r.sell_price) } : null;
}

export async function markBoxOpened(sql: Sql, id: number): Promise<void> {
  await sql.query(`update user_boxes set status = 'opened', opened_at = now() where id = $1`, [id]);
}

export async function markBoxSold(sql: Sql, id: number, amount: number): Promise<void> {
  await sql.query(`update user_boxes set status = 'sold', sold_at = now(), sold_for = $2 where id = $1`, [id, amount]);
}

export async function insertOpening(
  sql: Sql,
  w: Who,
  o: {
    userBoxId: number;
    boxId: number;
    version: number;
    prizeId: number;
    pairId: number;
    nonce: number;
    ticket: number;
    bet: number;
    value: number;
  },
): Promise<number> {
  const { rows } = await sql.query<{ id: string }>(
    `insert into box_openings (tenant_id, user_id, user_box_id, box_id, version, prize_id, seed_pair_id, nonce, ticket,
        bet, value)
      values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning id`,
    [w.tenantId, w.userId, o.userBoxId, o.boxId, o.version, o.prizeId, o.pairId, o.nonce, o.ticket, o.bet, o.value],
  );
  return Number(rows[0]!.id);
}

export async function insertPrize(
  sql: Sql,
  w: Who,
  o: { openingId: number; prizeId: number; kind: string; value: number; status: UserPrizeStatus },
): Promise<number> {
  const { rows } = await sql.query<{ id: string }>(
    `insert into user_prizes (tenant_id, user_id, opening_id, prize_id, kind, value, status)
      values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [w.tenantId, w.userId, o.openingId, o.prizeId, o.kind, o.value, o.status],
  );
  return Number(rows[0]!.id);
}

/** A prize whose offer promotions refused: it stays with the player as an item to sell. */
export async function keepPrize(sql: Sql, id: number): Promise<void> {
  await sql.query(`update user_prizes set status = 'kept' where id = $1 and status = 'granted'`, [id]);
}

export async function lockUserPrize(sql: Sql, w: Who, id: number) {
  const { rows } = await sql.query<{ id: string; status: UserPrizeStatus; value: string }>(
    'select id, status, value from user_prizes where tenant_id = $1 and user_id = $2 and id = $3 for update',
    [w.tenantId, w.userId, id],
  );
  const r = rows[0];
  return r ? { id: Number(r.id), status: r.status, value: Number(r.value) } : null;
}

export async function markPrizeSold(sql: Sql, id: number): Promise<void> {
  await sql.query(`update user_prizes set status = 'sold', sold_at = now() where id = $1`, [id]);
}

export async function findPrizes(sql: Sql, w: Who, where: { ids?: readonly number[]; openingIds?: readonly number[] }) {
  const { rows } = await sql.query<UserPrizeRow>(
    `${PRIZE_SELECT} where up.tenant_id = $1 and up.user_id = $2
        and ($3::bigint[] is null or up.id = any($3::bigint[]))
        and ($4::bigint[] is null or up.opening_id = any($4::bigint[]))
      order by up.id`,
    [w.tenantId, w.userId, where.ids ?? null, where.openingIds ?? null],
  );
  return rows.map((r) => numeric(r, PRIZE_NUMS));
}

export async function findOpenings(sql: Sql, w: Who, ids: readonly number[]): Promise<OpeningRow[]> {
  const { rows } = await sql.query<OpeningRow>(
    `select id, user_box_id, box_id, version, prize_id, seed_pair_id, nonce, ticket, bet, value, created_at
      from box_openings where tenant_id = $1 and user_id = $2 and id = any($3::bigint[]) order by id`,
    [w.tenantId, w.userId, ids],
  );
  return rows.map((r) => numeric(r, OPENING_NUMS));
}

const PAGE = 20;

/** A page of the player's boxes, newest first. */
export async function listUserBoxes(sql: Sql, w: Who, o: { status?: string; page: number }) {
  const { rows } = await sql.query<UserBoxRow & { total: string }>(
    `${BOX_SELECT.replace('select ', 'select count(*) over () as total, ')}
      where ub.tenant_id = $1 and ub.user_id = $2 and ($3::text is null or ub.status = $3)
      order by ub.id desc limit $4 offset $5`,
    [w.tenantId, w.userId, o.status ?? null, PAGE, (o.page - 1) * PAGE],
  );
  const total = rows[0] ? Number(rows[0].total) : await countOf(sql, 'user_boxes', w, o.status);
  return { rows: rows.map((r) => numeric(r, BOX_NUMS)), total, perPage: PAGE };
}

/** A page of the player's prizes, newest first. */
export async function listUserPrizes(sql: Sql, w: Who, o: { status?: string; page: number }) {
  const { rows } = await sql.query<UserPrizeRow & { total: string }>(
    `${PRIZE_SELECT.replace('select ', 'select count(*) over () as total, ')}
      where up.tenant_id = $1 and up.user_id = $2 and ($3::text is null or up.status = $3)
      order by up.id desc limit $4 offset $5`,
    [w.tenantId, w.userId, o.status ?? null, PAGE, (o.page - 1) * PAGE],
  );
  const total = rows[0] ? Number(rows[0].total) : await countOf(sql, 'user_prizes', w, o.status);
  return { rows: rows.map((r) => numeric(r, PRIZE_NUMS)), total, perPage: PAGE };
}

/** The count behind a page past the end (the window count needs a row to ride on). */
async function countOf(sql: Sql, table: 'user_boxes' | 'user_prizes', w: Who, status?: string): Promise<number> {
  const { rows } = await sql.query<{ n: string }>(
    `select count(*) as n from ${table} where tenant_id = $1 and user_id = $2 and ($3::text is null or status = $3)`,
    [w.tenantId, w.userId, status ?? null],
  );
  return Number(rows[0]?.n ?? 0);
}
