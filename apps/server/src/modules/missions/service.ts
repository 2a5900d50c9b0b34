import type { Locale, Mission, MissionActionReply, MissionsReply } from '@sorte/contracts';
import type { Db, Sql } from '../../platform/db/index';
import { AppError } from '../../platform/errors';
import { publish } from '../../platform/events/index';
import type { Tenant } from '../../platform/tenancy';
import { type BoxRow, findBox, grantBox } from '../boxes/index';
import * as ledger from '../ledger/index';
import { grantOffer } from '../promotions/index';
import { audienceAdmits, playerFacts } from './audience';
import { describe, MSG } from './messages';
import { goalAllowed } from './policies';
import * as repo from './repo';
import { type Period, periodOf } from './windows';

/** The player's mission use cases (list, one, accept, claim); each owns its transaction. */

type Who = { tenant: Tenant; userId: number | null; locale: Locale; now: Date };

/** A multiplier is stored in hundredths (500 = 5x); the wire shows the multiplier itself. */
const shown = (goal: string, v: number) => (goal === 'multiplier' ? v / 100 : v);

function view(
  d: repo.DefinitionRow,
  row: repo.PlayerRow | null,
  period: Period | null,
  o: { locale: Locale; now: Date; labels: Awaited<ReturnType<typeof repo.labels>>; boxes: Map<number, BoxRow> },
): Mission {
  const names = { pt: d.name_pt, en: d.name_en };
  const ended = (at: Date | null) => at !== null && o.now >= at;
  let state: Mission['state'];
  if (row) state = row.state === 'active' && ended(row.ends_at) ? 'expired' : row.state;
  else if (!period) state = d.ends_at && o.now >= d.ends_at ? 'expired' : 'available';
  else state = d.opt_in ? 'available' : 'active';
  const target = row?.target ?? d.target;
  return {
    id: d.id,
    name: names[o.locale],
    names,
    description: describe(d, o.labels)[o.locale],
    goal: d.goal,
    target: shown(d.goal, target),
    progress: shown(d.goal, Math.min(row?.progress ?? 0, target)),
    category: d.category,
    game_code: d.game_code,
    window: d.time_window,
    starts_at: (period?.startsAt ?? d.starts_at)?.toISOString() ?? null,
    ends_at: (row?.ends_at ?? period?.endsAt ?? d.ends_at)?.toISOString() ?? null,
    opt_in: d.opt_in,
    accepted: row !== null && (row.accepted_at !== null || !d.opt_in),
    state,
    reward: reward(d, o.boxes, o.locale),
    completed_at: row?.completed_at?.toISOString() ?? null,
    claimed_at: row?.claimed_at?.toISOString() ?? null,
    isClaimed: row?.state === 'claimed',
  };
}

function reward(d: repo.DefinitionRow, boxes: Map<number, BoxRow>, locale: Locale): Mission['reward'] {
  const box = d.reward_box_id === null ? undefined : boxes.get(d.reward_box_id);
  return {
    type: d.reward_cash !== null ? 'cash' : d.reward_box_id !== null ? 'box' : 'offer',
    amount: d.reward_cash,
    offer_id: d.reward_offer_id,
    box_id: d.reward_box_id,
    box: box ? { id: box.id, name: box.name, title: box.titles[locale], image: box.image } : null,
  };
}

/** The boxes the missions reward, for the widget's box art and title (a handful per tenant). */
async function rewardBoxes(sql: Sql, tenantId: number, defs: repo.DefinitionRow[]): Promise<Map<number, BoxRow>> {
  const ids = [...new Set(defs.flatMap((d) => (d.reward_box_id === null ? [] : [d.reward_box_id])))];
  const found = await Promise.all(ids.map((id) => findBox(sql, tenantId, id)));
  return new Map(found.flatMap((b) => (b ? [[b.id, b] as const] : [])));
}

