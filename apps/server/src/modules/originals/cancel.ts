import type { Sql } from '../../platform/db/index';
import * as wallet from '../ledger/index';

export type CancelledBets = { count: number; refunded: number };

/**
 * Cancels every open Originals bet of a player and gives each stake back through the ledger (a Mines round in
 * play; Crash and Double bets of a round not yet over), when play stops for them (self-exclusion, closure, the
 * national list). Each refund has its own idempotency key, the one the game's own refunds use, so a refund is never
 * paid twice; a Mines round is settled at 1.00x and marked cancelled, and no settled-round event is published.
 */
export async function cancelOpenBets(tx: Sql, w: { tenantId: number; userId: number }): Promise<CancelledBets> {
  let count = 0;
  let refunded = 0;
  const { rows: mines } = await tx.query<{ id: number; amount: number }>(
    `update originals_bets set status = 'settled', payout = amount, multiplier_e4 = 10000,
        outcome = outcome || '{"cancelled": true}'::jsonb, settled_at = now()
      where tenant_id = $1 and user_id = $2 and status = 'open' returning id, amount`,
    [w.tenantId, w.userId],
  );
  for (const b of mines) {
    await wallet.creditWin(tx, {
      ...w,
      type: 'refund',
      amount: b.amount,
      idempotencyKey: `originals:refund:mines:${b.id}`,
      reference: `originals:mines:${b.id}`,
      // Each part back where the stake took it from (a bonus removed meanwhile: its part to promotions).
      stake: { key: `originals:bet:${b.id}` },
    });
    count++;
    refunded += b.amount;
  }
  const { rows: rounds } = await tx.query<{ id: number; amount: number; round_id: number; game: string }>(
    `update originals_round_bets b set status = 'refunded', payout = b.amount, settled_at = now()
      from originals_rounds r
      where r.id = b.round_id and r.status in ('betting', 'running') and b.tenant_id = $1 and b.user_id = $2
        and b.status = 'open'
      returning b.id, b.amount, b.round_id, r.game`,
    [w.tenantId, w.userId],
  );
  for (const b of rounds) {
    await wallet.creditWin(tx, {
      ...w,
      type: 'refund',
      amount: b.amount,
      idempotencyKey: `originals:refund:${b.game}:${b.id}`,
      reference: `originals:${b.game}:round:${b.round_id}`,
      stake: { key: `originals:bet:${b.game}:${b.id}` },
    });
    count++;
    refunded += b.amount;
  }
  return { count, refunded };
}
