import type { Bonus, ContributionCategory, Locale } from '@sorte/contracts';
import type { Db, Sql } from '../../platform/db/index';
import { AppError } from '../../platform/errors';
import { publish } from '../../platform/events/index';
import type { Tenant } from '../../platform/tenancy';
import * as ledger from '../ledger/index';
import { MSG } from './messages';
import { kindAllowed } from './policies';
import * as repo from './repo';
import { freeSpinsGameDto } from './spins-game';

/**
 * The bonus engine: grants, the one active bonus per player and its queue, wagering, completion, expiry, forfeit.
 * Every function here runs in the caller's transaction AFTER `repo.lockPlayer` for the player, so the state of a
 * player's bonuses and their bonus balance change together and in one order.
 */

type Who = { tenantId: number; userId: number };

/** What a bonus's money is booked under: one key per movement, so a repeat never moves it twice. */
const keyOf = (bonusId: number, what: 'credit' | 'rollover' | 'remove') => `promotions:bonus:${bonusId}:${what}`;

/** Wagering required: the multiplier times the bonus, or the bonus plus the deposit that earned it; rounded up. */
export function wageringFor(offer: repo.OfferRow, bonus: number, deposit: number): number {
  const base = offer.wagering_base === 'bonus_deposit' ? bonus + deposit : bonus;
  return Math.ceil((Math.round(offer.wagering * 100) * base) / 100);
}

/** The deposit match of an amount: the offer's percent of it, floored to the centavo, capped at its max bonus. */
export function matchFor(offer: repo.OfferRow, deposit: number): number {
  const raw = Math.floor((Math.round((offer.percent ?? 0) * 100) * deposit) / 10_000);
  return Math.min(raw, offer.max_bonus ?? raw);
}

/** Houses edges are compared with this one: an Originals game with a 4% edge counts like a slot. */
const REFERENCE_EDGE_BP = 400;

export const DEFAULT_CONTRIBUTIONS: Record<ContributionCategory, number> = {
  slots: 100,
  table: 15,
  live: 10,
  originals: 100,
  other: 50,
  sports: 100,
};

/**
 * A sports bet counts towards a bonus's wagering only at total odds of 1.50 or more (x 10,000): below that a player
 * could turn bonus money into cash by backing near-certainties, the rule sportsbooks publish in their bonus terms.
 */
export const SPORTS_MIN_ODDS = 15_000;

/** The share of a settled sports bet's stake that counts, by its total odds. */
export function sportsContributionPercent(offer: Pick<repo.OfferRow, 'contributions'>, odds: number): number {
  if (odds < SPORTS_MIN_ODDS) return 0;
  return offer.contributions.sports ?? DEFAULT_CONTRIBUTIONS.sports;
}

/** The catalog's game kinds by contribution category (anything else counts as `other`). */
function categoryOf(game: repo.GameForWagering): ContributionCategory {
  if (game.provider === 'sorte-originals') return 'originals';
  const t = `${game.type} ${game.category_slug}`;
  if (/\blive/.test(t)) return 'live';
  if (/slot/.test(t)) return 'slots';
  if (/roulette|blackjack|baccarat|table|poker|craps/.test(t)) return 'table';
  return 'other';
}

/**
 * Percent of a stake on this game that counts towards the wagering. An excluded game (by the offer, or marked
 * bonus_allowed = false in the catalog) counts 0. An Originals game counts its category's percent scaled by its
 * house edge against 4% (dice at 1% edge counts a quarter), never above 100: a low-edge game cannot clear a bonus
 * at little cost.
 */
export function contributionPercent(
  offer: Pick<repo.OfferRow, 'contributions' | 'excluded_game_ids'>,
  gameId: number | null,
  game: repo.GameForWagering | null,
) {
  if (gameId === null || game === null || !game.bonus_allowed || offer.excluded_game_ids.includes(gameId)) return 0;
  const category = categoryOf(game);
  const base = offer.contributions[category] ?? DEFAULT_CONTRIBUTIONS[category];
  if (category !== 'originals') return base;
  const edge = Math.max(0, 10_000 - game.rtp_bp);
  return Math.min(100, (base * edge) / REFERENCE_EDGE_BP);
}

async function bonusBalance(tx: Sql, who: Who): Promise<number> {
  return (await ledger.getBalance(tx, who)).bonus;
}

