import type { Db } from '../../../platform/db/index';
import { type Command, flag, int, table, UsageError } from '../../../platform/ops';
import { findTenantByHost } from '../../tenants/index';
import * as repo from './repo';
import { grantCashback, runCashback } from './service';

const brl = (c: number) => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(c / 100);

async function tenantOf(db: Db, args: Parameters<Command['run']>[1], usage: string) {
  const host = flag(args, 'host', usage).toLowerCase();
  const t = await findTenantByHost(db, host);
  if (!t) throw new UsageError(`no tenant is served from ${host}\nusage: ${usage}`);
  return t;
}

const describeRun = (r: repo.RunRow) =>
  `${r.entries} entr${r.entries === 1 ? 'y' : 'ies'}, ${brl(r.total)} in all, ${r.percentage}% ${r.type}, ` +
  `released ${r.available_at.toISOString()}`;

/** Cashback's operator commands; merged into the ops COMMANDS table. */
export const CASHBACK_COMMANDS: Record<string, Command> = {
  'cashback:run': {
    usage: 'cashback:run --host H [--period YYYY-MM-DD]',
    summary:
      "compute a week's cashback for the tenant (the week, Monday to Sunday in its time zone, containing --period; " +
      'default the last week that ended); a week already computed is not computed again',
    async run({ db }, args) {
      const t = await tenantOf(db, args, this.usage);
      const p = args.flags.period;
      if (p === true) throw new UsageError(`--period needs a date (YYYY-MM-DD)\nusage: ${this.usage}`);
      const r = await runCashback(db, t, { now: new Date(), day: p, source: 'ops' });
      const week = `week ${r.period.start}..${r.period.end} (${t.settings.timezone})`;
      return r.created
        ? `${t.primaryHost}: ${week} computed: ${describeRun(r.run)}`
        : `${t.primaryHost}: ${week} was already computed on ${r.run.created_at.toISOString()} ` +
            `(${r.run.source}): ${describeRun(r.run)}; nothing new was written`;
    },
  },
  'cashback:grant': {
    usage: 'cashback:grant --host H --user ID --amount CENTAVOS --reason TEXT [--type calendar|immediate]',
    summary:
      'grant a player a cashback by hand (a goodwill gesture), released now and claimed like a weekly one ' +
      "(type: the tenant's cashback_type unless given); prints the new entry's id",
    async run({ db }, args) {
      const t = await tenantOf(db, args, this.usage);
      const userId = int(args, 'user', this.usage, 1);
      const amount = int(args, 'amount', this.usage, 1);
      const reason = flag(args, 'reason', this.usage);
      const type = args.flags.type;
      if (type !== undefined && type !== 'calendar' && type !== 'immediate')
        throw new UsageError(`--type must be calendar or immediate\nusage: ${this.usage}`);
      const e = await grantCashback(db, t, { userId, amount, reason, type, now: new Date() });
      return (
        `cashback ${e.id} granted to player ${userId} on ${t.primaryHost}: ${brl(e.amount)}, ${e.type} ` +
        `(${e.claims} claim${e.claims === 1 ? '' : 's'}), released ${e.available_at.toISOString()}`
      );
    },
  },
  'cashback:runs': {
    usage: 'cashback:runs --host H',
    summary: "the tenant's computed cashback weeks, newest first (entries, total, percentage, release)",
    async run({ db }, args) {
      const t = await tenantOf(db, args, this.usage);
      const runs = await repo.listRuns(db, t.id, 60);
      return table(
        runs.map((r) => ({
          week: `${r.period_start}..${r.period_end}`,
          entries: r.entries,
          total: brl(r.total),
          percent: r.percentage,
          type: r.type,
          released: r.available_at.toISOString(),
          by: r.source,
        })),
      );
    },
  },
};
