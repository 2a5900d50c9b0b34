import type {
  AdjustBalanceReply,
  AdminBetsReply,
  AdminBonusesReply,
  AdminKycReply,
  AdminLedgerReply,
  AdminLimitsReply,
  AdminMissionsReply,
  AdminNotesReply,
  AdminOffersReply,
  AdminPlayerActReply,
  AdminPlayerReply,
  AdminPlayersReply,
  AdminSessionsReply,
  BetProduct,
  GrantBonusReply,
  LiftLimitReply,
  Locale,
  PlayerStatus,
  RiskFlag,
} from '@sorte/contracts';
import { normalizePhone } from '@sorte/contracts';
import type { Db } from '../../platform/db/index';
import { AppError, type Localized } from '../../platform/errors';
import type { Tenant } from '../../platform/tenancy';
import { revokeUserSessions, setBlock } from '../auth/index';
import * as ledger from '../ledger/index';
import { grantOffer } from '../promotions/index';
import { setPlayerLimit } from '../responsible-gaming/index';
import { findTenantById } from '../tenants/index';
import { vipStateOf } from '../vip/index';
import { auditStaffAct, staffActor } from './audit';
import { roleCan, tenantScope } from './permissions';
import * as repo from './players-repo';
import type { StaffMember } from './staff';

/** The players section: search, the player's page and its tabs, and the staff acts on a player. */

const NOT_FOUND: Localized = { pt: 'Jogador não encontrado.', en: 'Player not found.' };
const BAD_CURSOR: Localized = {
  pt: 'Cursor de página inválido: use o next_cursor da página anterior.',
  en: 'Invalid page cursor: use the previous page’s next_cursor.',
};

const cursorOf = (id: number) => id.toString(36);
function idOfCursor(cursor: string | undefined): number | undefined {
  if (cursor === undefined) return undefined;
  const id = /^[0-9a-z]{1,11}$/.test(cursor) ? Number.parseInt(cursor, 36) : Number.NaN;
  if (!Number.isSafeInteger(id) || id <= 0) throw new AppError('validation', BAD_CURSOR, { cursor: [BAD_CURSOR] });
  return id;
}
function pageOf<T extends { id: number }>(rows: T[], limit: number) {
  const data = rows.slice(0, limit);
  const last = data[data.length - 1];
  return { data, next_cursor: rows.length > limit && last ? cursorOf(last.id) : null };
}
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

// ---- masks ----

const maskCpf = (cpf: string | null) => (cpf ? `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**` : null);
function maskEmail(email: string): string {
  const at = email.indexOf('@');
  return at <= 0 ? '***' : `${email[0]}***${email.slice(at)}`;
}
const maskPhone = (phone: string) => `***${phone.slice(-4)}`;

function statusOf(r: Pick<repo.PlayerListRow, 'blocked_at' | 'restriction' | 'self_excluded'>): PlayerStatus {
  if (r.blocked_at) return 'blocked';
  if (r.restriction === 'pause') return 'paused';
  if (r.restriction === 'closed') return 'closed';
  if (r.restriction || r.self_excluded) return 'self_excluded';
  return 'active';
}

// ---- search ----

/**
 * What a search string means (docs/admin-players.md): digits (punctuation ignored) are an exact id, CPF or mobile
 * number; with "@" an e-mail prefix; otherwise a name (substring with pg_trgm, else every word a prefix of the first
 * or last name) or an e-mail prefix. Every key is an index lookup within the tenant.
 */
export async function parseSearch(db: Db, q: string): Promise<Omit<repo.SearchKeys, 'tenantId' | 'limit'>> {
  const text = q.trim().toLowerCase();
  const digits = text.replace(/[\s().+-]/g, '');
  if (/^\d+$/.test(digits)) {
    const keys: Omit<repo.SearchKeys, 'tenantId' | 'limit'> = {};
    if (digits.length <= 15) keys.id = Number(digits);
    if (digits.length === 11) keys.cpf = digits;
    const phone = normalizePhone(text);
    if (phone) keys.phone = phone;
    return keys;
  }
  if (text.includes('@')) return { emailPrefix: text };
  const words = text.split(/\s+/).filter(Boolean).slice(0, 4);
  return (await repo.hasTrigram(db))
    ? { nameLike: words.join(' '), emailPrefix: text }
    : { nameWords: words, emailPrefix: text };
}

