import type { BonusState, ContributionCategory, OfferKind, WageringBase } from '@sorte/contracts';
import type { Sql } from '../../platform/db/index';

/** SQL of the bonus engine and coupons (promo_* tables); every query filters on the tenant. */

export type OfferRow = {
  id: number;
  tenant_id: number;
  kind: OfferKind;
  name_pt: string;
  name_en: string;
  terms_pt: string;
  terms_en: string;
  percent: number | null;
  max_bonus: number | null;
  amount: number | null;
  free_spins: number | null;
  free_spins_game: string | null;
  /** Free spins: the stake of each spin, centavos. */
  free_spins_bet: number | null;
  min_deposit: number | null;
  wagering: number;
  wagering_base: WageringBase;
  max_bet: number | null;
  days: number;
  max_conversion: number | null;
  contributions: Record<ContributionCategory, number>;
  excluded_game_ids: number[];
  new_players_only: boolean;
  once_per_cpf: boolean;
  budget_amount: number | null;
  budget_count: number | null;
  granted_amount: number;
  granted_count: number;
  starts_at: Date | null;
  ends_at: Date | null;
  active: boolean;
  created_at: Date;
};

export type OfferInsert = Omit<OfferRow, 'id' | 'granted_amount' | 'granted_count' | 'created_at' | 'active'>;

const OFFER_COLS = `id, tenant_id, kind, name_pt, name_en, terms_pt, terms_en, percent, max_bonus, amount, free_spins,
  free_spins_game, free_spins_bet, min_deposit, wagering, wagering_base, max_bet, days, max_conversion, contributions,
  excluded_game_ids, new_players_only, once_per_cpf, budget_amount, budget_count, granted_amount, granted_count,
  starts_at, ends_at, active, created_at`;

const num = <T extends Record<string, unknown>>(r: T, keys: (keyof T)[]) => {
  for (const k of keys)
    if (r[k] !== null && r[k] !== undefined) (r as Record<string, unknown>)[k as string] = Number(r[k]);
  return r;
};
const offerOf = (r: OfferRow) => {
  num(r, ['percent', 'wagering']);
  r.excluded_game_ids = (r.excluded_game_ids ?? []).map(Number);
  return r;
};

export async function insertOffer(sql: Sql, o: OfferInsert): Promise<OfferRow> {
  const { rows } = await sql.query<OfferRow>(
    `insert into promo_offers (tenant_id, kind, name_pt, name_en, terms_pt, terms_en, percent, max_bonus, amount,
        free_spins, free_spins_game, min_deposit, wagering, wagering_base, max_bet, days, max_conversion,
        contributions, excluded_game_ids, new_players_only, once_per_cpf, budget_amount, budget_count, starts_at,
        ends_at, free_spins_bet)
      values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22,
        $23, $24, $25, $26)
      returning ${OFFER_COLS}`,
    [
      o.tenant_id,
      o.kind,
      o.name_pt,
      o.name_en,
      o.terms_pt,
      o.terms_en,
      o.percent,
      o.max_bonus,
      o.amount,
      o.free_spins,
      o.free_spins_game,
      o.min_deposit,
      o.wagering,
      o.wagering_base,
      o.max_bet,
      o.days,
      o.max_conversion,
      JSON.stringify(o.contributions),
      o.excluded_game_ids,
      o.new_players_only,
      o.once_per_cpf,
      o.budget_amount,
      o.budget_count,
      o.starts_at,
      o.ends_at,
      o.free_spins_bet,
    ],
  );
  return offerOf(rows[0]!);
}

export async function listOffers(sql: Sql, tenantId: number, o: { liveAt?: Date } = {}): Promise<OfferRow[]> {
  const { rows } = await sql.query<OfferRow>(
    `select ${OFFER_COLS} from promo_offers where tenant_id = $1
        and ($2::timestamptz is null or (active and (starts_at is null or starts_at <= $2)
          and (ends_at is null or ends_at > $2)))
      order by id`,
    [tenantId, o.liveAt ?? null],
  );
  return rows.map(offerOf);
}

