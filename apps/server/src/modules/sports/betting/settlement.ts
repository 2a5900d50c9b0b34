import { type DomainEventInput, type EventName, type MarketKindName, parseDomainEvent } from '@sorte/contracts';
import type { Db, Sql } from '../../../platform/db/index';
import { AppError } from '../../../platform/errors';
import { broadcast, localRealtime } from '../../../platform/realtime/index';
import * as ledger from '../../ledger/index';
import { channels } from '../../realtime/index';
import { type LegResult, settleOutcome } from '../pricing/markets';
import { payout } from '../pricing/settle';
import { specOf } from '../specifiers';

/**
 * Settlement of the native book's bets from results. The feed (or the operator) puts a result on the event; this
 * sets every leg on it (won, lost, void, half won, half lost, dead heat), then closes the bets that can close in
 * batches of set statements: a single pays stake x f, an accumulator stake x the product of its legs' f, f = vf +
 * (1 - vf) x (won ? odds x dhf : 0), capped at the bet's payout cap, in exact integer arithmetic (pricing/settle.ts).
 * Each batch is one transaction: the bets' rows, the book's exposure, the money (ledger.creditMany, one statement),
 * responsible gaming's counters and the domain events commit together or not at all, so a crash anywhere leaves
 * every bet either paid once or still open, and running it again pays the rest.
 *
 * A settlement has a version per bet: the ledger key of a payout is "sports:bet:<id>:settle:<version>". A rollback
 * reverses that payout exactly, reopens the bet and bumps its version, so a corrected result pays under a new key;
 * running a settlement twice, or twice at once, finds the bet closed (its row is locked first) and pays nothing.
 */

/** Bets per transaction: large enough that set statements pay off, small enough that locks are held briefly. */
export const SETTLE_BATCH = 2_000;

const stakeKey = (betId: number) => `sports:bet:${betId}:stake`;
const settleKey = (betId: number, version: number) => `sports:bet:${betId}:settle:${version}`;
const rollbackKey = (betId: number, version: number) => `sports:bet:${betId}:settle:${version}:rollback`;

// Outside production every published event is checked against the contract, as platform/events' publish() does.
const VALIDATE = process.env.NODE_ENV !== 'production';

type LegName = 'won' | 'lost' | 'void' | 'half_won' | 'half_lost';

/** A leg's stored result from the market rule's verdict. */
function legName(r: LegResult): LegName {
  if (r.vf === 1) return 'void';
  if (r.vf === 0.5) return r.won ? 'half_won' : 'half_lost';
  return r.won ? 'won' : 'lost';
}

/** The verdict back from a stored leg. */
function legResult(name: LegName, dhf: number): LegResult {
  switch (name) {
    case 'won':
      return { vf: 0, won: true, dhf };
    case 'lost':
      return { vf: 0, won: false };
    case 'void':
      return { vf: 1, won: false };
    case 'half_won':
      return { vf: 0.5, won: true, dhf };
    case 'half_lost':
      return { vf: 0.5, won: false };
  }
}

export type BetStatusAfter = 'won' | 'lost' | 'void';

/**
 * What a bet whose legs have these results pays, and its status: null while it must wait (a leg still open and none
 * lost). A lost leg loses an accumulator at once; every leg void gives the stake back (void); a bet that pays
 * nothing is lost; any other is won (a half-lost single that returns half its stake included).
 */
export function closeBet(
  bet: { stake: number; payout_cap: number },
  legs: readonly { odds: number; result: LegName | null; dead_heat_factor: number }[],
): { status: BetStatusAfter; pay: number } | null {
  if (legs.some((l) => l.result === 'lost')) return { status: 'lost', pay: 0 };
  if (legs.some((l) => l.result === null)) return null;
  if (legs.every((l) => l.result === 'void')) return { status: 'void', pay: bet.stake };
  if (bet.stake === 0) return { status: 'lost', pay: 0 };
  const pay = payout(
    bet.stake,
    legs.map((l) => ({ ...legResult(l.result!, l.dead_heat_factor), odds: l.odds })),
    bet.payout_cap,
  );
  return { status: pay > 0 ? 'won' : 'lost', pay };
}

type EventRow = {
  id: number;
  tenant_id: number;
  status: string;
  result_home: number | null;
  result_away: number | null;
  ht_home: number | null;
  ht_away: number | null;
  settlement_version: number;
  settled_at: Date | null;
  rollback_pending: boolean;
};

