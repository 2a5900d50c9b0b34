import type { Sql } from '../../platform/db/index';

/**
 * A tenant's players in id order, a page at a time, with their CPF: what periodic checks by CPF walk (responsible
 * gaming's national self-exclusion list checks every account within its period).
 */
export async function listPlayerCpfs(
  sql: Sql,
  tenantId: number,
  afterId: number,
  limit: number,
): Promise<{ id: number; cpf: string | null }[]> {
  const { rows } = await sql.query<{ id: number; cpf: string | null }>(
    'select id, cpf from users where tenant_id = $1 and id > $2 order by id limit $3',
    [tenantId, afterId, limit],
  );
  return rows;
}