export async function searchPlayers(
  db: Db,
  staff: StaffMember,
  q: { q?: string; cursor?: string; limit: number; tenant?: number },
): Promise<AdminPlayersReply> {
  const keys = q.q ? await parseSearch(db, q.q) : {};
  const rows = await repo.searchPlayers(db, {
    ...keys,
    tenantId: tenantScope(staff, q.tenant),
    beforeId: idOfCursor(q.cursor),
    limit: q.limit + 1,
  });
  const wallet = roleCan(staff.role, 'read', 'Wallet');
  const page = pageOf(rows, q.limit);
  return {
    data: page.data.map((r) => ({
      id: r.id,
      tenant_id: r.tenant_id,
      name: `${r.first_name} ${r.last_name}`,
      cpf: maskCpf(r.cpf),
      email: maskEmail(r.email),
      phone: maskPhone(r.phone),
      status: statusOf(r),
      balance: wallet ? Number(r.balance) : null,
      created_at: iso(r.created_at)!,
    })),
    next_cursor: page.next_cursor,
  };
}

// ---- the player's page ----

/** The player within the staff member's scope, or 404 (another tenant's player is "not found"). */
export async function playerInScope(db: Db, staff: StaffMember, id: number, tenant?: number): Promise<repo.PlayerRow> {
  const p = await repo.findPlayer(db, tenantScope(staff, tenant), id);
  if (!p) throw new AppError('not_found', NOT_FOUND);
  return p;
}

function playerView(p: repo.PlayerRow): AdminPlayerReply['player'] {
  return {
    id: p.id,
    tenant_id: p.tenant_id,
    first_name: p.first_name,
    last_name: p.last_name,
    email: p.email,
    phone: p.phone,
    cpf: maskCpf(p.cpf),
    birth_date: p.birth_date,
    language: p.language,
    created_at: iso(p.created_at)!,
    email_verified: p.email_verified_at !== null,
    phone_verified: p.phone_verified_at !== null,
    status: statusOf(p),
    blocked_at: iso(p.blocked_at),
    blocked_reason: p.blocked_reason,
  };
}

function kycStatusOf(docs: repo.KycDoc[]): AdminKycReply['status'] {
  if (docs.length === 0) return 'none';
  if (docs.some((d) => d.status === 'pending')) return 'pending';
  const latest = docs.find((d) => d.status !== 'cancelled');
  if (!latest) return 'none';
  return latest.status === 'rejected' ? 'rejected' : 'approved';
}

export async function readPlayer(db: Db, staff: StaffMember, id: number, tenant?: number): Promise<AdminPlayerReply> {
  const p = await playerInScope(db, staff, id, tenant);
  const w = { tenantId: p.tenant_id, userId: p.id };
  const [balance, vip, docs, shared] = await Promise.all([
    roleCan(staff.role, 'read', 'Wallet') ? ledger.getBalance(db, w) : null,
    vipStateOf(db, p.tenant_id, p.id),
    repo.kycDocuments(db, p.tenant_id, p.id),
    repo.sharedDevicePlayers(db, p.tenant_id, p.id),
  ]);
  const flags: RiskFlag[] = [];
  if (p.blocked_at) flags.push({ code: 'blocked', detail: p.blocked_reason });
  if (p.restriction === 'pause') flags.push({ code: 'paused', detail: null });
  if (p.restriction === 'closed') flags.push({ code: 'closed', detail: null });
  if (p.restriction === 'national_list') flags.push({ code: 'national_list', detail: null });
  if (p.restriction === 'self_exclusion' || p.self_excluded) flags.push({ code: 'self_excluded', detail: null });
  if (p.under_age) flags.push({ code: 'under_age', detail: p.birth_date });
  if (shared > 0) flags.push({ code: 'shared_device', detail: String(shared) });
  const kyc = kycStatusOf(docs);
  if (kyc === 'rejected') flags.push({ code: 'kyc_rejected', detail: null });
  if (!p.email_verified_at || !p.phone_verified_at) flags.push({ code: 'unverified_contacts', detail: null });
  return {
    player: playerView(p),
    wallet: balance,
    vip: { level: vip.level, points: vip.points },
    kyc_status: kyc,
    risk_flags: flags,
  };
}