export async function findOffer(sql: Sql, tenantId: number, id: number): Promise<OfferRow | null> {
  const { rows } = await sql.query<OfferRow>(
    `select ${OFFER_COLS} from promo_offers where tenant_id = $1 and id = $2`,
    [tenantId, id],
  );
  return rows[0] ? offerOf(rows[0]) : null;
}

/** Counts a grant against the offer's budget; false when it does not fit (the row lock serialises grants). */
export async function reserveBudget(sql: Sql, o: { tenantId: number; offerId: number; amount: number }) {
  const { rows } = await sql.query(
    `update promo_offers set granted_amount = granted_amount + $3::bigint, granted_count = granted_count + 1
      where tenant_id = $1 and id = $2
        and (budget_count is null or granted_count < budget_count)
        and (budget_amount is null or granted_amount + $3 <= budget_amount)
      returning id`,
    [o.tenantId, o.offerId, o.amount],
  );
  return rows.length === 1;
}

export type BonusRow = {
  id: number;
  tenant_id: number;
  user_id: number;
  offer_id: number;
  state: BonusState;
  amount: number;
  deposit_amount: number;
  wagering_required: number;
  wagering_done: number;
  converted: number;
  source: 'coupon' | 'deposit' | 'ops' | 'reward';
  source_ref: string;
  idempotency_key: string;
  end_reason: string | null;
  created_at: Date;
  activated_at: Date | null;
  expires_at: Date | null;
  ended_at: Date | null;
  /** Free spins: how many were granted (null for other kinds), how many are played, the provider campaign's state. */
  free_spins: number | null;
  free_spins_used: number;
  free_spins_campaign: CampaignState | null;
};

/** What the provider was last told of a free-spins bonus's campaign: to create, live, to cancel, done. */
export type CampaignState = 'pending' | 'live' | 'closing' | 'closed';

const BONUS_COLS = `id, tenant_id, user_id, offer_id, state, amount, deposit_amount, wagering_required, wagering_done,
  converted, source, source_ref, idempotency_key, end_reason, created_at, activated_at, expires_at, ended_at,
  free_spins, free_spins_used, free_spins_campaign`;
const BONUS_COLS_B = BONUS_COLS.replace(/(\w+)/g, 'b.$1');

/**
 * Serialises every change of one player's bonuses (grant, activation, wagering, completion, forfeit, expiry): taken
 * first, before any ledger row, so every path locks in the same order.
 */
export async function lockPlayer(sql: Sql, tenantId: number, userId: number): Promise<void> {
  await sql.query('select pg_advisory_xact_lock($1::int, $2::int)', [tenantId, userId]);
}

export async function insertBonus(
  sql: Sql,
  b: Pick<
    BonusRow,
    | 'tenant_id'
    | 'user_id'
    | 'offer_id'
    | 'amount'
    | 'deposit_amount'
    | 'wagering_required'
    | 'source'
    | 'source_ref'
    | 'idempotency_key'
    | 'free_spins'
  > & { cpf: string | null },
): Promise<BonusRow | null> {
  const { rows } = await sql.query<BonusRow>(
    `insert into promo_bonuses (tenant_id, user_id, offer_id, amount, deposit_amount, wagering_required, source,
        source_ref, idempotency_key, cpf, free_spins)
      values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
      on conflict do nothing returning ${BONUS_COLS}`,
    [
      b.tenant_id,
      b.user_id,
      b.offer_id,
      b.amount,
      b.deposit_amount,
      b.wagering_required,
      b.source,
      b.source_ref,
      b.idempotency_key,
      b.cpf,
      b.free_spins,
    ],
  );
  return rows[0] ?? null;
}

