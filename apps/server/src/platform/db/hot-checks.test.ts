import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../test/helpers';
import { cashOf, demoTenantId, fundedPlayer } from '../../test/modules';

/**
 * The rules of the hot tables, kept as domains (the baseline) and column triggers (functions/*_check.sql): the
 * database itself refuses a write that breaks one, with check_violation, whatever code path sends it.
 */
let app: FastifyInstance;
let tenantId: number;
let userId: number;
beforeAll(async () => {
  app = await testApp({ logLevel: 'error' });
  tenantId = await demoTenantId(app);
  userId = (await fundedPlayer(app, 1_000)).id;
});
afterAll(() => app.close());

const refused = async (sql: string, params: unknown[] = []) => {
  const e = await app.db.query(sql, params).then(
    () => null,
    (err: { code?: string }) => err,
  );
  expect(e?.code, sql).toBe('23514');
};

describe('the hot tables refuse what their rules forbid', () => {
  it('ledger: no negative balance, no account with the wrong owner, no zero entry, no unknown type', async () => {
    await refused("update ledger_accounts set balance = balance - 1001 where user_id = $1 and kind = 'cash'", [userId]);
    expect(await cashOf(app, userId)).toBe(1_000);
    await refused("update ledger_accounts set kind = 'house' where user_id = $1 and kind = 'cash'", [userId]);
    await refused("update ledger_accounts set user_id = null where user_id = $1 and kind = 'bonus'", [userId]);
    await refused("update ledger_accounts set kind = 'gold' where user_id = $1 and kind = 'bonus'", [userId]);
    await refused('insert into ledger_entries (transaction_id, account_id, amount) values (1, 1, 0)');
    await refused(
      `insert into ledger_transactions (tenant_id, user_id, type, reference, idempotency_key, request_hash, result,
          metadata)
        values ($1, $2, 'gift', 'r', 'k-gift', 'h', '{}', '{}')`,
      [tenantId, userId],
    );
    await refused(
      `insert into ledger_transactions (tenant_id, user_id, type, reference, idempotency_key, request_hash, result,
          metadata)
        values ($1, $2, 'bet', 'r', '', 'h', '{}', '{}')`,
      [tenantId, userId],
    );
  });

  it('casino: provider transactions and rounds take only their known kinds and states', async () => {
    const insertTx = (txId: string, kind: string, amount: number, status: string) =>
      refused(
        `insert into provider_transactions (tenant_id, provider_id, tx_id, kind, amount, status, response)
          values ($1, 1, $2, $3, $4, $5, '{}')`,
        [tenantId, txId, kind, amount, status],
      );
    await insertTx('t-1', 'payout', 100, 'ok');
    await insertTx('t-2', 'bet', -1, 'ok');
    await insertTx('t-3', 'bet', 100, 'pending');
    await insertTx('', 'bet', 100, 'ok');
    await insertTx('x'.repeat(101), 'bet', 100, 'ok');
    await refused(
      `insert into casino_rounds (tenant_id, provider_id, round_id, user_id, game_id, bet_total, status)
        values ($1, 1, 'r-void', $2, 1, 100, 'void')`,
      [tenantId, userId],
    );
  });

  it('originals: a seed pair is active exactly while its server seed is unrevealed', async () => {
    const hex = 'a'.repeat(64);
    await refused(
      `insert into originals_seed_pairs (tenant_id, user_id, server_seed, server_seed_hash, client_seed, active,
          revealed_at)
        values ($1, $2, $3, $3, 'seed', true, now())`,
      [tenantId, userId, hex],
    );
    const { rows } = await app.db.query<{ id: number }>(
      `insert into originals_seed_pairs (tenant_id, user_id, server_seed, server_seed_hash, client_seed)
        values ($1, $2, $3, $3, 'seed') returning id`,
      [tenantId, userId, hex],
    );
    await refused('update originals_seed_pairs set active = false where id = $1', [rows[0]!.id]);
    await refused('update originals_seed_pairs set nonce = -1 where id = $1', [rows[0]!.id]);
  });
});