async function lockEvent(tx: Sql, tenantId: number, eventId: number): Promise<EventRow> {
  const { rows } = await tx.query<EventRow>(
    `select id, tenant_id, status, result_home, result_away, ht_home, ht_away, settlement_version, settled_at,
        rollback_pending
      from sports_events where tenant_id = $1 and id = $2 for update`,
    [tenantId, eventId],
  );
  if (!rows[0]) throw new AppError('not_found', { pt: 'Evento não encontrado.', en: 'Event not found.' });
  return rows[0];
}

/** Each outcome's verdict on the event's result; a cancelled market, or a first-half one without a half-time score, is void. */
async function outcomeResults(tx: Sql, ev: EventRow) {
  const { rows } = await tx.query<{
    id: number;
    code: string;
    kind: MarketKindName;
    specifiers: string;
    status: string;
  }>(
    `select o.id, o.code, m.kind, m.specifiers, m.status from sports_outcomes o join sports_markets m on m.id = o.market_id
      where m.event_id = $1 and m.tenant_id = $2`,
    [ev.id, ev.tenant_id],
  );
  const ft = [ev.result_home!, ev.result_away!] as const;
  const ht = ev.ht_home !== null && ev.ht_away !== null ? ([ev.ht_home, ev.ht_away] as const) : undefined;
  return rows.map((o) => {
    let r: LegResult = { vf: 1, won: false };
    if (o.status !== 'cancelled' && (o.kind !== 'ht_1x2' || ht)) {
      try {
        r = settleOutcome(specOf(o.kind, o.specifiers), o.code, ft, ht);
      } catch {
        // An outcome the rule does not know cannot be decided: its bets get their stakes back.
      }
    }
    return { outcome_id: Number(o.id), result: legName(r), vf: r.vf, dhf: r.dhf ?? 1 };
  });
}

type OpenBet = {
  id: number;
  user_id: number;
  stake: number;
  original_stake: number;
  payout: number;
  odds: number;
  payout_cap: number;
  potential_payout: number;
  settlement_version: number;
  legs: number;
};

export type Closed = { id: number; userId: number; status: BetStatusAfter; pay: number };

/**
 * Closes those of `ids` that are open and can close, in the caller's transaction: the bets' rows, the exposure they
 * release, the payouts (one ledger statement), responsible gaming's counters and the events. Answers what closed.
 */
