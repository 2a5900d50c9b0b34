import { BOX_PRIZE_KINDS, BOX_RARITIES, BOX_RTP_MAX, BOX_RTP_MIN, BOX_TICKETS } from '@sorte/contracts';
import { boxRtp, boxTableProblem, compare, mul, type Rational, rational, toNumber, toPercent } from '@sorte/fairness';
import { z } from 'zod';
import type { Db, Sql } from '../../platform/db/index';
import { AppError } from '../../platform/errors';
import { offerRewardProblem } from '../promotions/index';
import { type BoxRow, type BoxVersion, findBox, loadVersion, type PrizeRow } from './catalog';

/*
 * The operator's side of the catalog: a box is created as a draft (version 1), published once its table passes every
 * check, revised by a NEW draft version (a published version never changes: boxes already bought open with it) and
 * retired. Errors are plain English AppErrors for the ops CLI; players never reach these calls.
 */

const Text = z.string().trim().min(1).max(80);
const Bilingual = z.object({ pt: Text, en: Text }, { error: 'needs {"pt": ..., "en": ...}' });
const Centavos = z.number().int().positive().max(1_000_000_000);
const Image = z
  .string()
  .max(300)
  .regex(/^(\/static\/[A-Za-z0-9/_.-]+|https:\/\/\S+)$/, { error: 'must be a /static/... path or an https URL' });

export const BoxPrizeSpec = z
  .object({
    names: Bilingual,
    kind: z.enum(BOX_PRIZE_KINDS),
    value: Centavos,
    tickets: z.tuple([z.number().int(), z.number().int()]).optional(),
    weight: z.number().positive().finite().optional(),
    offer_id: z.number().int().positive().optional(),
    image: Image.optional(),
    rarity: z.enum(BOX_RARITIES).default('common'),
  })
  .strict();

/** A box as the operator writes it (box:create --file): the box and the table of its next version. */
export const BoxSpec = z
  .object({
    name: z.string().regex(/^[a-z0-9][a-z0-9-]{0,59}$/, { error: 'lower-case letters, digits and hyphens (max 60)' }),
    titles: Bilingual,
    descriptions: z.object({ pt: z.string().max(500).optional(), en: z.string().max(500).optional() }).default({}),
    image: Image,
    price: Centavos,
    sell_price: z.number().int().min(0).max(1_000_000_000).default(0),
    sort: z.number().int().min(-1000).max(1000).optional(),
    prizes: z.array(BoxPrizeSpec).min(1).max(50),
  })
  .strict();
export type BoxSpec = z.input<typeof BoxSpec>;
type ParsedSpec = z.output<typeof BoxSpec>;

const bad = (message: string) => new AppError('bad_request', message);

/** Runs fn in one transaction: the caller's, or a new one when given the database itself. */
function inTx<T>(sql: Sql | Db, fn: (tx: Sql) => Promise<T>): Promise<T> {
  return 'transaction' in sql ? sql.transaction(fn) : fn(sql);
}

