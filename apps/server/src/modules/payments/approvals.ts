import type { Sql } from '../../platform/db/index';

/**
 * Two-person approval of large withdrawals: above a per-tenant amount, the first approval is recorded and the
 * withdrawal stays under review; a second, different person's approval releases it (reviewWithdrawal). A rejection
 * by either ends it.
 */

/** R$ 50.000,00: the default above which two people approve a withdrawal, for a tenant without its own setting. */
export const DEFAULT_TWO_PERSON_ABOVE = 5_000_000;

/** The SQL expression of a tenant's threshold, for queries joining `payment_settings ps` on the tenant. */
export const TWO_PERSON_ABOVE_SQL = `coalesce(ps.two_person_above, ${DEFAULT_TWO_PERSON_ABOVE})`;

/**
 * Who approved: a staff member is "staff:<id>" whatever their e-mail is now; another operator (the ops CLI's
 * --by, or its OS user) by name, case aside.
 */
function identity(operator: string): string {
  const first = operator.trim().split(/\s+/)[0] ?? '';
  return first.startsWith('staff:') ? first : operator.trim().toLowerCase();
}

export const sameApprover = (a: string, b: string) => identity(a) === identity(b);

export async function firstApproval(
  tx: Sql,
  withdrawalId: number,
): Promise<{ approved_by: string; approved_at: Date } | null> {
  const { rows } = await tx.query<{ approved_by: string; approved_at: Date }>(
    'select approved_by, approved_at from withdrawal_approvals where withdrawal_id = $1',
    [withdrawalId],
  );
  return rows[0] ?? null;
}

export async function recordFirstApproval(tx: Sql, o: { withdrawalId: number; tenantId: number; by: string }) {
  await tx.query('insert into withdrawal_approvals (withdrawal_id, tenant_id, approved_by) values ($1, $2, $3)', [
    o.withdrawalId,
    o.tenantId,
    o.by,
  ]);
}

/** A tenant's two-person threshold in centavos. */
export async function twoPersonAbove(sql: Sql, tenantId: number): Promise<number> {
  const { rows } = await sql.query<{ above: string }>(
    `select ${TWO_PERSON_ABOVE_SQL}::text as above from (select 1) x
      left join payment_settings ps on ps.tenant_id = $1`,
    [tenantId],
  );
  return Number(rows[0]!.above);
}

/** Sets a tenant's two-person threshold (ops withdrawal:two-person). */
export async function setTwoPersonAbove(sql: Sql, o: { tenantId: number; above: number }): Promise<void> {
  await sql.query(
    `insert into payment_settings (tenant_id, two_person_above) values ($1, $2)
      on conflict (tenant_id) do update set two_person_above = excluded.two_person_above, updated_at = now()`,
    [o.tenantId, o.above],
  );
}
