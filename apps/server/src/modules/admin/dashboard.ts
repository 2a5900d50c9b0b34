import type {
  DashboardQueues,
  DashboardReply,
  DayFigures,
  ProductFigures,
  StatsFigures,
  StatsProduct,
} from '@sorte/contracts';
import { STATS_PRODUCTS } from '@sorte/contracts';
import type { Db, Sql } from '../../platform/db/index';
import { listTenants } from '../tenants/index';
import { tenantScope } from './permissions';
import type { StaffMember } from './staff';
import { STATS_TIME_ZONE } from './stats';

/**
 * Lei 14.790/2023 (art. 30) taxes a licensed operator's GGR at 12 %; a tenant outside the regulated mode (a demo)
 * pays nothing here. The base is the period's GGR when positive, per tenant (a losing period owes nothing; the law
 * offsets losses within the month, which a monthly report period reproduces).
 */
export const REGULATED_GGR_TAX = 0.12;

/** Today in America/Sao_Paulo, YYYY-MM-DD. */
export function statsToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: STATS_TIME_ZONE, dateStyle: 'short' }).format(now);
}

/** The tenants a staff member's request covers (null: all) and each one's GGR tax rate. */
export async function scopeAndRates(db: Sql, staff: StaffMember, requested?: number) {
  const tenant = tenantScope(staff, requested) ?? null;
  const rates = new Map<number, number>();
  for (const t of await listTenants(db)) rates.set(t.id, t.settings.is_regulated ? REGULATED_GGR_TAX : 0);
  return { tenant, rates };
}

type MoneyRow = {
  tenant_id: string;
  day: string;
  deposits: string;
  deposit_count: string;
  withdrawals: string;
  withdrawal_count: string;
  bonus_cost: string;
  first_deposits: string;
  active_players: string;
};
type PlayRow = { tenant_id: string; day: string; product: StatsProduct; stakes: string; wins: string; rounds: string };

const n = (v: string | number | null | undefined) => Number(v ?? 0);
const hold = (ggr: number, stakes: number) => (stakes > 0 ? ggr / stakes : null);

function emptyFigures(): StatsFigures {
  return {
    deposits: 0,
    deposit_count: 0,
    withdrawals: 0,
    withdrawal_count: 0,
    stakes: 0,
    wins: 0,
    ggr: 0,
    bonus_cost: 0,
    tax: 0,
    ngr: 0,
    hold: null,
    first_deposits: 0,
    active_players: 0,
  };
}

/**
 * Sums money and play rows (of any tenants and days) into one set of figures; the tax is worked out per tenant on
 * its own GGR over the rows given.
 */
function figuresOf(money: MoneyRow[], play: PlayRow[], rates: Map<number, number>, active: number): StatsFigures {
  const f = emptyFigures();
  const ggrByTenant = new Map<number, number>();
  for (const m of money) {
    f.deposits += n(m.deposits);
    f.deposit_count += n(m.deposit_count);
    f.withdrawals += n(m.withdrawals);
    f.withdrawal_count += n(m.withdrawal_count);
    f.bonus_cost += n(m.bonus_cost);
    f.first_deposits += n(m.first_deposits);
  }
  for (const p of play) {
    f.stakes += n(p.stakes);
    f.wins += n(p.wins);
    const t = n(p.tenant_id);
    ggrByTenant.set(t, (ggrByTenant.get(t) ?? 0) + n(p.stakes) - n(p.wins));
  }
  f.ggr = f.stakes - f.wins;
  for (const [t, ggr] of ggrByTenant) f.tax += Math.round(Math.max(ggr, 0) * (rates.get(t) ?? 0));
  f.ngr = f.ggr - f.bonus_cost - f.tax;
  f.hold = hold(f.ggr, f.stakes);
  f.active_players = active;
  return f;
}

async function moneyRows(db: Sql, tenant: number | null, from: string, to: string): Promise<MoneyRow[]> {
  const { rows } = await db.query<MoneyRow>(
    `select tenant_id::text, to_char(day, 'YYYY-MM-DD') as day, deposits::text, deposit_count::text,
        withdrawals::text, withdrawal_count::text, bonus_cost::text, first_deposits::text, active_players::text
      from admin_daily_money
      where ($1::bigint is null or tenant_id = $1) and day between $2::date and $3::date`,
    [tenant, from, to],
  );
  return rows;
}

/** Real-money play per tenant, day and product (the games summed). */
async function playRows(db: Sql, tenant: number | null, from: string, to: string): Promise<PlayRow[]> {
  const { rows } = await db.query<PlayRow>(
    `select tenant_id::text, to_char(day, 'YYYY-MM-DD') as day, product, sum(cash_stakes)::text as stakes,
        sum(cash_wins)::text as wins, sum(rounds)::text as rounds
      from admin_daily_play
      where ($1::bigint is null or tenant_id = $1) and day between $2::date and $3::date
      group by tenant_id, day, product`,
    [tenant, from, to],
  );
  return rows;
}

/**
 * Distinct players who staked in the period: one day is that day's count; a longer period reads one row per player
 * and year (admin_player_days) and keeps those whose days meet the period's mask.
 */