function parseSpec(input: unknown): ParsedSpec {
  const parsed = BoxSpec.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw bad(`box spec: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  }
  return parsed.data;
}

/**
 * The ticket ranges of a spec's prizes: given ([from, to] on every prize), or from weights (on every prize) split
 * over 1..100,000 by largest remainder, each prize at least one ticket, in the order written.
 */
export function specRanges(prizes: ParsedSpec['prizes']): { from: number; to: number }[] {
  const withTickets = prizes.filter((p) => p.tickets).length;
  const withWeight = prizes.filter((p) => p.weight !== undefined).length;
  if (withTickets === prizes.length && withWeight === 0)
    return prizes.map((p) => ({ from: p.tickets![0], to: p.tickets![1] }));
  if (withWeight !== prizes.length || withTickets !== 0)
    throw bad('box spec: give every prize either "tickets": [from, to] or a "weight", not a mix');
  if (prizes.length > BOX_TICKETS) throw bad('box spec: more prizes than tickets');
  const total = prizes.reduce((s, p) => s + p.weight!, 0);
  const exact = prizes.map((p) => (p.weight! / total) * BOX_TICKETS);
  const counts = exact.map((x) => Math.floor(x));
  let left = BOX_TICKETS - counts.reduce((s, c) => s + c, 0);
  const byRemainder = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (let k = 0; left > 0; k = (k + 1) % byRemainder.length, left--) counts[byRemainder[k]!.i]!++;
  // A weight too small for a whole ticket still gets one, taken from the largest prize.
  for (const [i, c] of counts.entries())
    if (c === 0) {
      counts[i] = 1;
      counts[counts.indexOf(Math.max(...counts))]!--;
    }
  let from = 1;
  return counts.map((c) => {
    const r = { from, to: from + c - 1 };
    from += c;
    return r;
  });
}

export type TableCheck = {
  prizes: { kind: string; value: number; from: number; to: number; offer_id: number | null }[];
  price: number;
  sell_price: number;
};

/** The exact RTP of a table, and rtp_e6 (rounded half up to 1e-6). */
export function tableRtp(t: Pick<TableCheck, 'prizes' | 'price'>): { rtp: Rational; rtpE6: number } {
  const rtp = boxRtp(t.prizes, t.price);
  const scaled = mul(rtp, rational(1_000_000));
  return { rtp, rtpE6: Number((scaled.num * 2n + scaled.den) / (2n * scaled.den)) };
}

/**
 * Why a version cannot be published, or null: ranges cover 1..100,000 exactly, values are positive, RTP within
 * BOX_RTP_MIN..BOX_RTP_MAX inclusive (exact), the sell-back price is at most the price, and every bonus or free-spins
 * prize names an offer promotions accepts as a reward (and no other kind names one).
 */
export async function tableProblem(sql: Sql, tenantId: number, t: TableCheck): Promise<string | null> {
  const coverage = boxTableProblem(t.prizes);
  if (coverage) return `the prize table does not cover tickets 1-${BOX_TICKETS} exactly: ${coverage}`;
  if (!(t.price > 0)) return 'the price must be positive';
  if (t.sell_price < 0 || t.sell_price > t.price)
    return `the sell-back price ${t.sell_price} must be between 0 and the price ${t.price}`;
  for (const [i, p] of t.prizes.entries()) {
    if (!(p.value > 0)) return `prize ${i + 1}: the value must be positive`;
    const offerKind = p.kind === 'bonus' || p.kind === 'free_spins';
    if (offerKind && p.offer_id === null) return `prize ${i + 1}: a ${p.kind} prize needs an "offer_id"`;
    if (!offerKind && p.offer_id !== null) return `prize ${i + 1}: a ${p.kind} prize takes no "offer_id"`;
    if (offerKind) {
      const problem = await offerRewardProblem(sql, { tenantId, offerId: p.offer_id! });
      if (problem) return `prize ${i + 1}: ${problem}`;
    }
  }
  const { rtp } = tableRtp(t);
  if (
    compare(rtp, rational(Math.round(BOX_RTP_MIN * 100), 100)) < 0 ||
    compare(rtp, rational(Math.round(BOX_RTP_MAX * 100), 100)) > 0
  )
    return `the RTP is ${toPercent(rtp, 4)}%, outside ${BOX_RTP_MIN * 100}%-${BOX_RTP_MAX * 100}%`;
  return null;
}

function checkOf(v: BoxVersion): TableCheck {
  return {
    price: v.version.price,
    sell_price: v.version.sell_price,
    prizes: v.prizes.map((p) => ({
      kind: p.kind,
      value: p.value,
      from: p.ticket_from,
      to: p.ticket_to,
      offer_id: p.offer_id,
    })),
  };
}

async function specProblem(sql: Sql, tenantId: number, spec: ParsedSpec): Promise<TableCheck> {
  const ranges = specRanges(spec.prizes);
  const check: TableCheck = {
    price: spec.price,
    sell_price: spec.sell_price,
    prizes: spec.prizes.map((p, i) => ({ kind: p.kind, value: p.value, ...ranges[i]!, offer_id: p.offer_id ?? null })),
  };
  const problem = await tableProblem(sql, tenantId, check);
  if (problem) throw bad(`box ${spec.name}: ${problem}`);
  return check;
}

async function insertVersion(sql: Sql, tenantId: number, boxId: number, version: number, spec: ParsedSpec) {
  const ranges = specRanges(spec.prizes);
  await sql.query(
    'insert into box_versions (tenant_id, box_id, version, price, sell_price) values ($1, $2, $3, $4, $5)',
    [tenantId, boxId, version, spec.price, spec.sell_price],
  );
  for (const [i, p] of spec.prizes.entries())
    await sql.query(
      `insert into box_prizes (tenant_id, box_id, version, position, names, kind, value, ticket_from, ticket_to,
          offer_id, image, rarity)
        values ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9, $10, $11, $12)`,
      [
        tenantId,
        boxId,
        version,
        i + 1,
        JSON.stringify(p.names),
        p.kind,
        p.value,
        ranges[i]!.from,
        ranges[i]!.to,
        p.offer_id ?? null,
        p.image ?? null,
        p.rarity,
      ],
    );
}

async function updateBoxRow(sql: Sql, boxId: number, spec: ParsedSpec) {
  await sql.query(
    `update boxes set titles = $2::jsonb, descriptions = $3::jsonb, image = $4, sort = coalesce($5, sort),
        updated_at = now() where id = $1`,
    [boxId, JSON.stringify(spec.titles), JSON.stringify(spec.descriptions), spec.image, spec.sort ?? null],
  );
}

async function latestVersion(sql: Sql, boxId: number): Promise<{ version: number; published: boolean } | null> {
  const { rows } = await sql.query<{ version: number; published: boolean }>(
    `select version, published_at is not null as published from box_versions where box_id = $1
      order by version desc limit 1`,
    [boxId],
  );
  return rows[0] ? { version: Number(rows[0].version), published: rows[0].published } : null;
}

async function dropDraft(sql: Sql, boxId: number, version: number) {
  await sql.query('delete from box_prizes where box_id = $1 and version = $2', [boxId, version]);
  await sql.query('delete from box_versions where box_id = $1 and version = $2', [boxId, version]);
}

export type SavedBox = { id: number; name: string; version: number; created: boolean };

/**
 * A new box as a draft with version 1 from a spec. The table is checked now (a clear refusal beats a draft that can
 * never publish) and again at publish. An existing name is revised instead (reviseBox).
 */
export async function createBox(sql: Sql | Db, tenantId: number, input: unknown): Promise<SavedBox> {
  const spec = parseSpec(input);
  return inTx(sql, async (tx) => {
    await specProblem(tx, tenantId, spec);
    const existing = await findBox(tx, tenantId, spec.name);
    if (existing) return reviseIn(tx, tenantId, existing, spec);
    const { rows } = await tx.query<{ id: number }>(
      `insert into boxes (tenant_id, name, titles, descriptions, image, sort)
        values ($1, $2, $3::jsonb, $4::jsonb, $5, $6) on conflict (tenant_id, name) do nothing returning id`,
      [tenantId, spec.name, JSON.stringify(spec.titles), JSON.stringify(spec.descriptions), spec.image, spec.sort ?? 0],
    );
    if (!rows[0]) throw new AppError('conflict', `box ${spec.name} was created meanwhile: run box:create again`);
    const id = Number(rows[0].id);
    await insertVersion(tx, tenantId, id, 1, spec);
    return { id, name: spec.name, version: 1, created: true };
  });
}

async function reviseIn(tx: Sql, tenantId: number, box: BoxRow, spec: ParsedSpec): Promise<SavedBox> {
  await tx.query('select id from boxes where id = $1 for update', [box.id]);
  const latest = await latestVersion(tx, box.id);
  let version = 1;
  if (latest && !latest.published) {
    // An unpublished draft is simply replaced: no player ever saw it.
    await dropDraft(tx, box.id, latest.version);
    version = latest.version;
  } else if (latest) version = latest.version + 1;
  await updateBoxRow(tx, box.id, spec);
  await insertVersion(tx, tenantId, box.id, version, spec);
  return { id: box.id, name: box.name, version, created: false };
}

/**
 * A change to a box: a NEW draft version with the spec's price and table (a pending draft is replaced). The live
 * version stays on sale until this one is published; boxes already bought keep opening with theirs.
 */
export async function reviseBox(
  sql: Sql | Db,
  tenantId: number,
  ref: number | string,
  input: unknown,
): Promise<SavedBox> {
  const spec = parseSpec(input);
  return inTx(sql, async (tx) => {
    const box = await findBox(tx, tenantId, ref);
    if (!box) throw new AppError('not_found', `no box ${ref} on this tenant (box:list)`);
    if (box.name !== spec.name) throw bad(`box spec: the name ${spec.name} is not box ${box.name}'s`);
    await specProblem(tx, tenantId, spec);
    return reviseIn(tx, tenantId, box, spec);
  });
}