export async function findBonus(sql: Sql, tenantId: number, id: number): Promise<BonusRow | null> {
  const { rows } = await sql.query<BonusRow>(
    `select ${BONUS_COLS} from promo_bonuses where tenant_id = $1 and id = $2`,
    [tenantId, id],
  );
  return rows[0] ?? null;
}

export async function findBonusByKey(sql: Sql, tenantId: number, key: string): Promise<BonusRow | null> {
  const { rows } = await sql.query<BonusRow>(
    `select ${BONUS_COLS} from promo_bonuses where tenant_id = $1 and idempotency_key = $2`,
    [tenantId, key],
  );
  return rows[0] ?? null;
}

/** Why an offer cannot be granted to this player again: the same offer, or the same offer to the same CPF. */
export async function offerTaken(
  sql: Sql,
  o: { tenantId: number; offerId: number; userId: number; cpf: string | null },
): Promise<'player' | 'cpf' | null> {
  const { rows } = await sql.query<{ user_id: number }>(
    `select user_id from promo_bonuses where tenant_id = $1 and offer_id = $2
        and (user_id = $3 or ($4::text is not null and cpf = $4)) limit 1`,
    [o.tenantId, o.offerId, o.userId, o.cpf],
  );
  if (!rows[0]) return null;
  return Number(rows[0].user_id) === o.userId ? 'player' : 'cpf';
}

export async function activeBonus(sql: Sql, tenantId: number, userId: number): Promise<BonusRow | null> {
  const { rows } = await sql.query<BonusRow>(
    `select ${BONUS_COLS} from promo_bonuses where tenant_id = $1 and user_id = $2 and state = 'active'`,
    [tenantId, userId],
  );
  return rows[0] ?? null;
}

/** Only a look: whether the player has an active bonus (the hot paths ask it without locking). */
export async function hasActiveBonus(sql: Sql, tenantId: number, userId: number): Promise<boolean> {
  const { rows } = await sql.query(
    `select 1 from promo_bonuses where tenant_id = $1 and user_id = $2 and state = 'active'`,
    [tenantId, userId],
  );
  return rows.length > 0;
}

export async function nextQueued(sql: Sql, tenantId: number, userId: number): Promise<BonusRow | null> {
  const { rows } = await sql.query<BonusRow>(
    `select ${BONUS_COLS} from promo_bonuses where tenant_id = $1 and user_id = $2 and state = 'available'
      order by id limit 1`,
    [tenantId, userId],
  );
  return rows[0] ?? null;
}

export async function markActive(sql: Sql, o: { tenantId: number; id: number; now: Date; days: number }) {
  const { rows } = await sql.query<BonusRow>(
    `update promo_bonuses set state = 'active', activated_at = $3::timestamptz,
        expires_at = $3::timestamptz + make_interval(days => $4::int),
        free_spins_campaign = case when free_spins is null then null else 'pending' end
      where tenant_id = $1 and id = $2 and state = 'available' returning ${BONUS_COLS}`,
    [o.tenantId, o.id, o.now, o.days],
  );
  return rows[0] ?? null;
}

export async function markEnded(
  sql: Sql,
  o: { tenantId: number; id: number; state: BonusState; now: Date; reason: string; converted?: number },
) {
  const { rows } = await sql.query<BonusRow>(
    `update promo_bonuses set state = $3, ended_at = $4, end_reason = $5, converted = $6,
        free_spins_campaign = case when free_spins_campaign in ('pending', 'live') then 'closing'
          else free_spins_campaign end
      where tenant_id = $1 and id = $2 and state in ('available', 'active') returning ${BONUS_COLS}`,
    [o.tenantId, o.id, o.state, o.now, o.reason, o.converted ?? 0],
  );
  return rows[0] ?? null;
}