async function activePlayers(db: Sql, tenant: number | null, from: string, to: string): Promise<number> {
  const { rows } = await db.query<{ n: string }>(
    from === to
      ? `select coalesce(sum(active_players), 0)::text as n from admin_daily_money
          where ($1::bigint is null or tenant_id = $1) and day between $2::date and $3::date`
      : `with m as (
           select extract(year from d)::int as y,
             bit_or(set_bit(repeat('0', 366)::bit(366), extract(doy from d)::int - 1, 1)) as mask
           from generate_series($2::date, $3::date, interval '1 day') d group by 1)
         select count(*)::text as n from (
           select distinct a.tenant_id, a.user_id from admin_player_days a join m on a.year = m.y
           where ($1::bigint is null or a.tenant_id = $1) and (a.days & m.mask) <> repeat('0', 366)::bit(366)) s`,
    [tenant, from, to],
  );
  return n(rows[0]?.n);
}

/** What waits for someone: counts of each review queue (each an index range of its owner's table). */
async function queueCounts(db: Sql, tenant: number | null): Promise<DashboardQueues> {
  const { rows } = await db.query<Record<keyof DashboardQueues, string>>(
    `select
        (select count(*) from withdrawals where status = 5 and ($1::bigint is null or tenant_id = $1))::text
          as withdrawals_under_review,
        (select count(*) from kyc_documents where status = 'pending' and ($1::bigint is null or tenant_id = $1))::text
          as kyc_pending,
        (select count(*) from event_retries where ($1::bigint is null or tenant_id = $1))::text as events_failed,
        (select count(*) from event_retries where parked_at is not null and ($1::bigint is null or tenant_id = $1))::text
          as events_parked,
        (select count(*) from referrals where status = 'review' and ($1::bigint is null or tenant_id = $1))::text
          as affiliate_payouts_pending`,
    [tenant],
  );
  const r = rows[0]!;
  return {
    withdrawals_under_review: n(r.withdrawals_under_review),
    kyc_pending: n(r.kyc_pending),
    events_failed: n(r.events_failed),
    events_parked: n(r.events_parked),
    affiliate_payouts_pending: n(r.affiliate_payouts_pending),
  };
}

function dayList(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/** GET /api/admin/dashboard: the period's figures, today's, per product, per day, and the queues. */
export async function dashboard(
  db: Db,
  staff: StaffMember,
  q: { from?: string; to?: string; tenant?: number },
): Promise<DashboardReply> {
  const { tenant, rates } = await scopeAndRates(db, staff, q.tenant);
  const today = statsToday();
  const from = q.from ?? q.to ?? today;
  const to = q.to ?? (q.from ? q.from : today);
  const lo = from < today ? from : today;
  const hi = to > today ? to : today;
  // One read of the rollups covers the period and today; the split is done here.
  const [money, play, periodActive, todayActive, queues, asOf] = await Promise.all([
    moneyRows(db, tenant, lo, hi),
    playRows(db, tenant, lo, hi),
    activePlayers(db, tenant, from, to),
    activePlayers(db, tenant, today, today),
    queueCounts(db, tenant),
    db.query<{ at: Date | null }>(`select max(updated_at) as at from admin_stats_positions`),
  ]);
  const inPeriod = <T extends { day: string }>(rows: T[]) => rows.filter((r) => r.day >= from && r.day <= to);
  const onToday = <T extends { day: string }>(rows: T[]) => rows.filter((r) => r.day === today);
  const periodPlay = inPeriod(play);

  const products: ProductFigures[] = STATS_PRODUCTS.map((product) => {
    const rows = periodPlay.filter((p) => p.product === product);
    const stakes = rows.reduce((s, r) => s + n(r.stakes), 0);
    const wins = rows.reduce((s, r) => s + n(r.wins), 0);
    const rounds = rows.reduce((s, r) => s + n(r.rounds), 0);
    return { product, stakes, wins, ggr: stakes - wins, rounds, hold: hold(stakes - wins, stakes) };
  });

  const days: DayFigures[] = dayList(from, to).map((day) => {
    const m = money.filter((r) => r.day === day);
    const f = figuresOf(
      m,
      play.filter((r) => r.day === day),
      rates,
      m.reduce((s, r) => s + n(r.active_players), 0),
    );
    return {
      day,
      deposits: f.deposits,
      withdrawals: f.withdrawals,
      stakes: f.stakes,
      ggr: f.ggr,
      ngr: f.ngr,
      first_deposits: f.first_deposits,
      active_players: f.active_players,
    };
  });

  const rateShown = tenant !== null ? (rates.get(tenant) ?? 0) : Math.max(0, ...rates.values());
  const at = asOf.rows[0]?.at;
  return {
    tenant_id: tenant,
    from,
    to,
    today,
    tax_rate: rateShown,
    as_of: at ? new Date(at).toISOString() : null,
    period: figuresOf(inPeriod(money), periodPlay, rates, periodActive),
    today_figures: figuresOf(onToday(money), onToday(play), rates, todayActive),
    products,
    days,
    queues,
  };
}