async function closeBets(tx: Sql, tenantId: number, ids: readonly number[]): Promise<Closed[]> {
  if (ids.length === 0) return [];
  const { rows: bets } = await tx.query<OpenBet>(
    `select id, user_id, stake, original_stake, payout, odds, payout_cap, potential_payout, settlement_version,
        (select count(*) from sports_bet_legs l where l.bet_id = b.id)::int as legs
      from sports_bets b where tenant_id = $1 and id = any($2::bigint[]) and status = 'open'
      order by id for update`,
    [tenantId, ids],
    'sports_settle_lock',
  );
  if (bets.length === 0) return [];
  const { rows: legs } = await tx.query<{ bet_id: number; odds: number; result: LegName | null; dhf: string }>(
    `select bet_id, odds, result, dead_heat_factor::text as dhf from sports_bet_legs where bet_id = any($1::bigint[])`,
    [bets.map((b) => b.id)],
    'sports_settle_legs',
  );
  const byBet = new Map<number, { odds: number; result: LegName | null; dead_heat_factor: number }[]>();
  for (const l of legs) {
    const list = byBet.get(Number(l.bet_id)) ?? [];
    list.push({ odds: l.odds, result: l.result, dead_heat_factor: Number(l.dhf) });
    byBet.set(Number(l.bet_id), list);
  }
  const closing: (OpenBet & { status: BetStatusAfter; pay: number })[] = [];
  for (const b of bets) {
    const c = closeBet({ stake: Number(b.stake), payout_cap: Number(b.payout_cap) }, byBet.get(Number(b.id)) ?? []);
    if (c) closing.push({ ...b, id: Number(b.id), user_id: Number(b.user_id), stake: Number(b.stake), ...c });
  }
  if (closing.length === 0) return [];
  const closedIds = closing.map((b) => b.id);
  const paid = closing.filter((b) => b.pay > 0);
  // Locks in the order placement and cash-out take them (responsible gaming, then cash, then exposure), so a bet
  // placed while its player's other bet settles never waits crosswise with the settlement.
  await countPlay(
    tx,
    tenantId,
    paid.map((b) => ({
      userId: b.user_id,
      win: b.status === 'void' ? 0 : b.pay,
      refund: b.status === 'void' ? b.stake : 0,
    })),
  );
  const money = await ledger.creditMany(
    tx,
    paid.map((b) => ({
      tenantId,
      userId: b.user_id,
      amount: b.pay,
      type: b.status === 'void' ? ('refund' as const) : ('win' as const),
      stakeKey: stakeKey(b.id),
      idempotencyKey: settleKey(b.id, b.settlement_version),
      reference: `sports:bet:${b.id}`,
      metadata: { settlement_version: b.settlement_version },
    })),
  );
  await tx.query(
    `update sports_bets b set status = x.status, payout = b.payout + x.pay, settled_payout = x.pay, settled_at = now()
      from unnest($1::bigint[], $2::text[], $3::bigint[]) as x(id, status, pay)
      where b.id = x.id`,
    [closedIds, closing.map((b) => b.status), closing.map((b) => b.pay)],
    'sports_settle_bets',
  );
  await moveExposure(tx, closedIds, -1);
  const events: DomainEventInput<EventName>[] = closing.map((b) => ({
    name: 'sports.bet_settled',
    tenantId,
    userId: b.user_id,
    // As the cash-out publishes it: the stake first placed, and all the bet paid (a partial cash-out included).
    payload: {
      bet_id: b.id,
      status: b.status,
      stake: Number(b.original_stake),
      payout: Number(b.payout) + b.pay,
      odds: Number(b.odds),
      legs: b.legs,
      settlement_version: b.settlement_version,
    },
  }));
  events.push(
    ...balanceEvents(
      tenantId,
      paid.map((b) => b.user_id),
      money,
    ),
  );
  await publishMany(
    tx,
    tenantId,
    events,
    closing.map((b) => ({ userId: b.user_id, id: b.id, status: b.status, payout: b.pay })),
  );
  return closing.map((b) => ({ id: b.id, userId: b.user_id, status: b.status, pay: b.pay }));
}

/** Adds (sign 1: a bet reopened) or releases (-1: closed) the bets' exposure on each of their legs' outcomes. */
async function moveExposure(tx: Sql, betIds: readonly number[], sign: 1 | -1) {
  if (betIds.length === 0) return;
  // The rows are taken in outcome id order first, as placement takes them, so the two never wait crosswise.
  await tx.query(
    `select 1 from sports_exposure where outcome_id in (select outcome_id from sports_bet_legs where bet_id = any($1::bigint[]))
      order by outcome_id for update`,
    [betIds],
    'sports_settle_exposure_lock',
  );
  await tx.query(
    `update sports_exposure e set liability = e.liability + $2 * g.liability, stakes = e.stakes + $2 * g.stakes,
        bets = e.bets + $2 * g.bets
      from (select l.outcome_id, sum(greatest(0, b.potential_payout - b.stake))::bigint as liability,
            sum(b.stake)::bigint as stakes, count(*)::int as bets
          from sports_bet_legs l join sports_bets b on b.id = l.bet_id
          where l.bet_id = any($1::bigint[]) group by l.outcome_id) g
      where e.outcome_id = g.outcome_id`,
    [betIds, sign],
    'sports_settle_exposure',
  );
}

/**
 * Responsible gaming counts what the bets paid (a win) and the stakes they gave back (a refund), per player in one
 * statement through its stored function (what rg.play does for one play); a player without rules costs one lookup.
 */
async function countPlay(tx: Sql, tenantId: number, plays: readonly { userId: number; win: number; refund: number }[]) {
  const per = new Map<number, { win: number; refund: number }>();
  for (const p of plays) {
    const s = per.get(p.userId) ?? { win: 0, refund: 0 };
    s.win += p.win;
    s.refund += p.refund;
    per.set(p.userId, s);
  }
  if (per.size === 0) return;
  const users = [...per.keys()].sort((a, b) => a - b);
  await tx.query(
    `select count(rg_play($1::bigint, x.u, -x.refund, x.win)) from unnest($2::bigint[], $3::bigint[], $4::bigint[])
      with ordinality as x(u, win, refund, n)`,
    [tenantId, users, users.map((u) => per.get(u)!.win), users.map((u) => per.get(u)!.refund)],
    'sports_settle_rg',
  );
}