/** Records one settled stake against a bonus, once per event; null when this event was counted already. */
export async function addWager(
  sql: Sql,
  o: { tenantId: number; eventKey: string; bonusId: number; stake: number; counted: number },
): Promise<BonusRow | null> {
  // One statement: the wager row, and the bonus's progress only when that row is new.
  const { rows } = await sql.query<BonusRow>(
    `with w as (
        insert into promo_wagers (tenant_id, event_key, bonus_id, stake, counted) values ($1, $2, $3, $4, $5)
          on conflict do nothing returning bonus_id, counted)
      update promo_bonuses b set wagering_done = b.wagering_done + w.counted from w
        where b.tenant_id = $1 and b.id = w.bonus_id
      returning ${BONUS_COLS_B}`,
    [o.tenantId, o.eventKey, o.bonusId, o.stake, o.counted],
    'promo_add_wager',
  );
  return rows[0] ?? null;
}

/** What counting a stake needs, in one read: the active bonus, its offer's wagering rules, and the game. */
export type WageringContext = {
  bonus: BonusRow;
  offer: Pick<OfferRow, 'max_bet' | 'contributions' | 'excluded_game_ids'>;
  game: GameForWagering | null;
};

export async function wageringContext(
  sql: Sql,
  o: { tenantId: number; userId: number; gameId: number | null },
): Promise<WageringContext | null> {
  const { rows } = await sql.query<
    BonusRow & {
      o_max_bet: number | null;
      o_contributions: OfferRow['contributions'];
      o_excluded: number[];
      g_type: string | null;
      g_category: string | null;
      g_provider: string | null;
      g_rtp: number | null;
      g_bonus_allowed: boolean | null;
    }
  >(
    `select ${BONUS_COLS_B}, o.max_bet as o_max_bet, o.contributions as o_contributions,
        o.excluded_game_ids as o_excluded, g.type as g_type, g.category_slug as g_category, p.code as g_provider,
        g.rtp_bp as g_rtp, g.bonus_allowed as g_bonus_allowed
      from promo_bonuses b
        join promo_offers o on o.tenant_id = b.tenant_id and o.id = b.offer_id
        left join games g on g.tenant_id = b.tenant_id and g.id = $3
        left join game_providers p on p.id = g.provider_id
      where b.tenant_id = $1 and b.user_id = $2 and b.state = 'active'`,
    [o.tenantId, o.userId, o.gameId],
    'promo_wagering_context',
  );
  const r = rows[0];
  if (!r) return null;
  const { o_max_bet, o_contributions, o_excluded, g_type, g_category, g_provider, g_rtp, g_bonus_allowed, ...bonus } =
    r;
  return {
    bonus: bonus as BonusRow,
    offer: { max_bet: o_max_bet, contributions: o_contributions, excluded_game_ids: (o_excluded ?? []).map(Number) },
    game:
      g_type === null
        ? null
        : {
            type: g_type,
            category_slug: g_category!,
            provider: g_provider!,
            rtp_bp: Number(g_rtp),
            bonus_allowed: g_bonus_allowed === true,
          },
  };
}

export async function listBonuses(sql: Sql, o: { tenantId: number; userId: number; limit: number; offset: number }) {
  const { rows } = await sql.query<BonusRow & { total: number }>(
    `select ${BONUS_COLS}, count(*) over ()::int as total from promo_bonuses
      where tenant_id = $1 and user_id = $2
      order by (state = 'active') desc, id desc limit $3 offset $4`,
    [o.tenantId, o.userId, o.limit, o.offset],
  );
  return rows;
}

export async function countBonuses(sql: Sql, tenantId: number, userId: number): Promise<number> {
  const { rows } = await sql.query<{ n: number }>(
    'select count(*)::int as n from promo_bonuses where tenant_id = $1 and user_id = $2',
    [tenantId, userId],
  );
  return rows[0]?.n ?? 0;
}