type Tab = { id: number; cursor?: string; limit: number };

/**
 * One page of a tab of the player's page: the player looked up in the staff member's scope first (another tenant's
 * player is a 404 before any row is read), one row more than the page asked to learn whether another page follows,
 * each row shaped for the reply.
 */
async function tabPage<R extends { id: number }, O>(
  db: Db,
  staff: StaffMember,
  t: Tab,
  fetch: (q: repo.Page) => Promise<R[]>,
  shape: (r: R) => O,
): Promise<{ data: O[]; next_cursor: string | null }> {
  const p = await playerInScope(db, staff, t.id);
  const rows = await fetch({ tenantId: p.tenant_id, userId: p.id, beforeId: idOfCursor(t.cursor), limit: t.limit + 1 });
  const page = pageOf(rows, t.limit);
  return { data: page.data.map(shape), next_cursor: page.next_cursor };
}

export function readLedger(db: Db, staff: StaffMember, t: Tab): Promise<AdminLedgerReply> {
  return tabPage(
    db,
    staff,
    t,
    (q) => repo.ledgerPage(db, q),
    (r) => ({ ...r, cash: Number(r.cash), bonus: Number(r.bonus), created_at: iso(r.created_at)! }),
  );
}

export function readBets(db: Db, staff: StaffMember, t: Tab & { product: BetProduct }): Promise<AdminBetsReply> {
  return tabPage(
    db,
    staff,
    t,
    (q) => repo.betsPage(db, t.product, q),
    (r) => ({
      ...r,
      product: t.product,
      stake: Number(r.stake),
      payout: Number(r.payout),
      created_at: iso(r.created_at)!,
    }),
  );
}

export function readBonuses(db: Db, staff: StaffMember, t: Tab & { lang: Locale }): Promise<AdminBonusesReply> {
  return tabPage(
    db,
    staff,
    t,
    (q) => repo.bonusesPage(db, { ...q, lang: t.lang }),
    (r) => ({
      ...r,
      amount: Number(r.amount),
      wagering_required: Number(r.wagering_required),
      wagering_done: Number(r.wagering_done),
      created_at: iso(r.created_at)!,
    }),
  );
}

export function readMissions(db: Db, staff: StaffMember, t: Tab & { lang: Locale }): Promise<AdminMissionsReply> {
  return tabPage(
    db,
    staff,
    t,
    (q) => repo.missionsPage(db, { ...q, lang: t.lang }),
    (r) => ({ ...r, progress: Number(r.progress), target: Number(r.target), ends_at: iso(r.ends_at) }),
  );
}

export function readSessions(db: Db, staff: StaffMember, t: Tab): Promise<AdminSessionsReply> {
  const now = Date.now();
  return tabPage(
    db,
    staff,
    t,
    (q) => repo.sessionsPage(db, q),
    (r) => ({
      ...r,
      created_at: iso(r.created_at)!,
      last_used_at: iso(r.last_used_at)!,
      expires_at: iso(r.expires_at)!,
      revoked_at: iso(r.revoked_at),
      live: r.revoked_at === null && new Date(r.expires_at).getTime() > now,
    }),
  );
}

export function readNotes(db: Db, staff: StaffMember, t: Tab): Promise<AdminNotesReply> {
  return tabPage(
    db,
    staff,
    t,
    (q) => repo.notesPage(db, q),
    (r) => ({ ...r, created_at: iso(r.created_at)! }),
  );
}

