import type { Sql } from './db/index';

/**
 * A key the platform creates on first start and keeps in platform_keys. Nodes starting together race on the
 * insert; `on conflict do nothing` + re-read makes every one of them end up with the same value.
 */
export async function getOrCreatePlatformKey<T>(sql: Sql, name: string, create: () => T): Promise<T> {
  const found = await sql.query<{ value: T }>('select value from platform_keys where name = $1', [name]);
  if (found.rows[0]) return found.rows[0].value;
  await sql.query('insert into platform_keys (name, value) values ($1, $2) on conflict (name) do nothing', [
    name,
    JSON.stringify(create()),
  ]);
  const again = await sql.query<{ value: T }>('select value from platform_keys where name = $1', [name]);
  return again.rows[0]!.value;
}
