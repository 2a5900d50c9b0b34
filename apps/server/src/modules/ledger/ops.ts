import { type Command, table, UsageError } from '../../platform/ops';
import { checkLedger, readBalance } from './ledger';

const brl = (c: number) => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(c / 100);

/** Operator commands of the ledger. */
export const LEDGER_COMMANDS: Record<string, Command> = {
  'ledger:check': {
    usage: 'ledger:check [--tenant ID]',
    summary: 'prove every ledger transaction sums to zero and every player balance equals its entries',
    async run({ db }, args) {
      const t = typeof args.flags.tenant === 'string' ? Number(args.flags.tenant) : undefined;
      const r = await checkLedger(db, t);
      const head = `${r.transactions} transactions, ${r.entries} entries checked`;
      const totals = table(r.totals.map((x) => ({ tenant: x.tenant_id, account: x.kind, sum: brl(Number(x.total)) })));
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
};