export async function readKyc(db: Db, staff: StaffMember, id: number): Promise<AdminKycReply> {
  const p = await playerInScope(db, staff, id);
  const docs = await repo.kycDocuments(db, p.tenant_id, p.id);
  return {
    status: kycStatusOf(docs),
    documents: docs.map((d) => ({ ...d, created_at: iso(d.created_at)!, reviewed_at: iso(d.reviewed_at) })),
  };
}

export async function readLimits(db: Db, staff: StaffMember, id: number): Promise<AdminLimitsReply> {
  const p = await playerInScope(db, staff, id);
  const { limits, restrictions } = await repo.limitsOf(db, p.tenant_id, p.id);
  return {
    limits: limits.map((l) => ({
      ...l,
      amount: l.amount === null ? null : Number(l.amount),
      pending_amount: l.pending_amount === null ? null : Number(l.pending_amount),
      pending_effective_at: iso(l.pending_effective_at),
    })),
    restrictions: restrictions.map((r) => ({ ...r, start_at: iso(r.start_at)!, end_at: iso(r.end_at) })),
  };
}

export async function readGrantableOffers(
  db: Db,
  staff: StaffMember,
  id: number,
  lang: Locale,
): Promise<AdminOffersReply> {
  const p = await playerInScope(db, staff, id);
  const rows = await repo.grantableOffers(db, p.tenant_id, lang);
  return { data: rows.map((r) => ({ ...r, amount: r.amount === null ? null : Number(r.amount) })) };
}

// ---- acts ----

type Act = { id: number; ip: string | null };

/** POST /players/{id}/block and /unblock: auth's block (a block ends every session; a blocked player cannot log in). */
export async function setBlocked(
  db: Db,
  staff: StaffMember,
  a: Act & { block: boolean; reason: string },
): Promise<AdminPlayerActReply> {
  const p = await playerInScope(db, staff, a.id);
  await db.transaction(async (tx) => {
    const r = await setBlock(tx, p.tenant_id, p.id, a.block ? a.reason : null);
    if (!r) throw new AppError('not_found', NOT_FOUND);
    await auditStaffAct(tx, {
      staff,
      action: a.block ? 'player.block' : 'player.unblock',
      tenantId: p.tenant_id,
      userId: p.id,
      before: { blocked: r.before.blocked_at !== null, reason: r.before.blocked_reason },
      after: { blocked: r.after.blocked_at !== null, reason: a.reason, sessions_ended: r.revoked },
      ip: a.ip,
    });
  });
  return { player: playerView(await playerInScope(db, staff, a.id)) };
}

const ADJUSTMENT: Record<Locale, string> = { pt: 'Ajuste manual', en: 'Manual adjustment' };

/**
 * POST /players/{id}/adjust: a manual credit (positive) or debit (negative) of the player's cash through the
 * ledger, type "adjustment" against the house, keyed by the request's Idempotency-Key: the same key again answers
 * the first result (one movement, one audit row); a debit larger than the cash is a 402, never a negative balance.
 */
export async function adjustBalance(
  db: Db,
  staff: StaffMember,
  a: Act & { amount: number; reason: string; key: string },
): Promise<AdjustBalanceReply> {
  const p = await playerInScope(db, staff, a.id);
  return db.transaction(async (tx) => {
    const w = { tenantId: p.tenant_id, userId: p.id };
    const before = await ledger.getBalance(tx, w);
    const call = {
      ...w,
      amount: Math.abs(a.amount),
      type: 'adjustment' as const,
      idempotencyKey: `admin:adjust:${p.id}:${a.key}`,
      // The player reads the reference in their transactions list, in their language.
      reference: ADJUSTMENT[p.language],
      metadata: { staff: staffActor(staff), reason: a.reason },
    };
    const r = a.amount > 0 ? await ledger.credit(tx, call) : await ledger.debit(tx, call);
    if (!r.replayed)
      await auditStaffAct(tx, {
        staff,
        action: 'wallet.adjust',
        tenantId: p.tenant_id,
        userId: p.id,
        before: { ...before },
        after: { ...r.balance, amount: a.amount, reason: a.reason, transaction_id: r.transaction_id },
        ip: a.ip,
      });
    return { transaction_id: r.transaction_id, balance: r.balance, replayed: r.replayed };
  });
}

