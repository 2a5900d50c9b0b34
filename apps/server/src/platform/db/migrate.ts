import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Db, Sql } from './index';

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');
const FUNCTIONS_DIR = path.join(import.meta.dirname, 'functions');
// Arbitrary constant: serialises migration runs of several nodes starting against one PostgreSQL.
const LOCK_ID = 7_315_001;

export type Migration = { version: string; name: string; sql: string; checksum: string };
/** One stored function (with the triggers that call it), from functions/<name>.sql. */
export type StoredFunction = { name: string; sql: string; checksum: string };
export type MigrateResult = { migrations: string[]; functions: string[] };

const checksumOf = (sql: string) => createHash('sha256').update(sql).digest('hex');

export function listMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d{14}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((file) => {
      const sql = fs.readFileSync(path.join(dir, file), 'utf8');
      return { version: file.slice(0, 14), name: file.slice(15, -4), sql, checksum: checksumOf(sql) };
    });
}

export function listFunctions(dir = FUNCTIONS_DIR): StoredFunction[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((file) => {
      const sql = fs.readFileSync(path.join(dir, file), 'utf8');
      return { name: file.slice(0, -4), sql, checksum: checksumOf(sql) };
    });
}

/**
 * A database whose schema_migrations names versions from before the baseline was made by the squashed migrations:
 * its schema may stop anywhere in their history, so it is refused rather than half-upgraded.
 */
function refusePreBaseline(recorded: string[], migrations: Migration[]): void {
  const first = migrations[0]?.version;
  if (!first) return;
  const known = new Set(migrations.map((m) => m.version));
  const old = recorded.filter((v) => v < first && !known.has(v)).sort();
  if (old.length === 0) return;
  throw new Error(
    `this database was created by migrations older than the baseline ${first} (first: ${old[0]}) and cannot be ` +
      'upgraded: start from an empty DATA_DIR or database (docs/operations.md, Migrations)',
  );
}

async function applyMigrations(tx: Sql, migrations: Migration[]): Promise<string[]> {
  await tx.exec(`create table if not exists schema_migrations (
    version text primary key, name text not null, checksum text not null,
    applied_at timestamptz not null default now())`);
  const { rows } = await tx.query<{ version: string; checksum: string }>(
    'select version, checksum from schema_migrations',
  );
  refusePreBaseline(
    rows.map((r) => r.version),
    migrations,
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
}

/**
 * Runs each function file whose text differs from the one last applied (files are `create or replace`, so running
 * one again is harmless). Files run in name order; PL/pgSQL bodies are resolved at call time, so that order only
 * matters for a file that calls another at creation.
 */
async function applyFunctions(tx: Sql, functions: StoredFunction[]): Promise<string[]> {
  await tx.exec(`create table if not exists db_functions (
    name text primary key, checksum text not null, applied_at timestamptz not null default now())`);
  const { rows } = await tx.query<{ name: string; checksum: string }>('select name, checksum from db_functions');
  const done = new Map(rows.map((r) => [r.name, r.checksum]));
  const applied: string[] = [];
  for (const f of functions) {
    if (done.get(f.name) === f.checksum) continue;
    try {
      await tx.exec(f.sql);
    } catch (err) {
      throw new Error(`functions/${f.name}.sql: ${err instanceof Error ? err.message : err}`, { cause: err });
    }
    await tx.query(
      `insert into db_functions (name, checksum) values ($1, $2)
        on conflict (name) do update set checksum = excluded.checksum, applied_at = now()`,
      [f.name, f.checksum],
    );
    applied.push(f.name);
  }
  return applied;
}

/**
 * Applies every pending migration, then every changed stored function, in one transaction, so a failed start
 * leaves the schema as it was. On PostgreSQL a transaction-scoped advisory lock makes nodes that start together
 * take turns. A migration that was applied and then edited is a mistake we refuse to paper over: start-up fails and
 * names the file.
 */
export async function migrate(
  db: Db,
  {
    migrations = listMigrations(),
    functions = listFunctions(),
  }: { migrations?: Migration[]; functions?: StoredFunction[] } = {},
): Promise<MigrateResult> {
  return db.transaction(async (tx) => {
    if (db.kind === 'postgres') await tx.query('select pg_advisory_xact_lock($1)', [LOCK_ID]);
    const applied = await applyMigrations(tx, migrations);
    return { migrations: applied, functions: await applyFunctions(tx, functions) };
  });
}
