import { createHash, randomBytes } from 'node:crypto';
import type { CashoutQuote, CashoutReply, Locale } from '@sorte/contracts';
import type { Db } from '../../../platform/db/index';
import { AppError } from '../../../platform/errors';
import { publish } from '../../../platform/events/index';
import * as ledger from '../../ledger/index';
import * as rg from '../../responsible-gaming/index';
import { partialCashout } from '../pricing/cashout';
import { payout } from '../pricing/settle';
import { betView, cashoutLegs, cashoutValue, currentPrice } from './bets';
import { addExposure, exposureOf } from './limits';
import { MSG } from './messages';
import { pushBetUpdated, stakeKey } from './place';
import * as repo from './repo';

/**
 * Cash-out: a quote (pricing/cashout.ts's formula on the prices of this moment) valid a few seconds, then its
 * acceptance, whole or by percent. Accepting pays through the ledger (following the stake's cash/bonus split) in
 * one transaction with the bet's change, and only while the quote still stands: every open leg priced, the value
 * now at least the quoted one, the stake the one quoted.
 */

/** How long a quote stands: long enough to tap "accept", short enough that live prices have not run away. */
export const QUOTE_TTL_MS = 5_000;

type Who = repo.Who & { locale: Locale };

export async function quote(db: Db, w: Who, betId: number): Promise<CashoutQuote> {
  const bet = await repo.findBet(db, w, betId);
  if (!bet) throw new AppError('not_found', MSG.betNotFound);
  if (bet.status !== 'open') throw new AppError('validation', MSG.cashoutNotOpen);
  const legs = await repo.legsOf(db, [bet.id]);
  const amount = cashoutValue(bet, legs);
  if (amount === null) throw new AppError('validation', MSG.cashoutUnavailable);
  const prices = Object.fromEntries(legs.filter((l) => !l.result).map((l) => [l.outcome_id, currentPrice(l)!]));
  const id = randomBytes(18).toString('base64url');
  const expires = await repo.insertQuote(db, {
    ...w,
    id,
    betId: bet.id,
    amount,
    stake: bet.stake,
    prices,
    ttlMs: QUOTE_TTL_MS,
  });
  return { quote_id: id, amount, expires_at: new Date(expires).toISOString() };
}

export type AcceptInput = Who & { betId: number; quoteId: string; percent: number; key: string };

const hashOf = (a: AcceptInput) =>
  createHash('sha256')
    .update(JSON.stringify([a.betId, a.quoteId, a.percent]))
    .digest('hex');

function replay(q: repo.QuoteRow, hash: string): { body: CashoutReply; replayed: true } {
  if (q.request_hash !== hash) throw new AppError('conflict', MSG.cashoutKeyReused);
  return { body: q.response as CashoutReply, replayed: true };
}

export async function accept(db: Db, a: AcceptInput): Promise<{ body: CashoutReply; replayed: boolean }> {
  const hash = hashOf(a);
  const prior = await repo.quoteByKey(db, a, a.key);
  if (prior) return replay(prior, hash);
  let done: { tenantId: number; userId: number; id: number; status: string; payout: number } | null = null;
  try {
    const r = await db.transaction(async (tx) => {
      const bet = await repo.findBet(tx, a, a.betId, true);
      if (!bet) throw new AppError('not_found', MSG.betNotFound);
      const q = await repo.lockQuote(tx, a, a.quoteId);
      if (!q || q.bet_id !== bet.id)
        throw new AppError('validation', MSG.quoteNotFound, { quote_id: [MSG.quoteNotFound] });
      if (q.used_at) {
        // The same request again while its first run committed: the first answer.
        if (q.idempotency_key === a.key) return replay(q, hash);
        throw new AppError('conflict', MSG.quoteUsed);
      }
      if (bet.status !== 'open') throw new AppError('validation', MSG.cashoutNotOpen);
      if (q.expired) throw new AppError('validation', MSG.quoteExpired);
      if (q.stake !== bet.stake) throw new AppError('validation', MSG.quoteMoved);
      const legs = await repo.legsOf(tx, [bet.id], true);
      if (legs.some((l) => !l.result && currentPrice(l) === null))
        throw new AppError('validation', MSG.cashoutUnavailable);
      const now = cashoutValue(bet, legs);
      if (now === null) throw new AppError('validation', MSG.cashoutUnavailable);
      if (now < q.amount) throw new AppError('validation', MSG.quoteMoved);

      const closes = a.percent === 100;
      const { paid, stakeLeft } = closes
        ? { paid: q.amount, stakeLeft: bet.stake }
        : partialCashout(bet.stake, q.amount, a.percent);
      if (paid <= 0) throw new AppError('validation', MSG.cashoutTooSmall, { percent: [MSG.cashoutTooSmall] });
      // What the stake left pays if every open leg wins, the settled legs as they settled.
      const { settled, open } = cashoutLegs(legs);
      const potential = closes
        ? bet.potential_payout
        : payout(
            stakeLeft,
            [...settled, ...open.map((l) => ({ vf: 0 as const, won: true, odds: l.odds }))],
            bet.payout_cap,
          );
      const w = { tenantId: a.tenantId, userId: a.userId };
      await rg.play(tx, { ...w, win: paid });
      const money = await ledger.creditWin(tx, {
        ...w,
        amount: paid,
        stake: { key: stakeKey(bet.id) },
        idempotencyKey: `sports:bet:${bet.id}:cashout:${q.id}`,
        reference: `sports:bet:${bet.id}`,
        metadata: { percent: a.percent, quote: q.id },
      });
      await repo.applyCashout(tx, { id: bet.id, paid, stakeLeft, potentialPayout: potential, closes });
      // Every leg's outcome, settled ones too: the bet counted on each until it closes (as settlement releases it).
      await addExposure(
        tx,
        a.tenantId,
        legs,
        closes
          ? { liability: -exposureOf(bet), stakes: -bet.stake, bets: -1 }
          : {
              liability: exposureOf({ potential_payout: potential, stake: stakeLeft }) - exposureOf(bet),
              stakes: stakeLeft - bet.stake,
              bets: 0,
            },
        null,
      );
      await publish(tx, {
        name: 'wallet.balance_updated',
        ...w,
        payload: { balance: money.balance.cash, bonus: money.balance.bonus },
      });
      const after = (await repo.findBet(tx, a, bet.id))!;
      if (closes)
        await publish(tx, {
          name: 'sports.bet_settled',
          ...w,
          payload: {
            bet_id: bet.id,
            status: 'cashed_out',
            stake: after.original_stake,
            payout: after.payout,
            odds: after.odds,
            legs: legs.length,
            settlement_version: after.settlement_version,
          },
        });
      const legsAfter = await repo.legsOf(tx, [bet.id]);
      const body: CashoutReply = {
        bet: betView(after, legsAfter, a.locale, cashoutValue(after, legsAfter) !== null),
        paid,
        balance: money.balance.cash,
      };
      await repo.useQuote(tx, q.id, a.key, hash, body);
      done = { ...w, id: bet.id, status: after.status, payout: after.payout };
      return { body, replayed: false };
    });
    if (done) {
      const d = done as { tenantId: number; userId: number; id: number; status: string; payout: number };
      pushBetUpdated(d.tenantId, d.userId, d);
    }
    return r;
  } catch (e) {
    // The same key taken by a concurrent acceptance of another quote.
    if ((e as { code?: string }).code === '23505') throw new AppError('conflict', MSG.cashoutKeyReused);
    throw e;
  }
}
