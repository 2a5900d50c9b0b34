import type { Db } from '../../../platform/db/index';

/**
 * For the settlement's crash test and bench only: many funded players and many open bets at once, written as
 * placement would leave them (the bet and its legs, the stake booked in the ledger under "sports:bet:<id>:stake"
 * with debitBet's request hash, the book's exposure) but in set statements, so that 100,000 bets take seconds to
 * set up. The ledger's own batch function books the deposits and stakes (ledger_post_batch, one move per player
 * per call), exactly as its single calls would.
 */

export type BulkLeg = { event_id: number; market_id: number; outcome_id: number; odds: number };

export type BulkOptions = {
  tenantId: number;
  players: number;
  betsPerPlayer: number;
  /** Cash each player starts with (centavos). */
  funds: number;
  /** The legs of the i-th bet (0-based, over all bets). */
  legs: (i: number) => BulkLeg[];
  stake: (i: number) => number;
  /** Distinguishes players of several calls on one database. */
  tag: string;
};

export type BulkBet = { id: number; userId: number; stake: number; legs: BulkLeg[] };

// ledger_post_batch joins its moves without hashing (its plans are for a few moves a call): keep calls small.
const CHUNK = 500;

async function ledgerBatch(db: Db, moves: Record<string, unknown>[]) {
  for (let i = 0; i < moves.length; i += CHUNK) {
    const part = moves.slice(i, i + CHUNK).map((m, n) => ({ ...m, n }));
    await db.query('select count(*) from ledger_post_batch($1::jsonb)', [JSON.stringify(part)]);
  }
}

export async function seedOpenBets(db: Db, o: BulkOptions): Promise<{ users: number[]; bets: BulkBet[] }> {
  const base = 10_000_000 + (Number.parseInt(o.tag.replace(/\D/g, '') || '0', 10) % 80) * 1_000_000;
  const { rows } = await db.query<{ id: number }>(
    `insert into users (tenant_id, first_name, last_name, email, phone, referral_code)
      select $1, 'Bulk', 'Player', 'bulk-' || $3 || '-' || g || '@example.com', '+55119' || lpad(($4 + g)::text, 8, '0'),
          'BK' || upper($3) || g
        from generate_series(1, $2) g order by g
      returning id`,
    [o.tenantId, o.players, o.tag, base],
  );
  const users = rows.map((r) => Number(r.id)).sort((a, b) => a - b);
  await ledgerBatch(
    db,
    users.map((u) => ({
      tenant: o.tenantId,
      user_id: u,
      type: 'deposit',
      op: 'credit',
      ref: 'bulk deposit',
      key: `bulk:${o.tag}:deposit:${u}`,
      metadata: {},
      amount: o.funds,
      counter: 'psp_clearing',
    })),
  );
  const total = o.players * o.betsPerPlayer;
  const plan = Array.from({ length: total }, (_, i) => {
    const legs = o.legs(i);
    const stake = o.stake(i);
    const odds = legs.reduce((acc, l) => (acc * BigInt(l.odds)) / 10_000n, 10_000n);
    return {
      userId: users[i % o.players]!,
      stake,
      legs,
      odds: Number(odds),
      potential: Number((BigInt(stake) * odds) / 10_000n),
    };
  });
  const bets: BulkBet[] = [];
  for (let i = 0; i < plan.length; i += CHUNK) {
    const part = plan.slice(i, i + CHUNK);
    const ins = await db.query<{ id: number; n: number }>(
      `insert into sports_bets (tenant_id, user_id, idempotency_key, request_hash, kind, stake, original_stake, odds,
          potential_payout, payout_cap, accept_odds, status)
        select $1, x.u, 'bulk-' || $2 || '-' || x.n, 'bulk', x.kind, x.stake, x.stake, x.odds, least(x.potential, 10000000),
            10000000, 'any', 'open'
          from unnest($3::bigint[], $4::text[], $5::bigint[], $6::bigint[], $7::bigint[]) with ordinality
            as x(u, kind, stake, odds, potential, n)
          order by x.n
        returning id, (regexp_replace(idempotency_key, '^.*-', ''))::int as n`,
      [
        o.tenantId,
        `${o.tag}-${i}`,
        part.map((p) => p.userId),
        part.map((p) => (p.legs.length > 1 ? 'multiple' : 'single')),
        part.map((p) => p.stake),
        part.map((p) => p.odds),
        part.map((p) => p.potential),
      ],
    );
    const ids = new Map(ins.rows.map((r) => [Number(r.n), Number(r.id)]));
    const legRows = part.flatMap((p, k) => p.legs.map((l) => ({ bet: ids.get(k + 1)!, ...l })));
    await db.query(
      `insert into sports_bet_legs (bet_id, tenant_id, event_id, market_id, outcome_id, odds)
        select x.bet, $1, x.event, x.market, x.outcome, x.odds
          from unnest($2::bigint[], $3::bigint[], $4::bigint[], $5::bigint[], $6::int[]) as x(bet, event, market, outcome, odds)`,
      [
        o.tenantId,
        legRows.map((l) => l.bet),
        legRows.map((l) => l.event_id),
        legRows.map((l) => l.market_id),
        legRows.map((l) => l.outcome_id),
        legRows.map((l) => l.odds),
      ],
    );
    part.forEach((p, k) => void bets.push({ id: ids.get(k + 1)!, userId: p.userId, stake: p.stake, legs: p.legs }));
  }
  // The stakes: one per player per call (ledger_post_batch's rule), debitBet's booking all from cash.
  for (let round = 0; round < o.betsPerPlayer; round++)
    await ledgerBatch(
      db,
      bets.slice(round * o.players, (round + 1) * o.players).map((b) => ({
        tenant: o.tenantId,
        user_id: b.userId,
        type: 'bet',
        op: 'debit_bet',
        ref: `sports:bet:${b.id}`,
        key: `sports:bet:${b.id}:stake`,
        metadata: {},
        amount: b.stake,
        counter: 'house',
      })),
    );
  await db.query(
    `insert into sports_exposure (outcome_id, tenant_id, market_id, liability, stakes, bets)
      select l.outcome_id, $1, l.market_id, sum(greatest(0, b.potential_payout - b.stake)), sum(b.stake), count(*)
        from sports_bet_legs l join sports_bets b on b.id = l.bet_id
        where b.idempotency_key like 'bulk-' || $2 || '-%'
        group by l.outcome_id, l.market_id
      on conflict (outcome_id) do update set liability = sports_exposure.liability + excluded.liability,
        stakes = sports_exposure.stakes + excluded.stakes, bets = sports_exposure.bets + excluded.bets`,
    [o.tenantId, o.tag],
  );
  return { users, bets };
}
