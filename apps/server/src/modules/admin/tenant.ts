import {
  type AdminPolicy,
  type AdminRegulatedReply,
  type AdminTenant,
  type AdminTenantPage,
  LEGAL_PAGES,
  type LegalPage,
} from '@sorte/contracts';
import type { Db, Sql } from '../../platform/db/index';
import { AppError, type Localized } from '../../platform/errors';
import type { Tenant } from '../../platform/tenancy';
import { twoPersonAbove } from '../payments/index';
import { policiesFor } from '../responsible-gaming/index';
import { addHostTo, changeTenant, findTenantById, legalPagesOf, removeHostFrom, upsertPage } from '../tenants/index';
import { auditStaffAct } from './audit';
import type { StaffMember } from './staff';

/**
 * The tenant's configuration as the console edits it: every write goes through the tenants module (revision-guarded,
 * validated as a whole), with its audit row (before/after of what changed) in the same transaction. The caller
 * invalidates this process's tenant cache afterwards; other nodes pick the change up within tenantCacheTtlMs.
 */

const NOT_FOUND: Localized = { pt: 'Plataforma não encontrada.', en: 'Platform not found.' };

export function toAdminTenant(t: Tenant): AdminTenant {
  return {
    id: t.id,
    name: t.name,
    active: t.active,
    revision: t.revision,
    hosts: t.hosts.map((h) => ({ host: h, primary: h === t.primaryHost })),
    settings: t.settings as unknown as Record<string, unknown>,
  };
}

export async function readTenant(db: Db, tenantId: number): Promise<Tenant> {
  const t = await findTenantById(db, tenantId);
  if (!t) throw new AppError('not_found', NOT_FOUND);
  return t;
}

/** Only the keys that differ, before and after: the audit row stays readable for a one-colour change. */
export function diff(before: Record<string, unknown>, after: Record<string, unknown>) {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const k of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[k]) !== JSON.stringify(after[k])) {
      b[k] = before[k] ?? null;
      a[k] = after[k] ?? null;
    }
  }
  return { before: b, after: a };
}

const snapshot = (t: Tenant) => ({ name: t.name, active: t.active, hosts: t.hosts, ...t.settings });

const audited =
  (staff: StaffMember, action: string, ip: string | null) => async (tx: Sql, before: Tenant, after: Tenant) => {
    const d = diff(snapshot(before), snapshot(after));
    await auditStaffAct(tx, { staff, action, tenantId: after.id, userId: null, before: d.before, after: d.after, ip });
  };

export async function updateTenant(
  db: Db,
  staff: StaffMember,
  o: { tenantId: number; revision: number; name?: string; settings: Record<string, unknown>; ip: string | null },
) {
  const t = await changeTenant(
    db,
    { tenantId: o.tenantId, revision: o.revision, name: o.name, patch: o.settings },
    audited(staff, 'tenant.update', o.ip),
  );
  return toAdminTenant(t);
}

export async function setMaintenance(
  db: Db,
  staff: StaffMember,
  o: { tenantId: number; revision: number; on: boolean; message: { pt: string; en: string } | null; ip: string | null },
) {
  const message = o.message && (o.message.pt || o.message.en) ? o.message : null;
  const t = await changeTenant(
    db,
    { tenantId: o.tenantId, revision: o.revision, active: !o.on, patch: { maintenance_message: message } },
    audited(staff, o.on ? 'tenant.maintenance_on' : 'tenant.maintenance_off', o.ip),
  );
  return toAdminTenant(t);
}

export async function addHost(
  db: Db,
  staff: StaffMember,
  o: { tenantId: number; revision: number; host: string; ip: string | null },
) {
  return toAdminTenant(await addHostTo(db, o, audited(staff, 'tenant.host_add', o.ip)));
}

export async function removeHost(
  db: Db,
  staff: StaffMember,
  o: { tenantId: number; revision: number; host: string; ip: string | null },
) {
  return toAdminTenant(await removeHostFrom(db, o, audited(staff, 'tenant.host_remove', o.ip)));
}

export async function legalPages(db: Db, tenantId: number): Promise<AdminTenantPage[]> {
  const rows = await legalPagesOf(db, tenantId, LEGAL_PAGES);
  return LEGAL_PAGES.flatMap((slug) =>
    (['pt', 'en'] as const).map((locale) => {
      const r = rows.find((p) => p.slug === slug && p.locale === locale);
      return {
        slug,
        locale,
        title: r?.title ?? '',
        body: r?.body ?? '',
        updated_at: r?.updated_at.toISOString() ?? null,
      };
    }),
  );
}