export async function expiredActive(sql: Sql, now: Date, limit: number) {
  const { rows } = await sql.query<{ tenant_id: number; user_id: number; id: number }>(
    `select tenant_id, user_id, id from promo_bonuses where state = 'active' and expires_at <= $1
      order by expires_at limit $2`,
    [now, limit],
  );
  return rows.map((r) => ({ tenantId: Number(r.tenant_id), userId: Number(r.user_id), id: Number(r.id) }));
}

/** Whether any active bonus is past its time (read-only: the expiry job's look before it takes its lease). */
export async function anyExpired(sql: Sql, now: Date): Promise<boolean> {
  const { rows } = await sql.query(`select 1 from promo_bonuses where state = 'active' and expires_at <= $1 limit 1`, [
    now,
  ]);
  return rows.length > 0;
}

/** What the wagering needs of a catalog game: its kind, provider, RTP and whether bonus play is allowed on it. */
export type GameForWagering = {
  type: string;
  category_slug: string;
  provider: string;
  rtp_bp: number;
  bonus_allowed: boolean;
};

export async function gameForWagering(sql: Sql, tenantId: number, gameId: number): Promise<GameForWagering | null> {
  const { rows } = await sql.query<GameForWagering>(
    `select g.type, g.category_slug, p.code as provider, g.rtp_bp, g.bonus_allowed
      from games g join game_providers p on p.id = g.provider_id
      where g.tenant_id = $1 and g.id = $2`,
    [tenantId, gameId],
  );
  return rows[0] ?? null;
}

export type CouponRow = {
  id: number;
  tenant_id: number;
  code: string;
  offer_id: number;
  max_uses: number | null;
  uses: number;
  starts_at: Date | null;
  ends_at: Date | null;
  listed: boolean;
  active: boolean;
  created_at: Date;
};
const COUPON_COLS = 'id, tenant_id, code, offer_id, max_uses, uses, starts_at, ends_at, listed, active, created_at';

export async function insertCoupon(
  sql: Sql,
  c: Pick<CouponRow, 'tenant_id' | 'code' | 'offer_id' | 'max_uses' | 'starts_at' | 'ends_at' | 'listed'>,
): Promise<CouponRow | null> {
  const { rows } = await sql.query<CouponRow>(
    `insert into promo_coupons (tenant_id, code, offer_id, max_uses, starts_at, ends_at, listed)
      values ($1, $2, $3, $4, $5, $6, $7) on conflict do nothing returning ${COUPON_COLS}`,
    [c.tenant_id, c.code, c.offer_id, c.max_uses, c.starts_at, c.ends_at, c.listed],
  );
  return rows[0] ?? null;
}

export async function findCoupon(sql: Sql, tenantId: number, code: string): Promise<CouponRow | null> {
  const { rows } = await sql.query<CouponRow>(
    `select ${COUPON_COLS} from promo_coupons where tenant_id = $1 and code = $2`,
    [tenantId, code],
  );
  return rows[0] ?? null;
}

export async function findCouponById(sql: Sql, tenantId: number, id: number): Promise<CouponRow | null> {
  const { rows } = await sql.query<CouponRow>(
    `select ${COUPON_COLS} from promo_coupons where tenant_id = $1 and id = $2`,
    [tenantId, id],
  );
  return rows[0] ?? null;
}

export async function listCoupons(sql: Sql, tenantId: number): Promise<CouponRow[]> {
  const { rows } = await sql.query<CouponRow>(
    `select ${COUPON_COLS} from promo_coupons where tenant_id = $1 order by id`,
    [tenantId],
  );
  return rows;
}

/** Takes one use of the coupon; false when none is left (the row lock serialises concurrent redemptions). */
export async function useCoupon(sql: Sql, tenantId: number, id: number): Promise<boolean> {
  const { rows } = await sql.query(
    `update promo_coupons set uses = uses + 1
      where tenant_id = $1 and id = $2 and (max_uses is null or uses < max_uses) returning id`,
    [tenantId, id],
  );
  return rows.length === 1;
}

