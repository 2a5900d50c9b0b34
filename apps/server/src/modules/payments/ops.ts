import { type Command, type Parsed, table, UsageError } from '../../platform/ops';
import { listWithdrawals, reviewWithdrawal } from './withdrawals';

const brl = (c: number) => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(c / 100);

function idArg(args: Parsed, usage: string): number {
  const v = args.positional[0];
  if (!v || !/^\d{1,15}$/.test(v)) throw new UsageError(`missing or invalid ID\nusage: ${usage}`);
  return Number(v);
}

const STATUS = ['pending', 'approved', 'cancelled', 'invalid key', 'processing', 'under review'];

/** Operator commands of payments. */
export const PAYMENT_COMMANDS: Record<string, Command> = {
  'withdrawal:list': {
    usage: 'withdrawal:list [--status 0-5]',
    summary: 'recent withdrawals (5 = under review, waiting for an operator)',
    async run({ db }, args) {
      const s = typeof args.flags.status === 'string' ? Number(args.flags.status) : undefined;
      const list = await listWithdrawals(db, { status: s });
      return table(
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
};
