import type { Db, Sql } from '../../platform/db/index';
import { type Command, int, type Parsed, UsageError } from '../../platform/ops';
import { bulkSeededPlayers, bulkSeedPlayers } from '../auth/index';
import { bulkSeedRounds, populateGamePool } from '../casino/index';
import { bulkSeedMoves, bulkSeedRoundMoney, cashBalances } from '../ledger/index';
import { createTenant, findTenantByHost } from '../tenants/index';

/**
 * demo:populate: a big tenant for the back office's bench and screens (players with activity, deposits, withdrawals,
 * rounds of Originals and the catalog's games, the ledger consistent with every balance). Each module writes its own
 * rows through its bulk-seed functions, set-based (generate_series, one statement per chunk of rounds), so
 * millions of rounds take minutes. Runs once per host: a host already populated is refused.
 */

const USAGE =
  'demo:populate --host H [--players 100000] [--rounds 10000000] [--days 90] [--chunk 200000] [--allow-pglite]';

/** The e-mail domain of a host's generated players: how a second run knows the host was populated. */
export const populateDomain = (host: string) => `${host.replace(/[^a-z0-9.-]/g, '')}.populate.test`;

const optInt = (args: Parsed, name: string, dflt: number, min: number) =>
  args.flags[name] === undefined ? dflt : int(args, name, USAGE, min);

/** The session's plan of rounds r in [from, to): player, stake, payout, game and time, all from r alone. */
async function planRounds(
  tx: Sql,
  o: { from: number; to: number; total: number; days: number; users: number[]; pool: Pool },
) {
  await tx.query('drop table if exists pop_rounds');
  await tx.query(
    `create temp table pop_rounds on commit drop as
     with h as (
       select r, (r::bigint * 2654435761) % 4294967296 as h from generate_series($1::bigint, $2::bigint - 1) r
     ), p as (
       select r, ($4::bigint[])[1 + r % cardinality($4::bigint[])] as u,
         100 * (1 + h % 50) as stake,
         -- 48% of rounds pay twice the stake: a 96% return, as a game's RTP.
         case when (h / 50) % 10000 < 4800 then 200 * (1 + h % 50) else 0 end as payout,
         1 + (h / 500000) % cardinality($5::text[]) as gi,
         now() - make_interval(days => $6::int) + make_interval(secs => r * 1.0 / $3::bigint * $6::int * 86400) as at
       from h
     )
     select p.r, p.u, p.stake, p.payout, ($5::text[])[p.gi] as product, ($7::text[])[p.gi] as code,
       ($8::bigint[])[p.gi] as game_id, ($9::text[])[p.gi] as provider, p.at
     from p`,
    [
      o.from,
      o.to,
      o.total,
      o.users,
      o.pool.map((g) => (g.originals ? 'originals' : 'casino')),
      o.days,
      o.pool.map((g) => g.code),
      o.pool.map((g) => g.id),
      o.pool.map((g) => g.provider),
    ],
  );
}

type Pool = { id: number | null; code: string; provider: string; originals: boolean }[];

export type PopulateResult = {
  tenantId: number;
  players: number;
  rounds: number;
  ledgerTransactions: number;
  seconds: number;
};

