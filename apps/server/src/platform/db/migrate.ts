import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from './index';

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');
// Arbitrary constant: serialises migration runs of several nodes starting against one PostgreSQL.
const LOCK_ID = 7_315_001;

export type Migration = { version: string; name: string; sql: string; checksum: string };

export function listMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d{14}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((file) => {
      const sql = fs.readFileSync(path.join(dir, file), 'utf8');
      return {
        version: file.slice(0, 14),
        name: file.slice(15, -4),
        sql,
        checksum: createHash('sha256').update(sql).digest('hex'),
      };
    });
}

/**
 * Applies every pending migration in one transaction, so a failed start leaves the schema as it was. On
 * PostgreSQL a transaction-scoped advisory lock makes nodes that start together take turns. A migration that was
 * applied and then edited is a mistake we refuse to paper over: start-up fails and names the file.
 */
export async function migrate(db: Db, migrations = listMigrations()): Promise<string[]> {
  return db.transaction(async (tx) => {
    if (db.kind === 'postgres') await tx.query('select pg_advisory_xact_lock($1)', [LOCK_ID]);
    await tx.exec(`create table if not exists schema_migrations (
      version text primary key, name text not null, checksum text not null,
      applied_at timestamptz not null default now())`);
    const { rows } = await tx.query<{ version: string; checksum: string }>(
      'select version, checksum from schema_migrations',
    );
    const done = new Map(rows.map((r) => [r.version, r.checksum]));
    const applied: string[] = [];
    for (const m of migrations) {
      const seen = done.get(m.version);
      if (seen) {
        if (seen !== m.checksum) throw new Error(`migration ${m.version}_${m.name}.sql changed after it was applied`);
        continue;
      }
      await tx.exec(m.sql);
      await tx.query('insert into schema_migrations (version, name, checksum) values ($1, $2, $3)', [
        m.version,
        m.name,
        m.checksum,
      ]);
      applied.push(m.version);
    }
    return applied;
  });
}