export type RedemptionRow = {
  id: number;
  coupon_id: number;
  user_id: number;
  bonus_id: number | null;
  txid: string | null;
};

/** The player's use of a coupon; null when they had used it already. */
export async function insertRedemption(
  sql: Sql,
  o: { tenantId: number; couponId: number; userId: number; txid: string | null },
): Promise<RedemptionRow | null> {
  const { rows } = await sql.query<RedemptionRow>(
    `insert into promo_coupon_redemptions (tenant_id, coupon_id, user_id, txid) values ($1, $2, $3, $4)
      on conflict do nothing returning id, coupon_id, user_id, bonus_id, txid`,
    [o.tenantId, o.couponId, o.userId, o.txid],
  );
  return rows[0] ?? null;
}

export async function setRedemptionBonus(sql: Sql, o: { tenantId: number; id: number; bonusId: number }) {
  await sql.query('update promo_coupon_redemptions set bonus_id = $3 where tenant_id = $1 and id = $2', [
    o.tenantId,
    o.id,
    o.bonusId,
  ]);
}

export async function findRedemption(
  sql: Sql,
  o: { tenantId: number; couponId: number; userId: number },
): Promise<RedemptionRow | null> {
  const { rows } = await sql.query<RedemptionRow>(
    `select id, coupon_id, user_id, bonus_id, txid from promo_coupon_redemptions
      where tenant_id = $1 and coupon_id = $2 and user_id = $3`,
    [o.tenantId, o.couponId, o.userId],
  );
  return rows[0] ?? null;
}

export async function redeemedCouponIds(sql: Sql, tenantId: number, userId: number): Promise<Set<number>> {
  const { rows } = await sql.query<{ coupon_id: number }>(
    'select coupon_id from promo_coupon_redemptions where tenant_id = $1 and user_id = $2',
    [tenantId, userId],
  );
  return new Set(rows.map((r) => Number(r.coupon_id)));
}

export async function insertChargeCoupon(
  sql: Sql,
  o: { tenantId: number; txid: string; userId: number; couponId: number; amount: number },
) {
  await sql.query(
    `insert into promo_charge_coupons (tenant_id, txid, user_id, coupon_id, amount) values ($1, $2, $3, $4, $5)
      on conflict do nothing`,
    [o.tenantId, o.txid, o.userId, o.couponId, o.amount],
  );
}

export type ChargeCouponRow = {
  txid: string;
  user_id: number;
  coupon_id: number;
  amount: number;
  outcome: 'granted' | 'refused' | null;
};

export async function lockChargeCoupon(sql: Sql, tenantId: number, txid: string): Promise<ChargeCouponRow | null> {
  const { rows } = await sql.query<ChargeCouponRow>(
    `select txid, user_id, coupon_id, amount, outcome from promo_charge_coupons
      where tenant_id = $1 and txid = $2 for update`,
    [tenantId, txid],
  );
  return rows[0] ?? null;
}

export async function setChargeOutcome(
  sql: Sql,
  o: { tenantId: number; txid: string; outcome: 'granted' | 'refused'; reason: string | null; bonusId: number | null },
) {
  await sql.query(
    `update promo_charge_coupons set outcome = $3, outcome_reason = $4, bonus_id = $5
      where tenant_id = $1 and txid = $2`,
    [o.tenantId, o.txid, o.outcome, o.reason, o.bonusId],
  );
}

/** The tenant of a bonus id (ids are unique across tenants), for the operator's bonus:cancel ID. */
export async function tenantOfBonus(sql: Sql, id: number): Promise<number | null> {
  const { rows } = await sql.query<{ tenant_id: number }>('select tenant_id from promo_bonuses where id = $1', [id]);
  return rows[0] ? Number(rows[0].tenant_id) : null;
}

/**
 * Whether the player has a provider round still open whose stakes took bonus money (its win may still pay into the
 * bonus balance). A read of the casino's rounds, asked only when a bonus balance reaches 0.
 */