export type PublishedBox = { id: number; name: string; version: number; rtp: number; rtpE6: number };

/**
 * Publishes the box's newest draft version after checking it again (offers may have changed since the draft): its
 * rtp_e6 and published_at are fixed, and it becomes the version on sale. A retired box whose newest version is
 * already published is put back on sale.
 */
export async function publishBox(sql: Sql | Db, tenantId: number, ref: number | string): Promise<PublishedBox> {
  return inTx(sql, async (tx) => {
    const found = await findBox(tx, tenantId, ref);
    if (!found) throw new AppError('not_found', `no box ${ref} on this tenant (box:list)`);
    await tx.query('select id from boxes where id = $1 for update', [found.id]);
    const latest = await latestVersion(tx, found.id);
    if (!latest) throw bad(`box ${found.name} has no version`);
    const v = (await loadVersion(tx, tenantId, found.id, latest.version))!;
    if (latest.published) {
      if (found.status === 'published' && found.live_version === latest.version)
        throw bad(`box ${found.name} version ${latest.version} is already on sale: box:create makes a new version`);
      await tx.query(`update boxes set status = 'published', live_version = $2, updated_at = now() where id = $1`, [
        found.id,
        latest.version,
      ]);
      return {
        id: found.id,
        name: found.name,
        version: latest.version,
        rtp: v.version.rtp_e6! / 1e6,
        rtpE6: v.version.rtp_e6!,
      };
    }
    const check = checkOf(v);
    const problem = await tableProblem(tx, tenantId, check);
    if (problem) throw bad(`box ${found.name} version ${latest.version}: ${problem}`);
    const { rtp, rtpE6 } = tableRtp(check);
    await tx.query('update box_versions set rtp_e6 = $3, published_at = now() where box_id = $1 and version = $2', [
      found.id,
      latest.version,
      rtpE6,
    ]);
    await tx.query(`update boxes set status = 'published', live_version = $2, updated_at = now() where id = $1`, [
      found.id,
      latest.version,
    ]);
    return { id: found.id, name: found.name, version: latest.version, rtp: toNumber(rtp), rtpE6 };
  });
}

