import type { Sql } from '../../platform/db/index';
import { publish } from '../../platform/events/index';
import { lockRound, takeStakeBack } from '../casino/index';
import * as wallet from '../ledger/index';

/**
 * Cancels a player's open provider rounds that paid nothing yet and gives their stakes back through the ledger, as
 * the provider's own rollback would (each stake reversed once, under a key of its own), when play stops for them
 * (self-exclusion, closure, the national list). A win or stake the provider sends for such a round later is refused
 * as for any rolled-back round. Rounds that already paid keep their stakes.
 */
export async function cancelOpenRounds(
  tx: Sql,
  w: { tenantId: number; userId: number },
): Promise<{ count: number; refunded: number }> {
  const { rows: stakes } = await tx.query<{
    id: number;
    provider_id: number;
    code: string;
    tx_id: string;
    round_id: string;
    amount: number;
  }>(
    `select t.id, t.provider_id, p.code, t.tx_id, t.round_id, t.amount from provider_transactions t
        join game_providers p on p.tenant_id = t.tenant_id and p.id = t.provider_id
      where t.tenant_id = $1 and t.user_id = $2 and t.kind = 'bet' and t.status = 'ok' and exists (
        select 1 from casino_rounds r where r.tenant_id = t.tenant_id and r.provider_id = t.provider_id
          and r.round_id = t.round_id and r.status = 'open' and r.win_total = 0)
      order by t.id`,
    [w.tenantId, w.userId],
  );
  let count = 0;
  let refunded = 0;
  for (const s of stakes) {
    const round = await lockRound(tx, { tenantId: w.tenantId, providerId: s.provider_id, roundId: s.round_id });
    if (round?.status !== 'open' || round.win_total > 0) continue;
    await wallet.reverse(tx, {
      tenantId: w.tenantId,
      originalKey: `casino:${s.provider_id}:${s.tx_id}`,
      idempotencyKey: `casino:${s.provider_id}:cancel:${s.tx_id}`,
      reference: `round:${s.code}:${s.round_id}`,
      type: 'refund',
    });
    await tx.query("update provider_transactions set status = 'rolled_back' where id = $1", [s.id]);
    if (await takeStakeBack(tx, round, s.amount))
      await publish(tx, {
        name: 'casino.round_rolled_back',
        tenantId: w.tenantId,
        userId: w.userId,
        payload: {
          provider: s.code,
          round_id: s.round_id,
          transaction: s.tx_id,
          game_id: round.game_id,
          user_id: w.userId,
          amount: s.amount,
        },
      });
    count++;
    refunded += s.amount;
  }
  return { count, refunded };
}