export async function openBonusRound(sql: Sql, tenantId: number, userId: number): Promise<boolean> {
  const { rows } = await sql.query(
    `select 1 from casino_rounds where tenant_id = $1 and user_id = $2 and status = 'open' and bonus_staked > 0
      limit 1`,
    [tenantId, userId],
  );
  return rows.length > 0;
}

/**
 * One free spin played on a bonus: counted, its win added to the bonus (and the wagering it asks, `wagering` times
 * the winnings), only while spins are left. Null when the bonus is not active or its spins are used up.
 */
export async function addFreeSpin(
  sql: Sql,
  o: { tenantId: number; id: number; userId: number; win: number; wagering: number },
): Promise<BonusRow | null> {
  const { rows } = await sql.query<BonusRow>(
    `update promo_bonuses set free_spins_used = free_spins_used + 1, amount = amount + $4::bigint,
        wagering_required = ceil($5::numeric * (amount + $4::bigint) / 100)::bigint,
        free_spins_campaign = case when free_spins_used + 1 = free_spins then 'closed' else free_spins_campaign end
      where tenant_id = $1 and id = $2 and user_id = $3 and state = 'active' and free_spins is not null
        and free_spins_used < free_spins
      returning ${BONUS_COLS}`,
    [o.tenantId, o.id, o.userId, o.win, Math.round(o.wagering * 100)],
  );
  return rows[0] ?? null;
}

export async function setCampaign(
  sql: Sql,
  o: { tenantId: number; id: number; from: CampaignState; to: CampaignState },
): Promise<boolean> {
  const { rows } = await sql.query(
    `update promo_bonuses set free_spins_campaign = $4 where tenant_id = $1 and id = $2 and free_spins_campaign = $3
      returning id`,
    [o.tenantId, o.id, o.from, o.to],
  );
  return rows.length === 1;
}

/** Free-spins bonuses whose provider campaign is still to create or to cancel (a player's, or any). */
export async function campaignsDue(sql: Sql, o: { tenantId?: number; userId?: number; limit?: number } = {}) {
  const { rows } = await sql.query<BonusRow>(
    `select ${BONUS_COLS} from promo_bonuses where free_spins_campaign in ('pending', 'closing')
        and ($1::bigint is null or tenant_id = $1) and ($2::bigint is null or user_id = $2)
      order by id limit $3`,
    [o.tenantId ?? null, o.userId ?? null, o.limit ?? 100],
  );
  return rows;
}

export async function anyCampaignDue(sql: Sql): Promise<boolean> {
  const { rows } = await sql.query(
    `select 1 from promo_bonuses where free_spins_campaign in ('pending', 'closing') limit 1`,
  );
  return rows.length > 0;
}

/** The catalog game a free-spins offer names (a read of the casino's catalog, for what the player is shown). */
export type FreeSpinsGame = { game_code: string; title: string; provider_code: string };

export async function freeSpinsGames(sql: Sql, tenantId: number, codes: string[]): Promise<Map<string, FreeSpinsGame>> {
  if (codes.length === 0) return new Map();
  const { rows } = await sql.query<FreeSpinsGame>(
    `select g.game_code, g.title, p.code as provider_code from games g join game_providers p on p.id = g.provider_id
      where g.tenant_id = $1 and g.game_code = any($2::text[])`,
    [tenantId, codes],
  );
  return new Map(rows.map((r) => [r.game_code, r]));
}

/** Ends an offer (or brings it back): an ended offer is not taken, bonuses already granted run on. */
export async function setOfferActive(sql: Sql, o: { tenantId: number; id: number; active: boolean }) {
  const { rows } = await sql.query<OfferRow>(
    `update promo_offers set active = $3 where tenant_id = $1 and id = $2 returning ${OFFER_COLS}`,
    [o.tenantId, o.id, o.active],
  );
  return rows[0] ? offerOf(rows[0]) : null;
}