/** Takes a box off sale: it leaves the catalog; boxes players already own still open and sell with their version. */
export async function retireBox(sql: Sql | Db, tenantId: number, ref: number | string): Promise<BoxRow> {
  const box = await findBox(sql, tenantId, ref);
  if (!box) throw new AppError('not_found', `no box ${ref} on this tenant (box:list)`);
  if (box.status === 'retired') throw bad(`box ${box.name} is already retired`);
  await sql.query(`update boxes set status = 'retired', updated_at = now() where id = $1`, [box.id]);
  return { ...box, status: 'retired' };
}

export type BoxListing = {
  id: number;
  name: string;
  status: BoxRow['status'];
  live_version: number | null;
  latest_version: number;
  draft: boolean;
  price: number;
  sell_price: number;
  rtp_e6: number | null;
  prizes: number;
  sort: number;
};

/** Every box of the tenant (any status) with its newest version's price and table size, in catalog order. */
export async function listBoxes(sql: Sql, tenantId: number): Promise<BoxListing[]> {
  const { rows } = await sql.query<BoxListing>(
    `select b.id, b.name, b.status, b.live_version, v.version as latest_version, v.published_at is null as draft,
        v.price, v.sell_price, v.rtp_e6, b.sort,
        (select count(*) from box_prizes p where p.box_id = b.id and p.version = v.version) as prizes
      from boxes b
      join lateral (select * from box_versions x where x.box_id = b.id order by x.version desc limit 1) v on true
      where b.tenant_id = $1
      order by b.sort, v.price, b.id`,
    [tenantId],
  );
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    live_version: r.live_version === null ? null : Number(r.live_version),
    latest_version: Number(r.latest_version),
    price: Number(r.price),
    sell_price: Number(r.sell_price),
    rtp_e6: r.rtp_e6 === null ? null : Number(r.rtp_e6),
    prizes: Number(r.prizes),
    sort: Number(r.sort),
  }));
}