/** One wallet.balance_updated per player: their balances after the last of their movements in the batch. */
function balanceEvents(tenantId: number, users: readonly number[], money: readonly ledger.MoneyResult[]) {
  const last = new Map<number, ledger.MoneyResult>();
  for (const [i, u] of users.entries()) last.set(u, money[i]!);
  return [...last.entries()].map(
    ([userId, m]): DomainEventInput<EventName> => ({
      name: 'wallet.balance_updated',
      tenantId,
      userId,
      payload: { balance: m.balance.cash, bonus: m.balance.bonus },
    }),
  );
}

type Push = { userId: number; id: number; status: string; payout: number };

/**
 * The batch's domain events in one statement; and when this process runs no realtime server (the ops CLI, the
 * bench), its players' BetUpdated pushes as realtime.push_requested events, which a running node's relay delivers.
 * With a realtime server the pushes go out after the commit (see pushAfterCommit).
 */
async function publishMany(tx: Sql, tenantId: number, events: DomainEventInput<EventName>[], pushes: readonly Push[]) {
  if (!localRealtime())
    for (const p of pushes)
      events.push({
        name: 'realtime.push_requested',
        tenantId,
        userId: null,
        payload: {
          channel: channels.user(p.userId),
          event: 'BetUpdated',
          data: { id: p.id, status: p.status, payout: p.payout },
        },
      });
  if (events.length === 0) return;
  const rows = events.map((e) => (VALIDATE ? parseDomainEvent(e) : e));
  await tx.query(
    'select sports_publish_many($1::jsonb)',
    [JSON.stringify(rows.map((e) => ({ tenant_id: e.tenantId, user_id: e.userId, name: e.name, payload: e.payload })))],
    'sports_publish_many',
  );
}

/** BetUpdated on each player's private channel, once the batch committed (a node with a realtime server). */
function pushAfterCommit(tenantId: number, pushes: readonly Push[]) {
  if (!localRealtime()) return;
  for (const p of pushes)
    void broadcast(tenantId, channels.user(p.userId), 'BetUpdated', {
      id: p.id,
      status: p.status,
      payout: p.payout,
    }).catch(() => {});
}

/** The ids of bets with a leg on the event, in id order after `after`, `limit` at most. */
async function betsOnEvent(sql: Sql, eventId: number, after: number, limit: number): Promise<number[]> {
  const { rows } = await sql.query<{ bet_id: number }>(
    `select bet_id from sports_bet_legs where event_id = $1 and bet_id > $2 order by bet_id limit $3`,
    [eventId, after, limit],
    'sports_settle_walk',
  );
  return rows.map((r) => Number(r.bet_id));
}

export type SettleSummary = { settled: number; won: number; paid: number; waiting: number };

/**
 * Settles an event from its result (status ended with result_home/away, and ht_home/away for first-half markets),
 * or voids every leg on it when it is cancelled. Idempotent: a bet already closed is left alone, so a second run
 * (or a concurrent one) pays nothing more. Answers what this run closed; `waiting` counts accumulators kept open by
 * legs on other events.
 */
