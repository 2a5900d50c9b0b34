import type { BonusesReply, BonusState, Locale } from '@sorte/contracts';
import type { Db, Sql } from '../../platform/db/index';
import { AppError } from '../../platform/errors';
import type { Tenant } from '../../platform/tenancy';
import { findUserById } from '../auth/index';
import * as ledger from '../ledger/index';
import { bonusDto, endBonus, grant, refusalFor } from './bonuses';
import { syncCampaigns } from './freespins';
import { MSG } from './messages';
import { gamesOf } from './offers';
import { kindAllowed } from './policies';
import * as repo from './repo';

/** The player's and the operator's bonus use cases; each owns its transaction. */

const PER_PAGE = 15;

/** GET /wallet/bonuses?page=: the active bonus first, then the newest; 15 a page. */
export async function listBonuses(
  db: Db,
  o: { tenantId: number; userId: number; page: number; locale: Locale },
): Promise<BonusesReply> {
  const rows = await repo.listBonuses(db, {
    tenantId: o.tenantId,
    userId: o.userId,
    limit: PER_PAGE,
    offset: (o.page - 1) * PER_PAGE,
  });
  const total = rows[0]?.total ?? (o.page > 1 ? await repo.countBonuses(db, o.tenantId, o.userId) : 0);
  const offers = new Map((await repo.listOffers(db, o.tenantId)).map((x) => [x.id, x]));
  const balance = (await ledger.getBalance(db, o)).bonus;
  const active = await repo.activeBonus(db, o.tenantId, o.userId);
  const games = await gamesOf(db, o.tenantId, [...offers.values()]);
  return {
    data: rows.map((b) => bonusDto(b, offers.get(b.offer_id), balance, o.locale, games)),
    current_page: o.page,
    last_page: Math.max(1, Math.ceil(total / PER_PAGE)),
    per_page: PER_PAGE,
    total,
    active: active ? bonusDto(active, offers.get(active.offer_id), balance, o.locale, games) : null,
  };
}

/**
 * bonus:grant: the operator gives a player an offer (a deposit match needs the bonus amount, capped by the offer's
 * max). Every rule of a player's own redemption applies, regulated mode first.
 */
export async function grantByOperator(
  db: Db,
  o: { tenant: Tenant; userId: number; offerId: number; amount?: number; now?: Date },
) {
  const now = o.now ?? new Date();
  const user = await findUserById(db, o.tenant.id, o.userId);
  if (!user) throw new AppError('bad_request', `no player ${o.userId} on this tenant`);
  const offer = await repo.findOffer(db, o.tenant.id, o.offerId);
  if (!offer) throw new AppError('bad_request', `no offer ${o.offerId} on this tenant`);
  let amount = offer.amount ?? 0;
  if (offer.kind === 'deposit_match') {
    if (o.amount === undefined) throw new AppError('bad_request', 'a deposit_match offer needs --amount CENTAVOS');
    amount = Math.min(o.amount, offer.max_bonus ?? o.amount);
  }
  if (offer.kind !== 'free_spins' && (!Number.isSafeInteger(amount) || amount <= 0))
    throw new AppError('bad_request', 'the amount must be positive');
  const granted = await db.transaction(async (tx) => {
    await repo.lockPlayer(tx, o.tenant.id, o.userId);
    const wallet = await ledger.readWallet(tx, { tenantId: o.tenant.id, userId: o.userId });
    const refusal = await refusalFor(tx, {
      tenant: o.tenant,
      userId: o.userId,
      offer,
      cpf: user.cpf ?? null,
      depositCount: wallet.deposit_count,
      now,
    });
    if (refusal) throw new AppError('bad_request', `${refusal.message.en} (${refusal.code})`);
    const g = await grant(tx, {
      tenant: o.tenant,
      userId: o.userId,
      offer,
      amount,
      deposit: 0,
      cpf: user.cpf ?? null,
      source: 'ops',
      sourceRef: `ops:${now.toISOString()}`,
      key: `ops:${offer.id}:${o.userId}`,
      now,
    });
    return g.bonus;
  });
  return (await campaignsAfter(db, granted)) ?? granted;
}

/**
 * After a commit that may have activated or ended a free-spins bonus: tells its provider now (the job retries what
 * fails), and answers the bonus as it stands after that.
 */
async function campaignsAfter(db: Db, b: repo.BonusRow): Promise<repo.BonusRow | null> {
  await syncCampaigns(db, { tenantId: b.tenant_id, userId: Number(b.user_id) });
  return repo.findBonus(db, b.tenant_id, b.id);
}

/**
 * Grants an offer to a player as the reward of another module (a mission done, a VIP level reached, a friend
 * referred): a no-deposit credit or free spins, queued behind an active bonus like any other. `key` identifies the
 * reward (prefix it with your module: "missions:<mission id>:<player id>"): the same key answers the first grant
 * again (`replayed`), a new key may grant the same offer to the same player again. The offer's own rules apply
 * (regulated tenants give no pre-bet reward; active and in its dates; budget; new players only); a refusal is an
 * AppError 422 in the player's language (`bonus_regulated`, `coupon_not_eligible`); a deposit match is refused (it
 * needs a deposit). Free spins are created at the game's provider after the grant commits.
 */