/** The published boxes on sale, in catalog order, each at its live version (for GET /api/boxes/all). */
export async function liveBoxes(sql: Sql, tenantId: number): Promise<BoxVersion[]> {
  const { rows } = await sql.query<{ id: number; live_version: number }>(
    `select b.id, b.live_version from boxes b join box_versions v on v.box_id = b.id and v.version = b.live_version
      where b.tenant_id = $1 and b.status = 'published' order by b.sort, v.price, b.id`,
    [tenantId],
  );
  const out: BoxVersion[] = [];
  for (const r of rows) {
    const v = await loadVersion(sql, tenantId, Number(r.id), Number(r.live_version));
    if (v) out.push(v);
  }
  return out;
}

export type { PrizeRow };

export type BoxPreview = {
  /** Why the table cannot be saved or published (the exact words box:create and box:publish refuse with), or null. */
  problem: string | null;
  ranges: { from: number; to: number }[];
  rtp_e6: number | null;
};

/**
 * What box:create would say of a spec, without writing anything: the ticket ranges it would get, its exact RTP and
 * the first problem (spec shape, coverage, offers, RTP bounds) through the same checks createBox and publishBox run.
 */
export async function previewBoxSpec(sql: Sql, tenantId: number, input: unknown): Promise<BoxPreview> {
  let spec: ParsedSpec;
  let ranges: { from: number; to: number }[];
  try {
    spec = parseSpec(input);
    ranges = specRanges(spec.prizes);
  } catch (err) {
    return { problem: (err as Error).message, ranges: [], rtp_e6: null };
  }
  const check: TableCheck = {
    price: spec.price,
    sell_price: spec.sell_price,
    prizes: spec.prizes.map((p, i) => ({ kind: p.kind, value: p.value, ...ranges[i]!, offer_id: p.offer_id ?? null })),
  };
  const problem = await tableProblem(sql, tenantId, check);
  const rtpE6 = boxTableProblem(check.prizes) || !(check.price > 0) ? null : tableRtp(check).rtpE6;
  return { problem: problem ? `box ${spec.name}: ${problem}` : null, ranges, rtp_e6: rtpE6 };
}

/** Every version of a box, newest first, with when it was published (null: the draft). */
export async function listBoxVersions(
  sql: Sql,
  tenantId: number,
  boxId: number,
): Promise<{ version: number; price: number; sell_price: number; rtp_e6: number | null; published_at: Date | null }[]> {
  const { rows } = await sql.query<{
    version: number;
    price: number;
    sell_price: number;
    rtp_e6: number | null;
    published_at: Date | null;
  }>(
    `select version, price, sell_price, rtp_e6, published_at from box_versions where tenant_id = $1 and box_id = $2
      order by version desc`,
    [tenantId, boxId],
  );
  return rows.map((r) => ({
    ...r,
    version: Number(r.version),
    price: Number(r.price),
    sell_price: Number(r.sell_price),
    rtp_e6: r.rtp_e6 === null ? null : Number(r.rtp_e6),
  }));
}

/** The tenant a box belongs to, for platform staff acting on a box by id; null when there is none. */
export async function boxTenant(sql: Sql, boxId: number): Promise<number | null> {
  const { rows } = await sql.query<{ tenant_id: number }>('select tenant_id from boxes where id = $1', [boxId]);
  return rows[0] ? Number(rows[0].tenant_id) : null;
}
