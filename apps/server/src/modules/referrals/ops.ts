import type { Db } from '../../platform/db/index';
import { AppError } from '../../platform/errors';
import { type Command, flag, type Parsed, table, UsageError } from '../../platform/ops';
import { findTenantByHost } from '../tenants/index';
import { brl } from './messages';
import * as repo from './repo';
import { approveReferral, rejectReferral } from './service';

const STATUSES: repo.ReferralStatus[] = ['refused', 'registered', 'qualifying', 'review', 'paid', 'rejected'];

/** The one positional argument: a referral id, digits only. */
function idOf(args: Parsed, usage: string): number {
  const raw = args.positional[0];
  if (!raw) throw new UsageError(`missing the referral ID\nusage: ${usage}`);
  if (!/^\d{1,15}$/.test(raw) || Number(raw) < 1)
    throw new UsageError(`the referral ID must be a whole number >= 1, not "${raw}"\nusage: ${usage}`);
  if (args.positional.length > 1) throw new UsageError(`one referral ID at a time\nusage: ${usage}`);
  return Number(raw);
}

async function tenantOfReferral(db: Db, id: number, usage: string) {
  const tenantId = await repo.findTenantOf(db, id);
  if (tenantId === null) throw new UsageError(`no referral ${id}\nusage: ${usage}`);
  return tenantId;
}

/** The service's refusals (already paid, wrong state) are the operator's answer, not a crash. */
async function asUsage<T>(f: () => Promise<T>, usage: string): Promise<T> {
  try {
    return await f();
  } catch (err) {
    if (err instanceof AppError && err.status < 500) throw new UsageError(`${err.message}\nusage: ${usage}`);
    throw err;
  }
}

const describe = (r: repo.ReferralRow) =>
  `referral ${r.id}: player ${r.referrer_id} referred ${r.referred_id}, ${r.status}` +
  (r.cpa_amount ? `, CPA ${brl(r.cpa_amount)}` : '');

/** Refer a friend's operator commands; merged into the ops COMMANDS table. */
export const REFERRALS_COMMANDS: Record<string, Command> = {
  'affiliate:list': {
    usage: `affiliate:list --host H [--status ${STATUSES.join('|')}]`,
    summary:
      "the tenant's referrals, newest first (200 at most): who referred whom, the state, a refusal's or " +
      "rejection's reason, the friend's deposit and wager, the CPA and when its review ends",
    async run({ db }, args) {
      const host = flag(args, 'host', this.usage).toLowerCase();
      const t = await findTenantByHost(db, host);
      if (!t) throw new UsageError(`no tenant is served from ${host}\nusage: ${this.usage}`);
      const s = args.flags.status;
      if (s !== undefined && (typeof s !== 'string' || !STATUSES.includes(s as repo.ReferralStatus)))
        throw new UsageError(`--status must be one of ${STATUSES.join(', ')}\nusage: ${this.usage}`);
      const rows = await repo.listForOperator(db, {
        tenantId: t.id,
        status: (s as repo.ReferralStatus | undefined) ?? null,
        limit: 200,
      });
      return table(
        rows.map((r) => ({
          id: r.id,
          referrer: `${r.referrer_id} ${r.referrer_name}`,
          referred: `${r.referred_id} ${r.referred_name}`,
          status: r.status,
          reason: r.reason ? `${r.reason}${r.reason_note ? `: ${r.reason_note}` : ''}` : '',
          deposit: r.first_deposit === null ? '-' : brl(Number(r.first_deposit)),
          wagered: brl(Number(r.wagered)),
          cpa: r.cpa_amount ? brl(Number(r.cpa_amount)) : '-',
          review_until: r.review_until && r.status === 'review' ? r.review_until.toISOString() : '',
          created: r.created_at.toISOString(),
        })),
      );
    },
  },
  'affiliate:approve': {
    usage: 'affiliate:approve ID',
    summary: 'pay a CPA in review now, before its review period ends (through the ledger, once)',
    async run({ db }, args) {
      const id = idOf(args, this.usage);
      const tenantId = await tenantOfReferral(db, id, this.usage);
      const r = await asUsage(() => approveReferral(db, { tenantId, id, now: new Date() }), this.usage);
      return `${describe(r)}: paid into player ${r.referrer_id}'s cash`;
    },
  },
  'affiliate:reject': {
    usage: 'affiliate:reject ID --reason TEXT',
    summary:
      'end a referral without a CPA (not once paid); the reason is kept for the record, the players are not told it',
    async run({ db }, args) {
      const id = idOf(args, this.usage);
      const reason = flag(args, 'reason', this.usage);
      const tenantId = await tenantOfReferral(db, id, this.usage);
      const r = await asUsage(() => rejectReferral(db, { tenantId, id, reason, now: new Date() }), this.usage);
      return `${describe(r)} (${r.reason_note})`;
    },
  },
};
