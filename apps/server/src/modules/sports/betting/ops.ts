import { MARKET_KINDS } from '@sorte/contracts';
import type { Db } from '../../../platform/db/index';
import { type Command, flag, type Parsed, table, tenantOfHost, UsageError } from '../../../platform/ops';
import { findTenantByHost } from '../../tenants/index';
import { DeskRefusal, eventLiability, setBookLimits, settleEventScore } from './desk';
import { cancelBetsInWindow, rollbackEventSettlement, voidEvent } from './settlement';

const SETTLE_USAGE =
  'sports:settle --event ID (--score H-A [--ht H-A] | --void | --rollback | --cancel-window --from ISO --to ISO) ' +
  '[--reason TEXT]';
const LIABILITY_USAGE = 'sports:liability --event ID';
const LIMITS_USAGE =
  'sports:limits --host H [--min-stake C] [--max-stake C] [--max-payout C] [--market-liability C] ' +
  '[--live-delay-ms N] [--margin kind=0.07 ...]';

const brl = (c: number) => (c / 100).toFixed(2);

const text = (args: Parsed, name: string, usage: string): string | undefined => {
  const v = args.flags[name];
  if (v === undefined) return undefined;
  if (v === true || v.trim() === '') throw new UsageError(`--${name} needs a value\nusage: ${usage}`);
  return v.trim();
};

function score(v: string, name: string, usage: string): [number, number] {
  const m = /^(\d{1,2})[-:x](\d{1,2})$/.exec(v);
  if (!m) throw new UsageError(`--${name} is a score like 2-1\nusage: ${usage}`);
  return [Number(m[1]), Number(m[2])];
}

function time(args: Parsed, name: string, usage: string): Date {
  const v = flag(args, name, usage);
  const d = new Date(v);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(v) || Number.isNaN(d.getTime()))
    throw new UsageError(`--${name} is an ISO 8601 time (2026-11-28T20:15:00Z)\nusage: ${usage}`);
  return d;
}

async function eventOf(db: Db, args: Parsed, usage: string) {
  const raw = flag(args, 'event', usage);
  if (!/^\d{1,15}$/.test(raw)) throw new UsageError(`--event is the event's id\nusage: ${usage}`);
  const { rows } = await db.query<{
    id: number;
    tenant_id: number;
    status: string;
    result_home: number | null;
    result_away: number | null;
    settled_at: Date | null;
    home: string;
    away: string;
  }>(
    `select e.id, e.tenant_id, e.status, e.result_home, e.result_away, e.settled_at, h.name as home, a.name as away
      from sports_events e join sports_competitors h on h.id = e.home_id join sports_competitors a on a.id = e.away_id
      where e.id = $1`,
    [Number(raw)],
  );
  if (!rows[0]) throw new UsageError(`no event ${raw}\nusage: ${usage}`);
  return { ...rows[0], id: Number(rows[0].id), tenant_id: Number(rows[0].tenant_id) };
}

const settled = (s: { settled: number; won: number; paid: number; waiting: number }) =>
  `${s.settled} bets closed (${s.won} won), R$ ${brl(s.paid)} paid; ${s.waiting} accumulators wait for other events`;

const kept = (k: number[]) =>
  k.length ? `; bets ${k.join(', ')} kept settled: their payout was already spent (settle them by hand)` : '';