export async function announce(tx: Sql, b: repo.BonusRow, balance: number) {
  await publish(tx, {
    name: 'promotions.bonus_updated',
    tenantId: b.tenant_id,
    userId: b.user_id,
    payload: {
      id: b.id,
      offer_id: b.offer_id,
      state: b.state,
      amount: b.amount,
      balance: b.state === 'active' ? balance : 0,
      wagering_required: b.wagering_required,
      wagering_done: Math.min(b.wagering_done, b.wagering_required),
      converted: b.converted,
      expires_at: b.expires_at ? b.expires_at.toISOString() : null,
    },
  });
}

/** Activates a queued bonus: its money moves from the tenant's promotions account into the player's bonus balance. */
async function activate(tx: Sql, b: repo.BonusRow, now: Date): Promise<repo.BonusRow> {
  const offer = (await repo.findOffer(tx, b.tenant_id, b.offer_id))!;
  const active = (await repo.markActive(tx, { tenantId: b.tenant_id, id: b.id, now, days: offer.days }))!;
  // A free-spins bonus starts with no money: its spins' wins come in one by one (freeSpinWin).
  if (b.amount === 0) {
    await announce(tx, active, await bonusBalance(tx, { tenantId: b.tenant_id, userId: b.user_id }));
    return active;
  }
  const r = await ledger.credit(tx, {
    tenantId: b.tenant_id,
    userId: b.user_id,
    amount: b.amount,
    type: 'bonus',
    account: 'bonus',
    from: 'promotions',
    idempotencyKey: keyOf(b.id, 'credit'),
    reference: `bonus:${b.id}`,
    metadata: { offer_id: b.offer_id },
  });
  await announce(tx, active, r.balance.bonus);
  return active;
}

/** Activates the oldest queued bonus when none is active. */
export async function activateNext(tx: Sql, who: Who, now: Date): Promise<repo.BonusRow | null> {
  if (await repo.activeBonus(tx, who.tenantId, who.userId)) return null;
  const next = await repo.nextQueued(tx, who.tenantId, who.userId);
  return next ? activate(tx, next, now) : null;
}

export type EndState = 'completed' | 'expired' | 'cancelled' | 'forfeited';

/**
 * Ends a bonus. An active one gives back its money: on completion the bonus balance, up to the conversion cap,
 * becomes cash (a `rollover`) and the rest returns to the promotions account; on any other end all of it returns.
 * Then the next queued bonus activates.
 */
export async function endBonus(
  tx: Sql,
  b: repo.BonusRow,
  o: { state: EndState; reason: string; now: Date },
): Promise<repo.BonusRow> {
  const who = { tenantId: b.tenant_id, userId: b.user_id };
  let converted = 0;
  if (b.state === 'active') {
    const balance = await bonusBalance(tx, who);
    if (o.state === 'completed') {
      const offer = (await repo.findOffer(tx, b.tenant_id, b.offer_id))!;
      converted = Math.min(balance, offer.max_conversion ?? balance);
      if (converted > 0)
        await ledger.transfer(tx, {
          ...who,
          amount: converted,
          type: 'rollover',
          from: 'bonus',
          to: 'cash',
          idempotencyKey: keyOf(b.id, 'rollover'),
          reference: `bonus:${b.id}`,
        });
    }
    const rest = balance - converted;
    if (rest > 0)
      await ledger.debit(tx, {
        ...who,
        amount: rest,
        type: 'adjustment',
        account: 'bonus',
        to: 'promotions',
        idempotencyKey: keyOf(b.id, 'remove'),
        reference: `bonus:${b.id}`,
        metadata: { reason: o.reason },
      });
  }
  const ended = await repo.markEnded(tx, { tenantId: b.tenant_id, id: b.id, ...o, converted });
  if (!ended) return b;
  await announce(tx, ended, 0);
  if (b.state === 'active') await activateNext(tx, who, o.now);
  return ended;
}