export async function grantOffer(
  db: Db,
  o: {
    tenant: Tenant;
    userId: number;
    offerId: number;
    key: string;
    now?: Date;
    /** Runs in the grant's transaction after a new grant (not on a replay): the back office's audit row. */
    onGranted?: (tx: Sql, bonus: { id: number; offerId: number; amount: number; state: BonusState }) => Promise<void>;
  },
): Promise<{ bonusId: number; state: BonusState; replayed: boolean }> {
  const now = o.now ?? new Date();
  if (!/^[a-z][a-z0-9_-]*:.{1,190}$/.test(o.key))
    throw new AppError('bad_request', 'a reward key is "<module>:<what>" (at most 200 characters)');
  const offer = await repo.findOffer(db, o.tenant.id, o.offerId);
  if (!offer) throw new AppError('coupon_not_eligible', MSG.offerUnknown);
  if (!kindAllowed(o.tenant.settings, offer.kind)) throw new AppError('bonus_regulated', MSG.regulated);
  if (offer.kind === 'deposit_match') throw new AppError('coupon_not_eligible', MSG.couponNeedsDeposit);
  const user = await findUserById(db, o.tenant.id, o.userId);
  if (!user) throw new AppError('bad_request', `no player ${o.userId} on this tenant`);
  const g = await db.transaction(async (tx) => {
    await repo.lockPlayer(tx, o.tenant.id, o.userId);
    const earlier = await repo.findBonusByKey(tx, o.tenant.id, o.key);
    if (earlier) return { bonus: earlier, replayed: true };
    const wallet = await ledger.readWallet(tx, { tenantId: o.tenant.id, userId: o.userId });
    const refusal = await refusalFor(tx, {
      tenant: o.tenant,
      userId: o.userId,
      offer,
      cpf: user.cpf ?? null,
      depositCount: wallet.deposit_count,
      now,
      reward: true,
    });
    if (refusal) throw new AppError(refusal.code, refusal.message);
    const granted = await grant(tx, {
      tenant: o.tenant,
      userId: o.userId,
      offer,
      amount: offer.kind === 'free_spins' ? 0 : offer.amount!,
      deposit: 0,
      cpf: user.cpf ?? null,
      source: 'reward',
      sourceRef: o.key,
      key: o.key,
      now,
    });
    if (!granted.replayed)
      await o.onGranted?.(tx, {
        id: granted.bonus.id,
        offerId: o.offerId,
        amount: Number(granted.bonus.amount),
        state: granted.bonus.state,
      });
    return granted;
  });
  const bonus = g.replayed ? g.bonus : ((await campaignsAfter(db, g.bonus)) ?? g.bonus);
  return { bonusId: bonus.id, state: bonus.state, replayed: g.replayed };
}

/**
 * Why an offer of the tenant cannot be another module's reward (for its operator commands), or null: it must exist,
 * be active and be a no-deposit credit or free spins (a deposit match needs a deposit).
 */
export async function offerRewardProblem(sql: Sql, o: { tenantId: number; offerId: number }): Promise<string | null> {
  const offer = await repo.findOffer(sql, o.tenantId, o.offerId);
  if (!offer) return `no offer ${o.offerId} on this tenant (offer:list)`;
  if (!offer.active) return `offer ${o.offerId} is not active`;
  if (offer.kind === 'deposit_match') return `offer ${o.offerId} is a deposit match, which needs a deposit`;
  return null;
}

/** bonus:cancel: an available or active bonus ends as cancelled (an active one's money back to promotions). */
export async function cancelBonus(db: Db, o: { tenantId: number; id: number; now?: Date }) {
  const now = o.now ?? new Date();
  const found = await repo.findBonus(db, o.tenantId, o.id);
  if (!found) throw new AppError('bad_request', `no bonus ${o.id}`);
  const cancelled = await db.transaction(async (tx) => {
    await repo.lockPlayer(tx, found.tenant_id, found.user_id);
    const b = (await repo.findBonus(tx, o.tenantId, o.id))!;
    if (b.state !== 'available' && b.state !== 'active')
      throw new AppError('bad_request', `bonus ${b.id} is ${b.state}: only an available or active bonus is cancelled`);
    return endBonus(tx, b, { state: 'cancelled', reason: 'operator', now });
  });
  // Its free rounds are cancelled at the provider, and a queued free-spins bonus that activated gets its own.
  await syncCampaigns(db, { tenantId: found.tenant_id, userId: Number(found.user_id) });
  return cancelled;
}

/** Ends active bonuses past their time: their money returns to promotions and the next queued one activates. */
export async function expireDue(db: Db, now = new Date(), limit = 200): Promise<number> {
  let ended = 0;
  for (const due of await repo.expiredActive(db, now, limit)) {
    const done = await db.transaction(async (tx) => {
      await repo.lockPlayer(tx, due.tenantId, due.userId);
      const b = await repo.findBonus(tx, due.tenantId, due.id);
      if (b?.state !== 'active' || !b.expires_at || b.expires_at > now) return false;
      await endBonus(tx, b, { state: 'expired', reason: 'time', now });
      return true;
    });
    if (done) {
      ended++;
      await syncCampaigns(db, { tenantId: due.tenantId, userId: due.userId });
    }
  }
  return ended;
}
