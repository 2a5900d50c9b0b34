import { normalizeCpf } from '@sorte/contracts';
import type { Db } from '../../platform/db/index';
import { AppError } from '../../platform/errors';
import { findTenantByHost } from '../tenants/index';
import { runNationalCheck } from './jobs';
import { maskCpf } from './national';
import { describePolicies } from './policies';
import * as repo from './repo';

/** What an operator command gets (mirrors ops/commands.ts without importing it, to avoid a cycle). */
type Args = { flags: Record<string, string | true>; positional: string[] };
type Cmd = { usage: string; summary: string; run(ctx: { db: Db }, args: Args): Promise<string> };

const fail = (msg: string) => new AppError('bad_request', msg);

function table(rows: Record<string, string | number | boolean | null>[]): string {
  if (rows.length === 0) return '(none)';
  const cols = Object.keys(rows[0]!);
  const width = cols.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c] ?? '-').length)));
  const line = (vals: string[]) =>
    vals
      .map((v, i) => v.padEnd(width[i]!))
      .join('  ')
      .trimEnd();
  return [
    line(cols),
    line(width.map((w) => '-'.repeat(w))),
    ...rows.map((r) => line(cols.map((c) => String(r[c] ?? '-')))),
  ].join('\n');
}

async function tenantOf(db: Db, args: Args, usage: string) {
  const host = args.flags.host;
  if (typeof host !== 'string' || !host) throw fail(`missing --host\nusage: ${usage}`);
  const t = await findTenantByHost(db, host.toLowerCase());
  if (!t) throw fail(`no tenant is served from ${host}`);
  return t;
}

/** Responsible gaming's operator commands; merged into the ops COMMANDS table. */
export const RESPONSIBLE_GAMING_COMMANDS: Record<string, Cmd> = {
  'rg:national-add': {
    usage: 'rg:national-add CPF',
    summary:
      'add a CPF to the sandbox national self-exclusion list (found at registration, the first login of a day, or by rg:national-check)',
    async run({ db }, args) {
      const cpf = normalizeCpf(String(args.positional[0] ?? ''));
      if (!cpf) throw fail(`give a valid CPF (11 digits)\nusage: ${this.usage}`);
      const added = await repo.addToNationalList(db, cpf);
      return added
        ? `${maskCpf(cpf)} added to the sandbox national self-exclusion list`
        : `${maskCpf(cpf)} was already on the sandbox national self-exclusion list`;
    },
  },
  'rg:national-check': {
    usage: 'rg:national-check [--all]',
    summary:
      'check the accounts of regulated tenants against the national list now: those not checked for 15 days, or --all',
    async run({ db }, args) {
      const r = await runNationalCheck(db, { all: args.flags.all === true });
      return `checked ${r.checked} account(s); ${r.listed} on the list; ${r.closed} account(s) closed`;
    },
  },
  'rg:policies': {
    usage: 'rg:policies --host H',
    summary: "list the tenant's responsible-gaming policies (regulated mode or not), each with its value and source",
    async run({ db }, args) {
      const t = await tenantOf(db, args, this.usage);
      const head = `${t.name} (${t.primaryHost}): ${t.settings.is_regulated ? 'regulated' : 'not regulated'}`;
      return `${head}\n${table(describePolicies(t.settings))}`;
    },
  },
  audit: {
    usage: 'audit --user ID [--limit N]',
    summary: 'the responsible-gaming audit log of a player, newest first (who, what, before and after, when, IP)',
    async run({ db }, args) {
      const id = args.flags.user;
      if (typeof id !== 'string' || !/^\d{1,15}$/.test(id)) throw fail(`give --user ID\nusage: ${this.usage}`);
      const limit =
        typeof args.flags.limit === 'string' && /^\d{1,4}$/.test(args.flags.limit) ? Number(args.flags.limit) : 100;
      const rows = await repo.listAudit(db, Number(id), Math.max(1, limit));
      return table(
        rows.map((r) => ({
          id: r.id,
          when: r.created_at.toISOString(),
          tenant: r.tenant_id,
          actor: r.actor,
          action: r.action,
          before: r.before === null ? null : JSON.stringify(r.before),
          after: r.after === null ? null : JSON.stringify(r.after),
          ip: r.ip,
        })),
      );
    },
  },
};
