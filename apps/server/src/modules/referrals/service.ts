import { type AffiliatesReply, type Locale, maskName } from '@sorte/contracts';
import type { Db, Sql } from '../../platform/db/index';
import { AppError } from '../../platform/errors';
import { publish } from '../../platform/events/index';
import type { Tenant } from '../../platform/tenancy';
import { findAddress, findUserById } from '../auth/index';
import * as ledger from '../ledger/index';
import { sendNotification } from '../notifications/index';
import { findTenantById } from '../tenants/index';
import { MSG } from './messages';
import { qualifies, type ReferralPolicy, referralPolicy } from './policies';
import * as repo from './repo';

const DAY = 86_400_000;
export const PER_PAGE = 10;

/** Why a link was refused or a CPA rejected; the operator reads these, the players never do. */
export type RefusalReason = 'self' | 'same_cpf' | 'same_device' | 'same_address' | 'program_off';

type Address = Awaited<ReturnType<typeof findAddress>>;

/** Two addresses are the same home when postcode, street and number agree (case and spacing aside). */
function sameAddress(a: Address, b: Address): boolean {
  if (!a || !b) return false;
  const norm = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ').trim().toLowerCase();
  const zip = (s: string) => s.replace(/\D/g, '');
  return zip(a.zip_code) === zip(b.zip_code) && norm(a.street) === norm(b.street) && norm(a.number) === norm(b.number);
}

/**
 * Registration's hook (auth calls it inside the registration's transaction, composed in app.ts): records the link
 * of a new player to the owner of the code, or its refusal with the reason. Answers whether the link stands; the
 * registration goes on either way and tells the new player nothing about the referrer.
 */
export async function linkReferral(
  tx: Sql,
  o: {
    tenant: Tenant;
    referrerId: number;
    referredId: number;
    cpf: string | null;
    ip: string;
    userAgent: string | null;
  },
): Promise<boolean> {
  const reason = await refusalOf(tx, o);
  await repo.insertReferral(tx, {
    tenantId: o.tenant.id,
    referrerId: o.referrerId,
    referredId: o.referredId,
    status: reason ? 'refused' : 'registered',
    reason,
  });
  return reason === null;
}

async function refusalOf(
  tx: Sql,
  o: {
    tenant: Tenant;
    referrerId: number;
    referredId: number;
    cpf: string | null;
    ip: string;
    userAgent: string | null;
  },
): Promise<RefusalReason | null> {
  if (o.referrerId === o.referredId) return 'self';
  if (!referralPolicy(o.tenant.settings).active) return 'program_off';
  const referrer = await findUserById(tx, o.tenant.id, o.referrerId);
  if (!referrer) return 'self';
  if (o.cpf && referrer.cpf === o.cpf) return 'same_cpf';
  const device = { tenantId: o.tenant.id, referrerId: o.referrerId, ip: o.ip, userAgent: o.userAgent };
  if (await repo.referrerUsedDevice(tx, device)) return 'same_device';
  return null;
}

/** The checks again when the CPA is earned: by then the friend may have given a CPF, an address, more sessions. */
async function fraudAtQualification(tx: Sql, tenantId: number, r: repo.ReferralRow): Promise<RefusalReason | null> {
  const [a, b] = await Promise.all([
    findUserById(tx, tenantId, r.referrer_id),
    findUserById(tx, tenantId, r.referred_id),
  ]);
  if (a?.cpf && b?.cpf && a.cpf === b.cpf) return 'same_cpf';
  if (await repo.sharedDevice(tx, { tenantId, a: r.referrer_id, b: r.referred_id })) return 'same_device';
  const [ra, rb] = [await findAddress(tx, tenantId, r.referrer_id), await findAddress(tx, tenantId, r.referred_id)];
  if (sameAddress(ra, rb)) return 'same_address';
  return null;
}

type Notice = {
  tenantId: number;
  userId: number;
  title: { pt: string; en: string };
  description: { pt: string; en: string };
};

/** Tells the referrer in their language; after the change committed, and a failure to notify undoes nothing. */
export async function notify(db: Db, n: Notice): Promise<void> {
  const u = await findUserById(db, n.tenantId, n.userId);
  const lang: Locale = u?.language === 'en' ? 'en' : 'pt';
  await sendNotification(db, {
    tenantId: n.tenantId,
    userId: n.userId,
    title: n.title[lang],
    description: n.description[lang],
    url: '/refers',
  });
}