export async function populate(
  db: Db,
  o: { host: string; players: number; rounds: number; days: number; chunk: number; log?: (line: string) => void },
): Promise<PopulateResult> {
  const log = o.log ?? (() => {});
  const started = Date.now();
  const tenantId =
    (await findTenantByHost(db, o.host))?.id ??
    (await createTenant(db, { name: `Populate ${o.host}`, host: o.host })).id;
  const domain = populateDomain(o.host);
  const already = await bulkSeededPlayers(db, tenantId, domain);
  if (already.length > 0)
    throw new UsageError(`${o.host} was populated before (${already.length} players of ${domain}); use another host`);
  const tag = `p${Date.now().toString(36)}:`;
  let txs = 0;

  // Players, in chunks of 20,000 (one statement each), then one deposit each covering every stake they will make.
  const users: number[] = [];
  for (let from = 1; from <= o.players; from += 20_000) {
    const to = Math.min(o.players, from + 19_999);
    users.push(...(await bulkSeedPlayers(db, { tenantId, from, to, domain, createdDays: o.days + 30 })));
  }
  log(`players: ${users.length} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const perPlayer = Math.ceil(o.rounds / users.length);
  const depositAt = new Date(Date.now() - (o.days * 86_400_000 + 3_600_000));
  for (let i = 0; i < users.length; i += 20_000) {
    const part = users.slice(i, i + 20_000);
    txs += await db.transaction((tx) =>
      bulkSeedMoves(tx, {
        tenantId,
        type: 'deposit',
        counter: 'psp_clearing',
        keyPrefix: `deposit:${tag}`,
        users: part,
        // The most every round of theirs can stake (R$ 50), plus R$ 20 to R$ 500.
        amounts: part.map((u) => perPlayer * 5_000 + 2_000 + (u % 49) * 1_000),
        at: part.map((_, k) => new Date(depositAt.getTime() + k * 10)),
      }),
    );
  }
  log(`deposits: ${users.length}`);

  const pool: Pool = await db.transaction((tx) => populateGamePool(tx, tenantId, 200));
  if (pool.length === 0) pool.push({ id: null, code: 'dice', provider: 'sorte-originals', originals: true });
  for (let from = 0; from < o.rounds; from += o.chunk) {
    const to = Math.min(o.rounds, from + o.chunk);
    txs += await db.transaction(async (tx) => {
      await planRounds(tx, { from, to, total: o.rounds, days: o.days, users, pool });
      await bulkSeedRounds(tx, { tenantId, tag });
      return bulkSeedRoundMoney(tx, { tenantId, tag });
    });
    const s = (Date.now() - started) / 1000;
    log(`rounds: ${to} / ${o.rounds} (${s.toFixed(0)} s, ${Math.round(txs / s)} ledger transactions/s)`);
  }

  // One player in five withdraws half of what is left, spread over the last days.
  const withdrawers = users.filter((_, i) => i % 5 === 0);
  for (let i = 0; i < withdrawers.length; i += 20_000) {
    const part = withdrawers.slice(i, i + 20_000);
    txs += await db.transaction(async (tx) => {
      const cash = await cashBalances(tx, tenantId, part);
      return bulkSeedMoves(tx, {
        tenantId,
        type: 'withdraw',
        counter: 'payouts',
        keyPrefix: `withdraw:${tag}`,
        users: part,
        amounts: part.map((u) => -Math.floor((cash.get(u) ?? 0) / 2)),
        at: part.map((u) => new Date(Date.now() - (u % (o.days * 24)) * 3_600_000)),
      });
    });
  }
  log(`withdrawals: ${withdrawers.length}`);
  await db.query('analyze users, ledger_transactions, ledger_entries, ledger_accounts, casino_rounds');
  return {
    tenantId,
    players: users.length,
    rounds: o.rounds,
    ledgerTransactions: txs,
    seconds: (Date.now() - started) / 1000,
  };
}

export const POPULATE_COMMANDS: Record<string, Command> = {
  'demo:populate': {
    usage: USAGE,
    summary:
      'Seed a big tenant on PostgreSQL (players, deposits, withdrawals, rounds, the ledger) for the back office bench; once per host',
    async run({ db }, args) {
      const host = String(args.flags.host ?? '').toLowerCase();
      if (!host || host === 'true') throw new UsageError(`--host is required\nusage: ${USAGE}`);
      if (db.kind === 'pglite' && args.flags['allow-pglite'] !== true)
        throw new UsageError(
          'demo:populate needs PostgreSQL (DATABASE_URL): on PGlite millions of rows take hours; --allow-pglite for a small run',
        );
      const players = optInt(args, 'players', 100_000, 1);
      const rounds = optInt(args, 'rounds', 10_000_000, 0);
      const r = await populate(db, {
        host,
        players,
        rounds,
        days: optInt(args, 'days', 90, 1),
        chunk: optInt(args, 'chunk', 200_000, 1_000),
        log: (line) => process.stderr.write(`${line}\n`),
      });
      return `tenant ${r.tenantId} (${host}): ${r.players} players, ${r.rounds} rounds, ${r.ledgerTransactions} ledger transactions in ${r.seconds.toFixed(1)} s`;
    },
  },
};