/** The settlement's operator commands: results, voids, rollbacks, cancelled windows, the book's liability and limits. */
export const BETTING_COMMANDS: Record<string, Command> = {
  'sports:settle': {
    usage: SETTLE_USAGE,
    summary:
      'settle an event from a score (a different earlier result is rolled back first), void it, roll back its settlement, or cancel the bets placed in a time window',
    async run({ db }, args) {
      const u = this.usage;
      const modes = ['score', 'void', 'rollback', 'cancel-window'].filter((m) => args.flags[m] !== undefined);
      if (modes.length !== 1)
        throw new UsageError(`give exactly one of --score, --void, --rollback, --cancel-window\nusage: ${u}`);
      const ev = await eventOf(db, args, u);
      const o = { tenantId: ev.tenant_id, eventId: ev.id };
      const reason = (text(args, 'reason', u) ?? 'operator').slice(0, 200);
      const name = `${ev.home} x ${ev.away}`;
      if (modes[0] === 'rollback') {
        const r = await rollbackEventSettlement(db, { ...o, reason });
        return `${name}: settlement rolled back, ${r.reopened} bets open again${kept(r.kept)}; the event waits for a new result`;
      }
      if (modes[0] === 'void') {
        const s = await voidEvent(db, { ...o, reason });
        return `${name}: cancelled, every leg on it void; ${settled(s)}`;
      }
      if (modes[0] === 'cancel-window') {
        const from = time(args, 'from', u);
        const to = time(args, 'to', u);
        if (from > to) throw new UsageError(`--from is after --to\nusage: ${u}`);
        const w = await cancelBetsInWindow(db, { ...o, from, to, reason });
        return `${name}: ${w.voided} legs placed ${from.toISOString()}..${to.toISOString()} void (${w.reopened} settled bets rolled back first), ${w.settled} bets closed${kept(w.kept)}`;
      }
      const ft = score(flag(args, 'score', u), 'score', u);
      const htRaw = text(args, 'ht', u);
      const ht = htRaw ? score(htRaw, 'ht', u) : null;
      if (ht && (ht[0] > ft[0] || ht[1] > ft[1]))
        throw new UsageError(`the half-time score cannot be above the final score\nusage: ${u}`);
      if (ev.status === 'cancelled') throw new UsageError(`${name} is cancelled: roll it back first\nusage: ${u}`);
      const lines: string[] = [];
      const r = await settleEventScore(db, { ...o, score: ft, ht, reason });
      if (r.rolledBack)
        lines.push(
          `${name}: the result ${r.rolledBack.from[0]}-${r.rolledBack.from[1]} rolled back (${r.rolledBack.reopened} bets open again${kept(r.rolledBack.kept)})`,
        );
      lines.push(`${name} ${ft[0]}-${ft[1]}: ${settled(r.settled)}`);
      return lines.join('\n');
    },
  },
  'sports:liability': {
    usage: LIABILITY_USAGE,
    summary:
      "an event's open bets per market and outcome: stakes, what they would pay, and the book's result if the outcome wins",
    async run({ db }, args) {
      const ev = await eventOf(db, args, this.usage);
      const rows = await eventLiability(db, ev.id);
      if (rows.length === 0) return `${ev.home} x ${ev.away}: no open bets`;
      return `${ev.home} x ${ev.away} (${ev.status})\n${table(
        rows.map((r) => ({
          market: r.market,
          outcome: r.outcome,
          bets: r.bets,
          stakes: brl(r.stakes),
          pays: brl(r.potential),
          book_if_wins: brl(r.book_if_wins),
        })),
      )}`;
    },
  },
  'sports:limits': {
    usage: LIMITS_USAGE,
    summary: "show or set a tenant's stake and payout limits, market liability, live bet delay and margins",
    async run({ db }, args) {
      const u = this.usage;
      const tenantId = await tenantOfHost(db, args, u, findTenantByHost);
      const cents = (name: string, min: number) => {
        const v = text(args, name, u);
        if (v === undefined) return null;
        if (!/^\d{1,12}$/.test(v) || Number(v) < min)
          throw new UsageError(`--${name} is a whole number of centavos >= ${min}\nusage: ${u}`);
        return Number(v);
      };
      const set = {
        min_stake: cents('min-stake', 1),
        max_stake: cents('max-stake', 1),
        max_payout: cents('max-payout', 1),
        market_liability: cents('market-liability', 1),
        live_delay_ms: cents('live-delay-ms', 0),
      };
      if (set.live_delay_ms !== null && set.live_delay_ms > 60_000)
        throw new UsageError(`--live-delay-ms is at most 60000\nusage: ${u}`);
      const margins: Record<string, number> = {};
      const raw = args.flags.margin;
      // parseArgs keeps the last of repeated flags; several margins also go in one flag, comma separated.
      const list = raw === undefined ? [] : raw === true ? [''] : raw.split(',');
      for (const m of list) {
        const x = /^([a-z0-9_]+)=(0(?:\.\d{1,4})?)$/.exec(m.trim());
        if (!x || !(MARKET_KINDS as readonly string[]).includes(x[1]!) || Number(x[2]) >= 0.5)
          throw new UsageError(
            `--margin is kind=fraction below 0.5 (e.g. 1x2=0.07), kind one of ${MARKET_KINDS.join(', ')}\nusage: ${u}`,
          );
        margins[x[1]!] = Number(x[2]);
      }
      const changes = Object.entries(set).filter(([, v]) => v !== null);
      if (changes.length > 0 || Object.keys(margins).length > 0) {
        try {
          await setBookLimits(db, tenantId, {
            minStake: set.min_stake ?? undefined,
            maxStake: set.max_stake ?? undefined,
            maxPayout: set.max_payout ?? undefined,
            marketLiability: set.market_liability ?? undefined,
            liveDelayMs: set.live_delay_ms ?? undefined,
            margins,
          });
        } catch (err) {
          if (err instanceof DeskRefusal) throw new UsageError(`${err.message}\nusage: ${u}`);
          throw err;
        }
      }
      const { rows } = await db.query<{
        margins: Record<string, number>;
        min_stake: string;
        max_stake: string;
        max_payout: string;
        market_liability: string;
        live_delay_ms: number;
      }>(
        `select margins, min_stake::text, max_stake::text, max_payout::text, market_liability::text, live_delay_ms
          from sports_settings where tenant_id = $1`,
        [tenantId],
      );
      const r = rows[0];
      if (!r) return 'defaults (no settings stored for this tenant)';
      return table([
        {
          min_stake: brl(Number(r.min_stake)),
          max_stake: brl(Number(r.max_stake)),
          max_payout: brl(Number(r.max_payout)),
          market_liability: brl(Number(r.market_liability)),
          live_delay_ms: r.live_delay_ms,
          margins:
            Object.entries(r.margins)
              .map(([k, v]) => `${k}=${v}`)
              .join(' ') || 'defaults',
        },
      ]);
    },
  },
};
