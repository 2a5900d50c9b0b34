import type { Command, Parsed } from '../../ops/commands';
import { UsageError } from '../../ops/commands';
import { checkLedger, readBalance } from './ledger';
import { listPendingDocuments, reviewDocument } from './service';
import { listWithdrawals, reviewWithdrawal } from './withdrawals';

const brl = (c: number) => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(c / 100);

function idArg(args: Parsed, usage: string): number {
  const v = args.positional[0];
  if (!v || !/^\d{1,15}$/.test(v)) throw new UsageError(`missing or invalid ID\nusage: ${usage}`);
  return Number(v);
}

function rows(list: Record<string, unknown>[]): string {
  if (list.length === 0) return '(none)';
  const cols = Object.keys(list[0]!);
  const w = cols.map((c) => Math.max(c.length, ...list.map((r) => String(r[c]).length)));
  const line = (v: string[]) =>
    v
      .map((x, i) => x.padEnd(w[i]!))
      .join('  ')
      .trimEnd();
  return [line(cols), line(w.map((n) => '-'.repeat(n))), ...list.map((r) => line(cols.map((c) => String(r[c]))))].join(
    '\n',
  );
}

const STATUS = ['pending', 'approved', 'cancelled', 'invalid key', 'processing', 'under review'];

/** Operator commands of the wallet (issue 4). */
export const WALLET_COMMANDS: Record<string, Command> = {
  'ledger:check': {
    usage: 'ledger:check [--tenant ID]',
    summary: 'prove every ledger transaction sums to zero and every player balance equals its entries',
    async run({ db }, args) {
      const t = typeof args.flags.tenant === 'string' ? Number(args.flags.tenant) : undefined;
      const r = await checkLedger(db, t);
      const head = `${r.transactions} transactions, ${r.entries} entries checked`;
      const totals = rows(r.totals.map((x) => ({ tenant: x.tenant_id, account: x.kind, sum: brl(Number(x.total)) })));
      if (r.ok) return `OK: ${head}; no differences.\n\nsum of entries per account kind:\n${totals}`;
      throw new UsageError(
        `LEDGER PROBLEMS (${r.problems.length}): ${head}\n${r.problems.map((p) => JSON.stringify(p)).join('\n')}`,
      );
    },
  },
  'wallet:balance': {
    usage: 'wallet:balance --user ID --tenant ID',
    summary: "a player's cash, bonus and pending balances",
    async run({ db }, args) {
      const user = Number(args.flags.user);
      const tenant = Number(args.flags.tenant);
      if (!Number.isSafeInteger(user) || !Number.isSafeInteger(tenant)) throw new UsageError(`usage: ${this.usage}`);
      const b = await readBalance(db, tenant, user);
      return `cash ${brl(b.cash)}  bonus ${brl(b.bonus)}  pending ${brl(b.pending)}`;
    },
  },
  'withdrawal:list': {
    usage: 'withdrawal:list [--status 0-5]',
    summary: 'recent withdrawals (5 = under review, waiting for an operator)',
    async run({ db }, args) {
      const s = typeof args.flags.status === 'string' ? Number(args.flags.status) : undefined;
      const list = await listWithdrawals(db, { status: s });
      return rows(
        list.map((w) => ({
          id: w.id,
          tenant: w.tenant_id,
          player: w.email,
          amount: brl(w.amount),
          status: `${w.status} ${STATUS[w.status]}`,
          requested: w.created_at.toISOString().slice(0, 16),
          due: w.due_at.toISOString().slice(0, 16),
          error: w.last_error ?? '',
        })),
      );
    },
  },
  'withdrawal:approve': {
    usage: 'withdrawal:approve ID [--by NAME]',
    summary: 'release a withdrawal under review to the payout job',
    async run({ db }, args) {
      const w = await reviewWithdrawal(db, {
        id: idArg(args, this.usage),
        approve: true,
        operator: String(args.flags.by ?? 'ops'),
      });
      return `withdrawal ${w.id} approved: it is paid out on the next job run`;
    },
  },
  'withdrawal:reject': {
    usage: 'withdrawal:reject ID [--reason TEXT] [--by NAME]',
    summary: 'reject a withdrawal under review; the amount returns to the player',
    async run({ db }, args) {
      const w = await reviewWithdrawal(db, {
        id: idArg(args, this.usage),
        approve: false,
        operator: String(args.flags.by ?? 'ops'),
        reason: typeof args.flags.reason === 'string' ? args.flags.reason : undefined,
      });
      return `withdrawal ${w.id} rejected; ${brl(w.amount)} returned to the player`;
    },
  },
  'kyc:list': {
    usage: 'kyc:list',
    summary: 'documents waiting for review',
    async run({ db }) {
      const list = await listPendingDocuments(db);
      return rows(
        list.map((d) => ({ id: d.id, tenant: d.tenant_id, player: d.email, type: d.type, file: d.storage_key })),
      );
    },
  },
  'kyc:approve': {
    usage: 'kyc:approve ID',
    summary: 'approve a document; the player is notified',
    async run({ db }, args) {
      const d = await reviewDocument(db, { id: idArg(args, this.usage), approve: true });
      return `document ${d.id} (${d.type}) approved`;
    },
  },
  'kyc:reject': {
    usage: 'kyc:reject ID --reason TEXT',
    summary: 'reject a document with a reason the player sees',
    async run({ db }, args) {
      const reason = args.flags.reason;
      if (typeof reason !== 'string' || !reason.trim()) throw new UsageError(`missing --reason\nusage: ${this.usage}`);
      const d = await reviewDocument(db, { id: idArg(args, this.usage), approve: false, reason: reason.slice(0, 300) });
      return `document ${d.id} (${d.type}) rejected`;
    },
  },
};