export async function putLegalPage(
  db: Db,
  staff: StaffMember,
  o: { tenantId: number; slug: LegalPage; locale: 'pt' | 'en'; title: string; body: string; ip: string | null },
): Promise<AdminTenantPage> {
  await db.transaction(async (tx) => {
    const [before] = (await legalPagesOf(tx, o.tenantId, [o.slug])).filter((p) => p.locale === o.locale);
    await upsertPage(tx, { tenantId: o.tenantId, slug: o.slug, locale: o.locale, title: o.title, body: o.body });
    await auditStaffAct(tx, {
      staff,
      action: 'tenant.page_update',
      tenantId: o.tenantId,
      userId: null,
      before: before ? { slug: o.slug, locale: o.locale, title: before.title, body: before.body } : null,
      after: { slug: o.slug, locale: o.locale, title: o.title, body: o.body },
      ip: o.ip,
    });
  });
  return (await legalPages(db, o.tenantId)).find((p) => p.slug === o.slug && p.locale === o.locale)!;
}

const HOUR = 3_600_000;
const duration = (ms: number | null) =>
  ms === null
    ? 'never'
    : ms % (24 * HOUR) === 0
      ? `${ms / (24 * HOUR)} d`
      : ms % HOUR === 0
        ? `${ms / HOUR} h`
        : `${ms / 60_000} min`;

/**
 * What regulated mode enforces for the tenant, from the modules' own rules (responsible gaming's policiesFor,
 * payments' two-person threshold) and the tenant's settings: a read-only picture, changed where each rule lives.
 */
export async function regulatedPolicies(db: Db, tenantId: number): Promise<AdminRegulatedReply> {
  const t = await readTenant(db, tenantId);
  const s = t.settings;
  const p = policiesFor(s);
  const rg = 'responsible-gaming policiesFor';
  const policies: AdminPolicy[] = [
    { key: 'is_regulated', value: String(s.is_regulated), source: 'settings.is_regulated' },
    { key: 'kyc_required', value: String(s.kyc), source: 'settings.kyc' },
    { key: 'cpf_at_registration', value: String(s.registerCPF), source: 'settings.registerCPF' },
    { key: 'login_requires_cpf', value: String(s.login_requires_cpf), source: 'settings.login_requires_cpf' },
    {
      key: 'limits_required_before_deposit',
      value: p.limitsRequiredBeforeDeposit.join(', ') || 'none',
      source: `${rg} (Portaria SPA/MF 2.579/2025)`,
    },
    { key: 'limit_increase_delay', value: duration(p.limitIncreaseDelayMs), source: rg },
    { key: 'idle_session_close', value: duration(p.idleCloseMs), source: `${rg} (Portaria 1.207/2024)` },
    { key: 'risk_warning', value: String(p.riskWarning), source: `${rg} (Portaria 1.231/2024)` },
    { key: 'national_self_exclusion_list', value: String(p.nationalList), source: `${rg} (IN SPA/MF 31/2025)` },
    { key: 'national_list_recheck', value: duration(p.nationalRecheckMs), source: rg },
    { key: 'national_list_withdraw_window', value: duration(p.nationalWithdrawMs), source: rg },
    { key: 'national_list_close_after', value: duration(p.nationalCloseMs), source: rg },
    {
      key: 'withdrawal_deadline',
      value: s.is_regulated ? '120 min' : 'none',
      source: 'payments (Portaria 615/2024)',
    },
    {
      key: 'two_person_approval_above',
      value: String(await twoPersonAbove(db, tenantId)),
      source: 'payments payment_settings.two_person_above (centavos)',
    },
    { key: 'min_deposit', value: String(s.min_deposit), source: 'settings.min_deposit (centavos)' },
    { key: 'max_deposit', value: String(s.max_deposit), source: 'settings.max_deposit (centavos)' },
    { key: 'min_withdrawal', value: String(s.min_withdrawal), source: 'settings.min_withdrawal (centavos)' },
    { key: 'max_withdrawal', value: String(s.max_withdrawal), source: 'settings.max_withdrawal (centavos)' },
    {
      key: 'feed_simulation',
      value: s.is_regulated ? 'forbidden' : String(s.feed_simulation),
      source: 'settings.feed_simulation (refused for a regulated tenant)',
    },
    {
      key: 'originals_multiplayer',
      value: s.is_regulated ? String(s.originals_multiplayer.regulated_opt_in) : 'true',
      source: 'settings.originals_multiplayer.regulated_opt_in',
    },
    {
      key: 'betby',
      value: s.betby.active ? `active (${s.betby.brand_id ?? '-'})` : 'off',
      source: 'settings.betby',
    },
  ];
  return { regulated: p.regulated, policies };
}