/** The definitions this player (or guest) may see now, each with the player's row of its window. */
async function visible(sql: Sql, w: Who, only?: number) {
  const tz = w.tenant.settings.timezone;
  let defs = await repo.listDefinitions(sql, w.tenant.id, { activeOnly: true });
  if (only !== undefined) defs = defs.filter((d) => d.id === only);
  defs = defs.filter((d) => goalAllowed(w.tenant.settings, d.goal));
  const facts = w.userId === null ? null : await playerFacts(sql, { tenantId: w.tenant.id, userId: w.userId, defs });
  // A guest sees the missions open to everyone and to new players: what they would take part in by signing up.
  defs = defs.filter((d) =>
    w.userId === null ? d.audience === 'all' || d.audience === 'new' : audienceAdmits(d, facts, w.now),
  );
  const withPeriod = defs.map((d) => ({ d, period: periodOf(d, w.now, tz) }));
  const rows =
    w.userId === null
      ? []
      : await repo.playerMissions(sql, {
          tenantId: w.tenant.id,
          userId: w.userId,
          keys: withPeriod.flatMap((x) => (x.period ? [{ missionId: x.d.id, period: x.period.key }] : [])),
        });
  // A reward completed in an earlier window stays claimable: that row is shown until it is claimed.
  const unclaimed =
    w.userId === null
      ? []
      : await repo.completedRows(sql, { tenantId: w.tenant.id, userId: w.userId, missionIds: defs.map((d) => d.id) });
  const labels = await repo.labels(sql, w.tenant.id, {
    games: [...new Set(defs.flatMap((d) => (d.game_code ? [d.game_code] : [])))],
    categories: [...new Set(defs.flatMap((d) => (d.category ? [d.category] : [])))],
  });
  const boxes = await rewardBoxes(sql, w.tenant.id, defs);
  return withPeriod.map(({ d, period }) => {
    const row =
      unclaimed.find((r) => r.mission_id === d.id) ??
      rows.find((r) => r.mission_id === d.id && r.period === period?.key) ??
      null;
    return view(d, row, period, { locale: w.locale, now: w.now, labels, boxes });
  });
}

/** GET /missions: the player's missions with progress, or a guest's (no progress, nothing to claim). */
export async function listMissions(db: Db, w: Who): Promise<MissionsReply> {
  return { data: await visible(db, w), guest: w.userId === null };
}

/** GET /missions/{id}: one mission the player may see; any other id is not found. */
export async function getMission(db: Db, w: Who, id: number): Promise<Mission> {
  const m = (await visible(db, w, id))[0];
  if (!m) throw new AppError('not_found', MSG.notFound);
  return m;
}

/** POST /missions/{id}/accept: an opt-in mission starts counting in its current window. */
export async function acceptMission(db: Db, w: Who & { userId: number }, id: number): Promise<MissionActionReply> {
  const m = await getMission(db, w, id);
  const d = (await repo.findDefinition(db, w.tenant.id, id))!;
  if (!d.opt_in) throw new AppError('validation', MSG.notOptIn);
  const period = periodOf(d, w.now, w.tenant.settings.timezone);
  if (!period || m.state === 'expired') throw new AppError('validation', MSG.expired);
  await db.transaction(async (tx) => {
    const fresh = await repo.insertAccepted(tx, {
      tenantId: w.tenant.id,
      userId: w.userId,
      missionId: d.id,
      period: period.key,
      goal: d.goal,
      target: d.target,
      endsAt: period.endsAt,
      now: w.now,
    });
    if (fresh)
      await publish(tx, {
        name: 'missions.mission_updated',
        tenantId: w.tenant.id,
        userId: w.userId,
        payload: { id: d.id, state: 'active', progress: 0, target: d.target, assigned: true },
      });
  });
  return { mission: await getMission(db, w, id), balance: null, message: MSG.accepted[w.locale] };
}

/**
 * POST /missions/{id}/claim: pays a completed mission's reward once. The player's row is locked, then moved
 * completed -> claimed by a conditional update; the cash goes through the ledger under the key
 * missions:claim:<row>, so concurrent claims pay once and the others are told it was already claimed. A box is
 * given by the boxes module in the same transaction under the same key: a box no longer on offer refuses the claim
 * whole, and the mission stays completed.
 */
