import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseArgs, UsageError } from '../../platform/ops';
import { testApp } from '../../test/helpers';
import { checkLedger } from '../ledger/index';
import { POPULATE_COMMANDS, populate } from './populate';

/**
 * demo:populate on a small scale (the bench runs it at 100,000 players and 10 million rounds on PostgreSQL): valid
 * player data, the ledger clean after it, the rounds in the bet history, and a second run on the host refused.
 */

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
}, 120_000);
afterAll(() => app.close());

describe('demo:populate', () => {
  it('seeds players, deposits, rounds and withdrawals with a clean ledger, once per host', async () => {
    const r = await populate(app.db, { host: 'grande.test', players: 50, rounds: 3_000, days: 10, chunk: 1_000 });
    expect(r.players).toBe(50);
    const users = await app.db.query<{ email: string; phone: string; cpf: string; first_name: string }>(
      `select email, phone, cpf, first_name from users where tenant_id = $1`,
      [r.tenantId],
    );
    expect(users.rows).toHaveLength(50);
    for (const u of users.rows) {
      expect(u.email).toMatch(/^[a-z]+\.[a-z]+\.\d+@grande\.test\.populate\.test$/);
      expect(u.phone).toMatch(/^\+55[1-9]\d9\d{8}$/);
      expect(cpfValid(u.cpf)).toBe(true);
    }
    const kinds = await app.db.query<{ type: string; n: number }>(
      `select type, count(*)::int as n from ledger_transactions where tenant_id = $1 group by type order by type`,
      [r.tenantId],
    );
    const n = Object.fromEntries(kinds.rows.map((k) => [k.type, k.n]));
    expect(n.bet).toBe(3_000);
    expect(n.deposit).toBe(50);
    expect(n.withdraw).toBe(10);
    expect(n.win).toBeGreaterThan(1_000);
    const rounds = await app.db.query<{ n: number }>(
      'select count(*)::int as n from casino_rounds where tenant_id = $1',
      [r.tenantId],
    );
    expect(rounds.rows[0]!.n).toBe(3_000);
    const check = await checkLedger(app.db, r.tenantId);
    expect(check.problems).toEqual([]);
    await expect(
      populate(app.db, { host: 'grande.test', players: 5, rounds: 10, days: 1, chunk: 1_000 }),
    ).rejects.toThrow(UsageError);
  });

  it('refuses PGlite unless asked, with the reason', async () => {
    // On PostgreSQL the command would seed its full default size: only PGlite's refusal is checked here.
    if (app.db.kind !== 'pglite') return;
    const run = POPULATE_COMMANDS['demo:populate']!.run({ db: app.db }, parseArgs(['--host', 'x.test']));
    await expect(run).rejects.toThrow(/PostgreSQL/);
  });
});

function cpfValid(cpf: string): boolean {
  const d = [...cpf].map(Number);
  const check = (len: number) => {
    const s = d.slice(0, len).reduce((acc, x, i) => acc + x * (len + 1 - i), 0);
    return ((s * 10) % 11) % 10;
  };
  return d.length === 11 && check(9) === d[9] && check(10) === d[10];
}