export async function settleEvent(
  db: Db,
  o: { tenantId: number; eventId: number; batch?: number },
): Promise<SettleSummary> {
  const first = await db.transaction(async (tx) => {
    const ev = await lockEvent(tx, o.tenantId, o.eventId);
    if (ev.rollback_pending) return { ev, go: false };
    if (ev.status === 'cancelled') {
      await tx.query(
        `update sports_bet_legs set result = 'void', void_factor = 1, dead_heat_factor = 1, settled_version = $2
          where event_id = $1 and result is null`,
        [ev.id, ev.settlement_version],
      );
      await tx.query(
        `update sports_markets set status = 'cancelled', version = version + 1, updated_at = now()
          where event_id = $1 and status <> 'cancelled'`,
        [ev.id],
      );
      return { ev, go: true };
    }
    if (!['ended', 'closed'].includes(ev.status) || ev.result_home === null || ev.result_away === null)
      return { ev, go: false };
    const results = await outcomeResults(tx, ev);
    await tx.query(
      `update sports_bet_legs l set result = x.result, void_factor = x.vf, dead_heat_factor = x.dhf, settled_version = $2
        from jsonb_to_recordset($3::jsonb) as x(outcome_id bigint, result text, vf numeric, dhf numeric)
        where l.event_id = $1 and l.outcome_id = x.outcome_id and l.result is null`,
      [ev.id, ev.settlement_version, JSON.stringify(results)],
    );
    await tx.query(
      `update sports_markets set status = case when status = 'cancelled' then status else 'settled' end,
          version = version + 1, updated_at = now()
        where event_id = $1 and status not in ('settled', 'cancelled')`,
      [ev.id],
    );
    return { ev, go: true };
  });
  const sum: SettleSummary = { settled: 0, won: 0, paid: 0, waiting: 0 };
  if (!first.go) {
    if (first.ev.rollback_pending)
      await rollbackEventSettlement(db, { tenantId: o.tenantId, eventId: o.eventId, reason: 'resumed' });
    return sum;
  }
  let after = 0;
  for (;;) {
    const ids = await betsOnEvent(db, o.eventId, after, o.batch ?? SETTLE_BATCH);
    if (ids.length === 0) break;
    after = ids[ids.length - 1]!;
    const closed = await db.transaction(async (tx) => {
      // A rollback begun meanwhile stops this settlement: its first step takes the event's row for update, so a
      // batch commits either before it (and the rollback's walk reopens its bets) or not at all.
      const { rows: ev } = await tx.query<{ pending: boolean }>(
        'select rollback_pending as pending from sports_events where id = $1 for share',
        [o.eventId],
      );
      return ev[0]?.pending ? null : closeBets(tx, o.tenantId, ids);
    });
    if (!closed) break;
    pushAfterCommit(
      o.tenantId,
      closed.map((c) => ({ userId: c.userId, id: c.id, status: c.status, payout: c.pay })),
    );
    sum.settled += closed.length;
    sum.won += closed.filter((c) => c.status === 'won').length;
    sum.paid += closed.reduce((s, c) => s + c.pay, 0);
  }
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from sports_bet_legs l join sports_bets b on b.id = l.bet_id
      where l.event_id = $1 and b.status = 'open'`,
    [o.eventId],
  );
  sum.waiting = rows[0]?.n ?? 0;
  // Settled: nothing the job needs to come back for (a concurrent rollback's flag keeps it unsettled).
  await db.query(
    'update sports_events set settled_at = now() where tenant_id = $1 and id = $2 and settled_at is null and not rollback_pending',
    [o.tenantId, o.eventId],
  );
  return sum;
}

/**
 * Reopens those of `ids` whose legs on the event decided them, in the caller's transaction: a closed bet's payout is
 * reversed exactly (ledger.reverse of its settlement key), its exposure is back, its version goes up; the event's
 * legs lose their result (except those voided by a cancelled window). A payout the player already spent cannot be
 * taken back: that bet stays closed and is answered in `kept` for the operator.
 */
async function reopenBets(tx: Sql, tenantId: number, eventId: number, ids: readonly number[]) {
  const { rows: locked } = await tx.query<{
    id: number;
    user_id: number;
    status: BetStatusAfter;
    stake: number;
    original_stake: number;
    odds: number;
    settled_payout: number | null;
    settlement_version: number;
    legs: number;
  }>(
    `select id, user_id, status, stake, original_stake, odds, settled_payout, settlement_version,
        (select count(*) from sports_bet_legs l where l.bet_id = b.id)::int as legs
      from sports_bets b where tenant_id = $1 and id = any($2::bigint[]) and status in ('won', 'lost', 'void')
      order by id for update`,
    [tenantId, ids],
  );
  // A bet lost on another event's leg stays lost whatever this event's result: it is left closed (its leg on this
  // event only loses its result below).
  const { rows: lostElsewhere } = await tx.query<{ bet_id: number }>(
    `select distinct bet_id from sports_bet_legs where bet_id = any($1::bigint[]) and event_id <> $2 and result = 'lost'`,
    [locked.filter((b) => b.status === 'lost').map((b) => Number(b.id)), eventId],
  );
  const stays = new Set(lostElsewhere.map((r) => Number(r.bet_id)));
  const bets = locked.filter((b) => !stays.has(Number(b.id)));
  // Responsible gaming first (the lock order of placement): a reversed win counts off the player's wins; a stake
  // given back that is taken again is not re-checked against the limits (the bet was placed within them).
  const reversedWin = (b: (typeof bets)[number], sign: 1 | -1) => ({
    userId: Number(b.user_id),
    win: sign * Number(b.settled_payout ?? 0),
    refund: 0,
  });
  const won = bets.filter((b) => b.status === 'won' && Number(b.settled_payout ?? 0) > 0);
  await countPlay(
    tx,
    tenantId,
    won.map((b) => reversedWin(b, -1)),
  );
  const reopened: typeof bets = [];
  const kept: number[] = [];
  const balances: { userId: number; m: ledger.MoneyResult }[] = [];
  for (const b of bets) {
    const pay = Number(b.settled_payout ?? 0);
    if (pay > 0) {
      await tx.query('savepoint sports_reverse');
      try {
        const m = await ledger.reverse(tx, {
          tenantId,
          originalKey: settleKey(Number(b.id), b.settlement_version),
          idempotencyKey: rollbackKey(Number(b.id), b.settlement_version),
          reference: `sports:bet:${b.id}`,
        });
        await tx.query('release savepoint sports_reverse');
        balances.push({ userId: Number(b.user_id), m });
      } catch (err) {
        if (!(err instanceof ledger.InsufficientFunds)) throw err;
        await tx.query('rollback to savepoint sports_reverse');
        kept.push(Number(b.id));
        continue;
      }
    }
    reopened.push(b);
  }
  await countPlay(
    tx,
    tenantId,
    won.filter((b) => kept.includes(Number(b.id))).map((b) => reversedWin(b, 1)),
  );
  const ids2 = reopened.map((b) => Number(b.id));
  if (ids2.length > 0) {
    await tx.query(
      `update sports_bets set status = 'open', payout = payout - coalesce(settled_payout, 0), settled_payout = null,
          settled_at = null, settlement_version = settlement_version + 1
        where id = any($1::bigint[])`,
      [ids2],
    );
    await moveExposure(tx, ids2, 1);
  }
  const open = ids.filter((id) => !kept.includes(id));
  await tx.query(
    `update sports_bet_legs set result = null, void_factor = 0, dead_heat_factor = 1
      where event_id = $1 and bet_id = any($2::bigint[]) and cancel_reason is null`,
    [eventId, open],
  );
  const events: DomainEventInput<EventName>[] = reopened.map((b) => ({
    name: 'sports.bet_settled',
    tenantId,
    userId: Number(b.user_id),
    payload: {
      bet_id: Number(b.id),
      status: 'open',
      stake: Number(b.original_stake),
      // What the rollback took back.
      payout: Number(b.settled_payout ?? 0),
      odds: Number(b.odds),
      legs: b.legs,
      settlement_version: b.settlement_version,
      rollback: true,
    },
  }));
  events.push(
    ...balanceEvents(
      tenantId,
      balances.map((b) => b.userId),
      balances.map((b) => b.m),
    ),
  );
  const pushes = reopened.map((b) => ({ userId: Number(b.user_id), id: Number(b.id), status: 'open', payout: 0 }));
  await publishMany(tx, tenantId, events, pushes);
  return { reopened: ids2, kept, pushes };
}

export type RollbackSummary = { reopened: number; kept: number[] };

/**
 * Rolls back the event's settlement: every bet it closed is reopened with its payout reversed exactly, the result is
 * withdrawn (the event waits for a new one, which settles under the bets' next version) and the markets are
 * suspended. Marked pending first, so that a crash part way is finished by the settlement job before anything on
 * the event settles again. `kept` lists bets whose payout the player had already spent (left for the operator).
 */
export async function rollbackEventSettlement(
  db: Db,
  o: { tenantId: number; eventId: number; reason: string },
): Promise<RollbackSummary> {
  await db.transaction(async (tx) => {
    const ev = await lockEvent(tx, o.tenantId, o.eventId);
    if (ev.rollback_pending) return;
    await tx.query(
      `update sports_events set rollback_pending = true, settled_at = null, result_home = null, result_away = null,
          settlement_version = settlement_version + 1,
          status = case when status in ('cancelled', 'closed') then 'ended' else status end, updated_at = now()
        where id = $1`,
      [ev.id],
    );
    await tx.query(
      `update sports_markets set status = 'suspended', version = version + 1, updated_at = now()
        where event_id = $1 and status in ('settled', 'cancelled')`,
      [ev.id],
    );
  });
  const sum: RollbackSummary = { reopened: 0, kept: [] };
  let after = 0;
  for (;;) {
    const ids = await betsOnEvent(db, o.eventId, after, SETTLE_BATCH);
    if (ids.length === 0) break;
    after = ids[ids.length - 1]!;
    const r = await db.transaction((tx) => reopenBets(tx, o.tenantId, o.eventId, ids));
    pushAfterCommit(o.tenantId, r.pushes);
    sum.reopened += r.reopened.length;
    sum.kept.push(...r.kept);
  }
  await db.query('update sports_events set rollback_pending = false where tenant_id = $1 and id = $2', [
    o.tenantId,
    o.eventId,
  ]);
  return sum;
}

export type WindowSummary = { voided: number; reopened: number; settled: number; kept: number[] };

/**
 * Cancels the bets placed in [from, to] on the event (a goal reported wrongly, a price taken after the fact): their
 * leg on it becomes void (factor 1) for good. A bet already closed is rolled back first; then a single gives its
 * stake back, an accumulator goes on with its other legs (and closes now if they are all decided).
 */
export async function cancelBetsInWindow(
  db: Db,
  o: { tenantId: number; eventId: number; from: Date; to: Date; reason: string },
): Promise<WindowSummary> {
  if (!(o.from.getTime() <= o.to.getTime())) throw new AppError('bad_request', 'the window ends before it starts');
  const sum: WindowSummary = { voided: 0, reopened: 0, settled: 0, kept: [] };
  let after = 0;
  for (;;) {
    const { rows } = await db.query<{ bet_id: number }>(
      `select l.bet_id from sports_bet_legs l join sports_bets b on b.id = l.bet_id
        where l.event_id = $1 and b.tenant_id = $2 and l.bet_id > $3 and b.placed_at between $4 and $5
          and l.cancel_reason is null and b.status in ('open', 'won', 'lost', 'void')
        order by l.bet_id limit $6`,
      [o.eventId, o.tenantId, after, o.from, o.to, SETTLE_BATCH],
    );
    const ids = rows.map((r) => Number(r.bet_id));
    if (ids.length === 0) break;
    after = ids[ids.length - 1]!;
    const r = await db.transaction(async (tx) => {
      const re = await reopenBets(tx, o.tenantId, o.eventId, ids);
      const voidable = ids.filter((id) => !re.kept.includes(id));
      const { rowCount } = await tx.query(
        `update sports_bet_legs l set result = 'void', void_factor = 1, dead_heat_factor = 1, cancel_reason = $3
          from sports_bets b
          where l.event_id = $1 and l.bet_id = any($2::bigint[]) and b.id = l.bet_id and b.status = 'open'`,
        [o.eventId, voidable, o.reason.slice(0, 200)],
      );
      const closed = await closeBets(tx, o.tenantId, voidable);
      return { re, voided: rowCount, closed };
    });
    pushAfterCommit(o.tenantId, r.re.pushes);
    pushAfterCommit(
      o.tenantId,
      r.closed.map((c) => ({ userId: c.userId, id: c.id, status: c.status, payout: c.pay })),
    );
    sum.voided += r.voided;
    sum.reopened += r.re.reopened.length;
    sum.settled += r.closed.length;
    sum.kept.push(...r.re.kept);
  }
  return sum;
}

/**
 * Cancels the event (the operator's --void, or a feed's cancel): status cancelled, then every leg on it void. A bet
 * the event's earlier settlement closed is rolled back first.
 */
export async function voidEvent(db: Db, o: { tenantId: number; eventId: number; reason: string }) {
  const ev = await db.transaction((tx) => lockEvent(tx, o.tenantId, o.eventId));
  if (ev.settled_at !== null || ev.rollback_pending) await rollbackEventSettlement(db, o);
  await db.query(`update sports_events set status = 'cancelled', updated_at = now() where tenant_id = $1 and id = $2`, [
    o.tenantId,
    o.eventId,
  ]);
  return settleEvent(db, o);
}

/** Events the settlement job has to visit: ended with a result, or cancelled, and not settled; or a rollback to finish. */
export async function eventsToSettle(sql: Sql, limit = 50) {
  const { rows } = await sql.query<{ tenant_id: number; id: number }>(
    `select tenant_id, id from sports_events
      where ((status in ('ended', 'cancelled') and settled_at is null) or rollback_pending)
        and (rollback_pending or status = 'cancelled' or result_home is not null)
      order by id limit $1`,
    [limit],
  );
  return rows.map((r) => ({ tenantId: Number(r.tenant_id), eventId: Number(r.id) }));
}