const friendName = async (sql: Sql, tenantId: number, userId: number) =>
  maskName((await findUserById(sql, tenantId, userId))?.first_name ?? '');

/**
 * A referred friend's activity (first deposit, or a settled stake: the wager is the ledger's running total, so a
 * repeated event changes nothing). When the conditions are met the referral goes to review with the CPA held until
 * the review ends. Answers the referrer's notice to send once committed, if any.
 */
export async function recordActivity(
  tx: Sql,
  o: { tenant: Tenant; userId: number; firstDeposit?: number; now: Date },
): Promise<Notice | null> {
  const r = await repo.findOpenForReferred(tx, o.tenant.id, o.userId);
  if (!r) return null;
  const policy = referralPolicy(o.tenant.settings);
  const wagered = await ledger.totalBet(tx, { tenantId: o.tenant.id, userId: o.userId });
  const firstDeposit = r.first_deposit ?? o.firstDeposit ?? null;
  const capped = policy.minWager > 0 ? Math.min(wagered, policy.minWager) : wagered;
  await repo.recordActivity(tx, { tenantId: o.tenant.id, id: r.id, firstDeposit: o.firstDeposit, wagered: capped });
  if (!qualifies(policy, { firstDeposit, wagered })) return null;
  return qualify(tx, o.tenant, r, policy, o.now);
}

async function qualify(tx: Sql, tenant: Tenant, r: repo.ReferralRow, policy: ReferralPolicy, now: Date) {
  const reject = (reason: RefusalReason) =>
    repo.markRejected(tx, { tenantId: tenant.id, id: r.id, reason, note: null, now }).then(() => null);
  if (!policy.active) return reject('program_off');
  const fraud = await fraudAtQualification(tx, tenant.id, r);
  if (fraud) return reject(fraud);
  const reviewUntil = new Date(now.getTime() + policy.reviewDays * DAY);
  const ok = await repo.markQualified(tx, { tenantId: tenant.id, id: r.id, amount: policy.cpaValue, now, reviewUntil });
  if (!ok) return null;
  const m = MSG.qualified(await friendName(tx, tenant.id, r.referred_id), policy.cpaValue, policy.reviewDays);
  return { tenantId: tenant.id, userId: r.referrer_id, ...m };
}

/**
 * Pays one CPA in review: the conditional update to paid lets exactly one of several payers (the job on two nodes,
 * an operator's approval) go on, and the ledger key per referral makes a second credit impossible anyway.
 * Answers the paid row, or null when it was not in review (already paid, rejected, or not qualified).
 */
export async function payReferral(db: Db, o: { tenantId: number; id: number; now: Date }) {
  const paid = await db.transaction(async (tx) => {
    const row = await repo.markPaid(tx, o);
    if (!row?.cpa_amount) return null;
    const money = await ledger.credit(tx, {
      tenantId: o.tenantId,
      userId: row.referrer_id,
      amount: row.cpa_amount,
      type: 'bonus',
      account: 'cash',
      from: 'promotions',
      idempotencyKey: `referrals:${row.id}:cpa`,
      reference: `referral:${row.id}`,
      metadata: { kind: 'cpa', referred_id: row.referred_id },
    });
    await repo.setLedgerTransaction(tx, { tenantId: o.tenantId, id: row.id, transactionId: money.transaction_id });
    // The referrer's header balance follows the payout live, as a deposit's does.
    await publish(tx, {
      name: 'wallet.balance_updated',
      tenantId: o.tenantId,
      userId: row.referrer_id,
      payload: { balance: money.balance.cash, bonus: money.balance.bonus },
    });
    return { row, name: await friendName(tx, o.tenantId, row.referred_id) };
  });
  if (!paid) return null;
  // The money is paid and committed: a notice that cannot be sent (a push service down) must not report the payout
  // as failed; the player still sees it on /refers and in the balance.
  await notify(db, {
    tenantId: o.tenantId,
    userId: paid.row.referrer_id,
    ...MSG.paid(paid.name, paid.row.cpa_amount!),
  }).catch(() => {});
  return paid.row;
}