async function tenantOf(db: Db, id: number): Promise<Tenant> {
  const t = await findTenantById(db, id);
  if (!t) throw new AppError('not_found', NOT_FOUND);
  return t;
}

/** POST /players/{id}/bonuses: promotions' grantOffer of an existing offer (its own rules apply), keyed as adjust. */
export async function grantBonus(
  db: Db,
  staff: StaffMember,
  a: Act & { offerId: number; reason: string; key: string },
): Promise<GrantBonusReply> {
  const p = await playerInScope(db, staff, a.id);
  const r = await grantOffer(db, {
    tenant: await tenantOf(db, p.tenant_id),
    userId: p.id,
    offerId: a.offerId,
    key: `admin:${p.id}:${a.key}`,
    onGranted: (tx, bonus) =>
      auditStaffAct(tx, {
        staff,
        action: 'bonus.grant',
        tenantId: p.tenant_id,
        userId: p.id,
        before: null,
        after: { ...bonus, reason: a.reason },
        ip: a.ip,
      }),
  });
  return { bonus_id: r.bonusId, state: r.state, replayed: r.replayed };
}

/** POST /players/{id}/sessions/end: logs the player out on every device. */
export async function endSessions(db: Db, staff: StaffMember, a: Act & { reason: string }): Promise<{ ended: number }> {
  const p = await playerInScope(db, staff, a.id);
  return db.transaction(async (tx) => {
    const ended = await revokeUserSessions(tx, p.tenant_id, p.id, null);
    await auditStaffAct(tx, {
      staff,
      action: 'player.end_sessions',
      tenantId: p.tenant_id,
      userId: p.id,
      before: null,
      after: { ended, reason: a.reason },
      ip: a.ip,
    });
    return { ended };
  });
}

/**
 * POST /players/{id}/limits/lift: the player's own raise-or-remove path of responsible gaming, asked by staff on
 * the player's behalf. It waits the policy's cooling-off and then the player's own confirmation, as when the player
 * asks: staff never loosen a protection at once (docs/admin-players.md).
 */
export async function liftLimit(
  db: Db,
  staff: StaffMember,
  a: Act & {
    kind: 'deposit' | 'loss' | 'wager' | 'time';
    period: 'day' | 'week' | 'month';
    amount: number | null;
    reason: string;
  },
): Promise<LiftLimitReply> {
  const p = await playerInScope(db, staff, a.id);
  const r = await setPlayerLimit(
    db,
    await tenantOf(db, p.tenant_id),
    { tenantId: p.tenant_id, userId: p.id },
    { kind: a.kind, period: a.period, amount: a.amount },
    {
      now: new Date(),
      ip: a.ip,
      actor: staffActor(staff),
      onChanged: (tx, c) =>
        auditStaffAct(tx, {
          staff,
          action: 'limits.lift',
          tenantId: p.tenant_id,
          userId: p.id,
          before: { kind: a.kind, period: a.period, ...c.before },
          after: {
            kind: a.kind,
            period: a.period,
            amount: a.amount,
            status: c.status,
            effective_at: c.effective_at,
            reason: a.reason,
          },
          ip: a.ip,
        }),
    },
  );
  return { status: r.change.status, effective_at: r.change.effective_at };
}

/** POST /players/{id}/notes: a staff note on the player (audited like every write). */
export async function addNote(db: Db, staff: StaffMember, a: Act & { body: string }) {
  const p = await playerInScope(db, staff, a.id);
  return db.transaction(async (tx) => {
    const note = await repo.insertNote(tx, {
      tenantId: p.tenant_id,
      userId: p.id,
      staffId: staff.id,
      author: staffActor(staff),
      body: a.body,
    });
    await auditStaffAct(tx, {
      staff,
      action: 'player.note',
      tenantId: p.tenant_id,
      userId: p.id,
      before: null,
      after: { note_id: note.id, body: a.body },
      ip: a.ip,
    });
    return { note: { ...note, created_at: iso(note.created_at)! } };
  });
}
