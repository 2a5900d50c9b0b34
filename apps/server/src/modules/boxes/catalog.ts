import type { BoxPrizeKind, BoxRarity } from '@sorte/contracts';
import type { Sql } from '../../platform/db/index';

/** A box as stored, with the version named (the live one, or the one a player's box was bought at). */
export type BoxRow = {
  id: number;
  tenant_id: number;
  name: string;
  titles: { pt: string; en: string };
  descriptions: { pt?: string; en?: string };
  image: string;
  status: 'draft' | 'published' | 'retired';
  live_version: number | null;
  sort: number;
};

export type VersionRow = {
  box_id: number;
  version: number;
  price: number;
  sell_price: number;
  rtp_e6: number | null;
  published_at: Date | null;
};

export type PrizeRow = {
  id: number;
  box_id: number;
  version: number;
  position: number;
  names: { pt: string; en: string };
  kind: BoxPrizeKind;
  value: number;
  ticket_from: number;
  ticket_to: number;
  offer_id: number | null;
  image: string | null;
  rarity: BoxRarity;
};

/** One version of a box with its prize table, ordered by ticket range. */
export type BoxVersion = { box: BoxRow; version: VersionRow; prizes: PrizeRow[] };

const BOX_COLUMNS = 'b.id, b.tenant_id, b.name, b.titles, b.descriptions, b.image, b.status, b.live_version, b.sort';

function num<T extends Record<string, unknown>>(row: T, keys: (keyof T)[]): T {
  const out = { ...row };
  for (const k of keys)
    if (out[k] !== null && out[k] !== undefined) (out as Record<keyof T, unknown>)[k] = Number(out[k]);
  return out;
}

/** A box of the tenant by id or by name (any status), or null. */
export async function findBox(sql: Sql, tenantId: number, ref: number | string): Promise<BoxRow | null> {
  const byId = typeof ref === 'number' || /^\d{1,15}$/.test(ref);
  const { rows } = await sql.query<BoxRow>(
    `select ${BOX_COLUMNS} from boxes b where b.tenant_id = $1 and ${byId ? 'b.id = $2::bigint' : 'b.name = $2'}`,
    [tenantId, String(ref)],
  );
  return rows[0] ? num(rows[0], ['id', 'tenant_id', 'live_version', 'sort']) : null;
}

/** A version of a box with its prizes, or null (any publish state). */
export async function loadVersion(
  sql: Sql,
  tenantId: number,
  boxId: number,
  version: number,
): Promise<BoxVersion | null> {
  const { rows: boxes } = await sql.query<BoxRow>(
    `select ${BOX_COLUMNS} from boxes b where b.tenant_id = $1 and b.id = $2`,
    [tenantId, boxId],
  );
  if (!boxes[0]) return null;
  const { rows: versions } = await sql.query<VersionRow>(
    `select box_id, version, price, sell_price, rtp_e6, published_at from box_versions
      where tenant_id = $1 and box_id = $2 and version = $3`,
    [tenantId, boxId, version],
  );
  if (!versions[0]) return null;
  const { rows: prizes } = await sql.query<PrizeRow>(
    `select id, box_id, version, position, names, kind, value, ticket_from, ticket_to, offer_id, image, rarity
      from box_prizes where tenant_id = $1 and box_id = $2 and version = $3 order by ticket_from`,
    [tenantId, boxId, version],
  );
  return {
    box: num(boxes[0], ['id', 'tenant_id', 'live_version', 'sort']),
    version: num(versions[0], ['box_id', 'version', 'price', 'sell_price', 'rtp_e6']),
    prizes: prizes.map((p) =>
      num(p, ['id', 'box_id', 'version', 'position', 'value', 'ticket_from', 'ticket_to', 'offer_id']),
    ),
  };
}

/** The version on sale now of a published box (by id or name), or null when the box is not on sale. */
export async function liveVersion(sql: Sql, tenantId: number, ref: number | string): Promise<BoxVersion | null> {
  const box = await findBox(sql, tenantId, ref);
  if (box?.status !== 'published' || box.live_version === null) return null;
  return loadVersion(sql, tenantId, box.id, box.live_version);
}

/** The prize a ticket falls on: the one whose range holds it (a published table covers 1..100,000 exactly). */
export function prizeForTicket(prizes: readonly PrizeRow[], ticket: number): PrizeRow {
  const prize = prizes.find((p) => ticket >= p.ticket_from && ticket <= p.ticket_to);
  if (!prize) throw new Error(`ticket ${ticket} falls on no prize`);
  return prize;
}
