import { userInfo } from 'node:os';
import type { Sql } from '../../platform/db/index';
import { type Command, type Parsed, table, UsageError } from '../../platform/ops';
import { appendAudit } from '../responsible-gaming/index';
import { DEFAULT_TWO_PERSON_ABOVE, setTwoPersonAbove, twoPersonAbove } from './approvals';
import type { ReviewRow } from './review-queue';
import { listWithdrawals, reviewWithdrawal, WITHDRAW_STATUS } from './withdrawals';

const brl = (c: number) => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(c / 100);

function idArg(args: Parsed, usage: string): number {
  const v = args.positional[0];
  if (!v || !/^\d{1,15}$/.test(v)) throw new UsageError(`missing or invalid ID\nusage: ${usage}`);
  return Number(v);
}

/** The operator named by --by, else the OS user running the command: who the audit log says decided. */
function operatorOf(args: Parsed): string {
  if (typeof args.flags.by === 'string' && args.flags.by.trim()) return args.flags.by.trim().slice(0, 100);
  try {
    return userInfo().username || 'ops';
  } catch {
    return 'ops';
  }
}

/** The audit row of a decision taken from the CLI, in the decision's transaction (as the console's). */
const auditAs =
  (operator: string, action: string) => async (tx: Sql, change: { before: ReviewRow; after: ReviewRow }) =>
    appendAudit(tx, {
      tenantId: change.after.tenant_id,
      userId: change.after.player_id,
      actor: `ops:${operator}`,
      action,
      before: change.before,
      after: change.after,
      ip: null,
    });

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
      const operator = operatorOf(args);
      const w = await reviewWithdrawal(db, {
        id: idArg(args, this.usage),
        approve: true,
        operator: `ops:${operator}`,
        onReviewed: auditAs(operator, 'withdrawal.approve'),
        onFirstApproval: auditAs(operator, 'withdrawal.approve_first'),
      });
      if (w.status === WITHDRAW_STATUS.under_review)
        return `withdrawal ${w.id}: first approval recorded; it needs a second approval by someone else`;
      return `withdrawal ${w.id} approved: it is paid out on the next job run`;
    },
  },
  'withdrawal:reject': {
    usage: 'withdrawal:reject ID [--reason TEXT] [--by NAME]',
    summary: 'reject a withdrawal under review; the amount returns to the player',
    async run({ db }, args) {
      const operator = operatorOf(args);
      const w = await reviewWithdrawal(db, {
        id: idArg(args, this.usage),
        approve: false,
        operator: `ops:${operator}`,
        reason: typeof args.flags.reason === 'string' ? args.flags.reason : undefined,
        onReviewed: auditAs(operator, 'withdrawal.reject'),
      });
      return `withdrawal ${w.id} rejected; ${brl(w.amount)} returned to the player`;
    },
  },
  'withdrawal:two-person': {
    usage: 'withdrawal:two-person --tenant ID [--above CENTAVOS]',
    summary: `the amount above which two people approve a withdrawal (default ${brl(DEFAULT_TWO_PERSON_ABOVE)})`,
    async run({ db }, args) {
      const t = String(args.flags.tenant ?? '');
      if (!/^\d{1,15}$/.test(t)) throw new UsageError(`missing or invalid --tenant\nusage: ${this.usage}`);
      const tenantId = Number(t);
      if (args.flags.above !== undefined) {
        const a = String(args.flags.above);
        if (!/^\d{1,15}$/.test(a)) throw new UsageError(`--above takes centavos (digits)\nusage: ${this.usage}`);
        await setTwoPersonAbove(db, { tenantId, above: Number(a) });
      }
      return `tenant ${tenantId}: two approvals above ${brl(await twoPersonAbove(db, tenantId))}`;
    },
  },
};