export async function claimMission(db: Db, w: Who & { userId: number }, id: number): Promise<MissionActionReply> {
  const d = await repo.findDefinition(db, w.tenant.id, id);
  if (!d) throw new AppError('not_found', MSG.notFound);
  const paid = await db.transaction(async (tx) => {
    const row = await repo.lockClaimable(tx, { tenantId: w.tenant.id, userId: w.userId, missionId: id });
    if (!row) {
      // Nothing of this mission is the player's yet: not visible to them is not found; otherwise not completed.
      if (!d.active || (await visible(tx, w, id)).length === 0) throw new AppError('not_found', MSG.notFound);
      throw new AppError('validation', MSG.notCompleted);
    }
    const current = periodOf(d, w.now, w.tenant.settings.timezone)?.key;
    // A reward claimed in an earlier window (yesterday's daily mission) says nothing about this window's.
    if (row.state === 'claimed' && row.period !== current && d.time_window !== 'once' && d.time_window !== 'range')
      throw new AppError('validation', MSG.notCompleted);
    if (row.state === 'claimed') throw new AppError('conflict', MSG.alreadyClaimed);
    if (row.state === 'active')
      throw new AppError('validation', row.ends_at && w.now >= row.ends_at ? MSG.expired : MSG.notCompleted);
    const claimed = await repo.markClaimed(tx, { tenantId: w.tenant.id, userId: w.userId, id: row.id, now: w.now });
    if (!claimed) throw new AppError('conflict', MSG.alreadyClaimed);
    let balance: number | null = null;
    if (d.reward_cash !== null) {
      const money = await ledger.credit(tx, {
        tenantId: w.tenant.id,
        userId: w.userId,
        amount: d.reward_cash,
        type: 'bonus',
        account: 'cash',
        from: 'promotions',
        idempotencyKey: `missions:claim:${row.id}`,
        reference: `mission:${d.id}:${row.period}`,
        metadata: { mission_id: d.id },
      });
      await repo.setClaimTransaction(tx, row.id, money.transaction_id);
      balance = money.balance.cash;
      await publish(tx, {
        name: 'wallet.balance_updated',
        tenantId: w.tenant.id,
        userId: w.userId,
        payload: { balance: money.balance.cash, bonus: money.balance.bonus },
      });
    }
    let userBoxId: number | null = null;
    if (d.reward_box_id !== null) {
      const g = await grantBox(tx, {
        tenantId: w.tenant.id,
        userId: w.userId,
        boxId: d.reward_box_id,
        source: 'mission',
        key: `missions:claim:${row.id}`,
      });
      userBoxId = g.userBoxId;
    }
    await publish(tx, {
      name: 'missions.mission_updated',
      tenantId: w.tenant.id,
      userId: w.userId,
      payload: { id: d.id, state: 'claimed', progress: claimed.progress, target: claimed.target, assigned: false },
    });
    return { balance, row: claimed, userBoxId };
  });
  if (d.reward_offer_id !== null) await grantReward(db, w, d.reward_offer_id, paid.row);
  const message =
    d.reward_cash !== null
      ? MSG.claimedCash(d.reward_cash)[w.locale]
      : d.reward_box_id !== null
        ? MSG.claimedBox[w.locale]
        : MSG.claimedOffer[w.locale];
  // A disabled mission's reward is still paid; its view is then built from the claimed row alone.
  const mission =
    (await visible(db, w, id))[0] ??
    view(d, paid.row, null, {
      locale: w.locale,
      now: w.now,
      labels: await repo.labels(db, w.tenant.id, { games: [], categories: [] }),
      boxes: await rewardBoxes(db, w.tenant.id, [d]),
    });
  return { mission, balance: paid.balance, message, user_box_id: paid.userBoxId };
}

/**
 * A bonus-offer reward: promotions grants it in its own transaction, after the claim committed, under the key
 * missions:claim:<row> (a repeat answers the first grant). When promotions refuses it (the offer ended, its budget
 * ran out, a rule of the offer), the claim is put back to completed and the player gets promotions' reason.
 */
async function grantReward(db: Db, w: Who & { userId: number }, offerId: number, row: repo.PlayerRow) {
  try {
    await grantOffer(db, { tenant: w.tenant, userId: w.userId, offerId, key: `missions:claim:${row.id}`, now: w.now });
  } catch (err) {
    await repo.unclaim(db, { tenantId: w.tenant.id, userId: w.userId, id: row.id });
    throw err;
  }
}
