import type { Db, Sql } from '../../platform/db/index';
import * as ledger from '../ledger/index';
import { announce, endBonus, inSpins } from './bonuses';
import * as repo from './repo';

/**
 * Free spins. A free-spins bonus is granted like any bonus (queued behind an active one), with no money: when it
 * activates, a free-rounds campaign `fs-<bonus id>` is created at the game's provider (player, game, spins, stake
 * per spin, expiry). The provider plays the spins at no cost and reports each spin's win with the campaign id; the
 * providers module hands each one to `freeSpinWin` in its own transaction, which pays the win into the player's
 * bonus balance and grows the bonus by it. After the last spin the winnings wager like any bonus (the offer's
 * multiplier times the winnings); with nothing won the bonus completes with nothing. When the bonus ends before
 * (expiry, withdrawal, operator) the campaign is cancelled at the provider.
 *
 * Calls to the provider never run inside a transaction: the campaign's state on the bonus (pending -> live,
 * closing -> closed) says what is still to tell it; `syncCampaigns` tells it after each commit that changed one,
 * and the job retries what did not get through.
 */

/** What promotions asks of the game providers (the providers module's free rounds, handed over by app.ts). */
export type FreeRoundsPort = {
  /** Creates the campaign at the game's provider; again with the same id answers the same. 'refused': never will. */
  grant(
    db: Db,
    c: {
      tenantId: number;
      userId: number;
      campaignId: string;
      gameCode: string;
      rounds: number;
      bet: number;
      expiresAt: Date;
    },
  ): Promise<'ok' | 'refused'>;
  /** Cancels the campaign's spins not played yet (a campaign unknown to the provider is cancelled already). */
  cancel(db: Db, c: { tenantId: number; campaignId: string }): Promise<void>;
};

let port: FreeRoundsPort | null = null;

export function useFreeRounds(p: FreeRoundsPort): void {
  port = p;
}

export const campaignOf = (bonusId: number) => `fs-${bonusId}`;

/**
 * Tells the providers what changed: creates the campaigns of free-spins bonuses that activated and cancels those of
 * bonuses that ended. Each is marked done only after the provider answered; a failure stays due for the next run.
 * Answers how many were done.
 */
export async function syncCampaigns(
  db: Db,
  o: { tenantId?: number; userId?: number; now?: Date; log?: (err: unknown) => void } = {},
): Promise<number> {
  if (!port) return 0;
  let done = 0;
  for (const b of await repo.campaignsDue(db, o)) {
    const c = { tenantId: b.tenant_id, campaignId: campaignOf(b.id) };
    try {
      if (b.free_spins_campaign === 'closing') {
        await port.cancel(db, c);
        if (await repo.setCampaign(db, { tenantId: b.tenant_id, id: b.id, from: 'closing', to: 'closed' })) done++;
        continue;
      }
      const offer = (await repo.findOffer(db, b.tenant_id, b.offer_id))!;
      const answer = await port.grant(db, {
        ...c,
        userId: b.user_id,
        gameCode: offer.free_spins_game!,
        rounds: b.free_spins! - b.free_spins_used,
        bet: offer.free_spins_bet!,
        expiresAt: b.expires_at!,
      });
      if (answer === 'refused') {
        // The provider will never play these spins (the game left its catalog): the bonus ends, nothing was won.
        await db.transaction(async (tx) => {
          await repo.lockPlayer(tx, b.tenant_id, b.user_id);
          const now = await repo.findBonus(tx, b.tenant_id, b.id);
          if (now?.state === 'active')
            await endBonus(tx, now, { state: 'cancelled', reason: 'provider_refused', now: o.now ?? new Date() });
        });
        continue;
      }
      // Ended meanwhile: its state is 'closing' now, and the next run cancels what was just created.
      if (await repo.setCampaign(db, { tenantId: b.tenant_id, id: b.id, from: 'pending', to: 'live' })) done++;
    } catch (err) {
      o.log?.(err);
    }
  }
  return done;
}

/**
 * One free spin reported by the provider, inside its transaction (after it counted the spin on its campaign): the
 * player's free-spins bonus `campaignId` must be active with spins left. `pay` credits a win through the ledger
 * into the bonus balance (the providers module's movement, under its transaction id). After the last spin the bonus
 * completes with nothing when nothing was won, or wagers its winnings. False refuses the spin (nothing written).
 */
export async function freeSpinWin(
  tx: Sql,
  w: { tenantId: number; userId: number; campaignId: string; win: number; now: Date; pay: () => Promise<unknown> },
): Promise<boolean> {
  const m = /^fs-(\d{1,18})$/.exec(w.campaignId);
  if (!m) return false;
  await repo.lockPlayer(tx, w.tenantId, w.userId);
  const b = await repo.findBonus(tx, w.tenantId, Number(m[1]));
  if (!b || Number(b.user_id) !== w.userId || b.state !== 'active' || !inSpins(b)) return false;
  const offer = (await repo.findOffer(tx, w.tenantId, b.offer_id))!;
  if (w.win > 0) await w.pay();
  const spun = await repo.addFreeSpin(tx, {
    tenantId: w.tenantId,
    id: b.id,
    userId: w.userId,
    win: w.win,
    wagering: offer.wagering,
  });
  if (!spun) return false;
  const balance = (await ledger.getBalance(tx, w)).bonus;
  if (!inSpins(spun)) {
    if (spun.amount === 0) {
      await endBonus(tx, spun, { state: 'completed', reason: 'no_winnings', now: w.now });
      return true;
    }
    if (spun.wagering_done >= spun.wagering_required) {
      await endBonus(tx, spun, { state: 'completed', reason: 'wagering_done', now: w.now });
      return true;
    }
    if (balance === 0 && !(await repo.openBonusRound(tx, w.tenantId, w.userId))) {
      await endBonus(tx, spun, { state: 'forfeited', reason: 'balance_spent', now: w.now });
      return true;
    }
  }
  await announce(tx, spun, balance);
  return true;
}