/** The job's work: every CPA whose review has ended is paid, in batches. Answers how many were paid. */
export async function payDue(db: Db, now: Date): Promise<number> {
  let count = 0;
  for (;;) {
    const due = await repo.listDue(db, now, 100);
    for (const d of due) if (await payReferral(db, { tenantId: d.tenant_id, id: d.id, now })) count++;
    if (due.length < 100) return count;
  }
}

const refusal = (text: string) => new AppError('conflict', { pt: text, en: text });

/** Operator: pays a CPA in review now, before its review ends. */
export async function approveReferral(db: Db, o: { tenantId: number; id: number; now: Date }) {
  const r = await repo.findById(db, o.tenantId, o.id);
  if (!r) throw new AppError('not_found', MSG.notFound);
  if (r.status !== 'review') throw refusal(`referral ${o.id} is ${r.status}: only a CPA in review can be approved`);
  const paid = await payReferral(db, o);
  if (!paid) throw refusal(`referral ${o.id} was just paid or rejected by someone else`);
  return paid;
}

/** Operator: ends a referral without a CPA (before it is paid), with the reason kept for the record. */
export async function rejectReferral(db: Db, o: { tenantId: number; id: number; reason: string; now: Date }) {
  const reason = o.reason.trim();
  if (reason.length < 3 || reason.length > 500)
    throw new AppError('bad_request', 'the reason must be 3 to 500 characters');
  const r = await repo.findById(db, o.tenantId, o.id);
  if (!r) throw new AppError('not_found', MSG.notFound);
  if (r.status === 'paid' || r.status === 'rejected' || r.status === 'refused')
    throw refusal(`referral ${o.id} is ${r.status}: it can no longer be rejected`);
  const ok = await db.transaction((tx) =>
    repo.markRejected(tx, { tenantId: o.tenantId, id: o.id, reason: 'operator', note: reason, now: o.now }),
  );
  if (!ok) throw refusal(`referral ${o.id} was just paid or rejected by someone else`);
  return (await repo.findById(db, o.tenantId, o.id))!;
}

/** GET /profile/affiliates: the player's own friends, their states and earnings, and the programme's figures. */
export async function listAffiliates(
  db: Db,
  o: { tenant: Tenant; userId: number; page: number },
): Promise<AffiliatesReply> {
  const me = await findUserById(db, o.tenant.id, o.userId);
  if (!me) throw new AppError('unauthorized');
  const policy = referralPolicy(o.tenant.settings);
  const { rows, total } = await repo.listForReferrer(db, {
    tenantId: o.tenant.id,
    referrerId: o.userId,
    limit: PER_PAGE,
    offset: (o.page - 1) * PER_PAGE,
  });
  return {
    data: rows.map((r) => ({
      id: r.id,
      name: maskName(r.first_name),
      status: r.status === 'refused' ? 'rejected' : r.status,
      joined_at: r.created_at.toISOString(),
      deposited:
        policy.minDeposit === null || (r.first_deposit !== null && Number(r.first_deposit) >= policy.minDeposit),
      wagered: Number(r.wagered),
      earnings: r.status === 'review' || r.status === 'paid' ? Number(r.cpa_amount ?? 0) : 0,
      review_until: r.status === 'review' && r.review_until ? r.review_until.toISOString() : null,
      paid_at: r.paid_at ? r.paid_at.toISOString() : null,
    })),
    current_page: o.page,
    last_page: Math.max(1, Math.ceil(total / PER_PAGE)),
    per_page: PER_PAGE,
    total,
    totals: await repo.totalsForReferrer(db, o.tenant.id, o.userId),
    referral_code: me.referral_code,
    program: {
      active: policy.active,
      cpa_value: policy.cpaValue,
      min_deposit: policy.minDeposit,
      min_wager: policy.minWager,
      review_days: policy.reviewDays,
    },
  };
}

export const tenantById = findTenantById;

/** The back office's referral list: a keyset page, newest first, with the CPAs waiting in review. */
export async function referralsForStaff(
  db: Db,
  o: { tenantId: number; status: repo.ReferralStatus | null; before?: number; limit: number },
) {
  const [rows, review] = await Promise.all([repo.listForOperator(db, o), repo.inReview(db, o.tenantId)]);
  return { rows, review };
}