/** Why an offer may not be granted to this player now, or null. */
export async function refusalFor(
  tx: Sql,
  o: {
    tenant: Tenant;
    userId: number;
    offer: repo.OfferRow;
    cpf: string | null;
    depositCount: number;
    now: Date;
    /** A reward from another module: the same offer may reward a player again (its key tells the grants apart). */
    reward?: boolean;
  },
): Promise<{
  code: 'bonus_regulated' | 'coupon_not_eligible' | 'coupon_already_used';
  message: { pt: string; en: string };
} | null> {
  const { offer } = o;
  if (!kindAllowed(o.tenant.settings, offer.kind)) return { code: 'bonus_regulated', message: MSG.regulated };
  if (!offer.active || (offer.starts_at && offer.starts_at > o.now) || (offer.ends_at && offer.ends_at <= o.now))
    return { code: 'coupon_not_eligible', message: MSG.couponExpired };
  if (offer.new_players_only && o.depositCount > 0)
    return { code: 'coupon_not_eligible', message: MSG.couponNewPlayers };
  // A look at the budget so a check answers what a redemption would; the grant's conditional update decides.
  const spent =
    (offer.budget_count !== null && offer.granted_count >= offer.budget_count) ||
    (offer.budget_amount !== null && offer.granted_amount + (offer.amount ?? 1) > offer.budget_amount);
  if (spent) return { code: 'coupon_not_eligible', message: MSG.couponBudget };
  if (o.reward) return null;
  const taken = await repo.offerTaken(tx, {
    tenantId: o.tenant.id,
    offerId: offer.id,
    userId: o.userId,
    cpf: offer.once_per_cpf ? o.cpf : null,
  });
  if (taken === 'player') return { code: 'coupon_already_used', message: MSG.couponOfferTaken };
  if (taken === 'cpf') return { code: 'coupon_not_eligible', message: MSG.couponCpfTaken };
  return null;
}

/**
 * Grants an offer to a player (the caller holds the player lock and checked `refusalFor`): the bonus is queued,
 * counted against the offer's budget, and activated at once when no other bonus is active. The same idempotency
 * key answers the first grant again.
 */
export async function grant(
  tx: Sql,
  o: {
    tenant: Tenant;
    userId: number;
    offer: repo.OfferRow;
    amount: number;
    deposit: number;
    cpf: string | null;
    source: repo.BonusRow['source'];
    sourceRef: string;
    key: string;
    now: Date;
  },
): Promise<{ bonus: repo.BonusRow; replayed: boolean }> {
  const earlier = await repo.findBonusByKey(tx, o.tenant.id, o.key);
  if (earlier) return { bonus: earlier, replayed: true };
  const spins = o.offer.kind === 'free_spins';
  // A free-spins bonus is worth nothing until its spins win: it starts at 0 and grows by each spin's win.
  if (!Number.isSafeInteger(o.amount) || o.amount < 0 || (o.amount === 0) !== spins)
    throw new AppError('validation', { pt: 'Valor de bônus inválido.', en: 'Invalid bonus amount.' });
  if (!(await repo.reserveBudget(tx, { tenantId: o.tenant.id, offerId: o.offer.id, amount: o.amount })))
    throw new AppError('coupon_not_eligible', MSG.couponBudget);
  const inserted = await repo.insertBonus(tx, {
    tenant_id: o.tenant.id,
    user_id: o.userId,
    offer_id: o.offer.id,
    amount: o.amount,
    deposit_amount: o.deposit,
    wagering_required: wageringFor(o.offer, o.amount, o.deposit),
    free_spins: spins ? o.offer.free_spins : null,
    source: o.source,
    source_ref: o.sourceRef,
    idempotency_key: o.key,
    cpf: o.offer.once_per_cpf ? o.cpf : null,
  });
  // The unique keys (once per player, once per CPF) refused it: the caller's look raced another grant.
  if (!inserted) throw new AppError('coupon_already_used', MSG.couponOfferTaken);
  const active = await activateNext(tx, { tenantId: o.tenant.id, userId: o.userId }, o.now);
  if (active?.id === inserted.id) return { bonus: active, replayed: false };
  await announce(tx, inserted, 0);
  return { bonus: inserted, replayed: false };
}

/**
 * Counts a settled stake towards the active bonus (once per event). A stake above the offer's max bet counts
 * nothing. When the wagering is done the bonus completes; when the bonus balance is spent before, and no provider
 * round staked with bonus money is still open, it is lost (forfeited, reason `balance_spent`): there is nothing left
 * to convert.
 */
export async function applyStake(
  tx: Sql,
  o: Who & { eventKey: string; gameId: number | null; bet: number; now: Date; sportsOdds?: number },
): Promise<repo.BonusRow | null> {
  const ctx = await repo.wageringContext(tx, o);
  if (!ctx) return null;
  const { bonus: active, offer, game } = ctx;
  const overMax = offer.max_bet !== null && o.bet > offer.max_bet;
  const percent =
    o.sportsOdds !== undefined
      ? sportsContributionPercent(offer, o.sportsOdds)
      : contributionPercent(offer, o.gameId, game);
  const counted = overMax ? 0 : Math.floor((o.bet * percent) / 100);
  const updated = await repo.addWager(tx, {
    tenantId: o.tenantId,
    eventKey: o.eventKey,
    bonusId: active.id,
    stake: o.bet,
    counted,
  });
  if (!updated) return active;
  // While a free-spins bonus still has spins to play, its winnings (and the wagering they ask) are still growing:
  // it neither completes nor is lost yet; the last spin decides (freeSpinWin).
  if (inSpins(updated)) return updated;
  if (updated.wagering_done >= updated.wagering_required)
    return endBonus(tx, updated, { state: 'completed', reason: 'wagering_done', now: o.now });
  const balance = await bonusBalance(tx, o);
  // Spent, unless a provider round staked with bonus money is still open: its win may pay back into the bonus.
  if (balance === 0 && !(await repo.openBonusRound(tx, o.tenantId, o.userId)))
    return endBonus(tx, updated, { state: 'forfeited', reason: 'balance_spent', now: o.now });
  // The player's bar shows progress to a tenth of a percent: a stake that does not move it is not announced.
  const tenths = (done: number) =>
    Math.floor((Math.min(done, updated.wagering_required) * 1000) / updated.wagering_required);
  if (counted > 0 && tenths(updated.wagering_done) !== tenths(updated.wagering_done - counted))
    await announce(tx, updated, balance);
  return updated;
}

/**
 * Before a withdrawal: with an active bonus the request is refused (422 `bonus_active`) unless the player agreed to
 * forfeit it, in which case it is forfeited in its own transaction, committed before the withdrawal's. Only the
 * active bonus is lost: queued ones were never in the balance, and the next one activates as usual.
 */
export async function beforeWithdrawal(db: Db, o: Who & { forfeitBonus: boolean; now?: Date }): Promise<void> {
  if (!(await repo.hasActiveBonus(db, o.tenantId, o.userId))) return;
  if (!o.forfeitBonus) throw new AppError('bonus_active', MSG.bonusActive, { forfeit_bonus: [MSG.bonusActive] });
  await db.transaction(async (tx) => {
    await repo.lockPlayer(tx, o.tenantId, o.userId);
    const active = await repo.activeBonus(tx, o.tenantId, o.userId);
    if (active) await endBonus(tx, active, { state: 'forfeited', reason: 'withdrawal', now: o.now ?? new Date() });
  });
}

/** A free-spins bonus whose spins are not all played yet. */
export const inSpins = (b: repo.BonusRow) => b.free_spins !== null && b.free_spins_used < b.free_spins;

/** A bonus as the player sees it. */
export function bonusDto(
  b: repo.BonusRow,
  offer: repo.OfferRow | undefined,
  balance: number,
  locale: Locale,
  games?: Map<string, repo.FreeSpinsGame>,
): Bonus {
  return {
    id: b.id,
    offer_id: b.offer_id,
    offer_name: offer ? (locale === 'en' ? offer.name_en : offer.name_pt) : '',
    kind: offer?.kind ?? 'no_deposit',
    state: b.state,
    amount: b.amount,
    balance: b.state === 'active' ? balance : 0,
    wagering_required: b.wagering_required,
    wagering_done: Math.min(b.wagering_done, b.wagering_required),
    max_bet: offer?.max_bet ?? null,
    max_conversion: offer?.max_conversion ?? null,
    converted: b.converted,
    created_at: b.created_at.toISOString(),
    activated_at: b.activated_at?.toISOString() ?? null,
    expires_at: b.expires_at?.toISOString() ?? null,
    ended_at: b.ended_at?.toISOString() ?? null,
    free_spins:
      b.free_spins === null
        ? null
        : {
            total: b.free_spins,
            used: b.free_spins_used,
            bet: offer?.free_spins_bet ?? 0,
            game: offer?.free_spins_game ? freeSpinsGameDto(games?.get(offer.free_spins_game)) : null,
            ready: b.state === 'active' && b.free_spins_campaign === 'live',
          },
  };
}
