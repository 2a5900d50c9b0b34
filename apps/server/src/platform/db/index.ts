import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type LockRole, lockDataDir } from './lock';

export type QueryResult<T> = { rows: T[]; rowCount: number };

/** A handle that runs SQL: the database itself, or one open transaction. Repositories take this. */
export type Sql = {
  /**
   * Runs one statement. `name` (hot paths only; one name per text) makes it a prepared statement on PostgreSQL,
   * parsed and planned once per connection instead of on every call; PGlite ignores it.
   */
  query<T = Record<string, unknown>>(text: string, params?: unknown[], name?: string): Promise<QueryResult<T>>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(text: string): Promise<void>;
};

export type Db = Sql & {
  kind: 'pglite' | 'postgres';
  /** Runs fn in one SQL transaction: committed when fn resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

const INT8 = 20;
const NUMERIC = 1700;
// Money is integer centavos in bigint columns: well inside 2^53, so plain numbers are exact.
const toNumber = (v: string) => Number(v);

export async function openPglite(dataDir: string | null): Promise<Db> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const db = new PGlite(dataDir ?? undefined, { parsers: { [INT8]: toNumber, [NUMERIC]: toNumber } });
  await db.waitReady;
  type Target = { query: PGlite['query']; exec: PGlite['exec'] };
  const run = async <T>(target: Target, text: string, params?: unknown[]): Promise<QueryResult<T>> => {
    const r = await target.query<T>(text, params as unknown[]);
    return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
  };
  return {
    kind: 'pglite',
    query: (text, params) => run(db, text, params),
    exec: async (text) => {
      await db.exec(text);
    },
    transaction: (fn) =>
      db.transaction((tx) =>
        fn({
          query: (text, params) => run(tx, text, params),
          exec: async (text) => {
            await tx.exec(text);
          },
        }),
      ),
    close: () => db.close(),
  };
}

pg.types.setTypeParser(INT8, toNumber);
pg.types.setTypeParser(NUMERIC, toNumber);

export async function openPostgres(url: string, opts: { poolSize?: number; searchPath?: string } = {}): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.poolSize ?? 10,
    options: opts.searchPath ? `-c search_path=${opts.searchPath}` : undefined,
  });
  // A broken idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const wrap = (c: { query: pg.Pool['query'] }): Sql => ({
    query: async <T>(text: string, params?: unknown[], name?: string) => {
      const r = await (name ? c.query({ name, text, values: params }) : c.query(text, params));
      return { rows: r.rows as T[], rowCount: r.rowCount ?? 0 };
    },
    exec: async (text: string) => {
      await c.query(text);
    },
  });
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/**
 * The configured database. PGlite's data directory is locked for this process before PGlite touches it (a second
 * process gets DataDirBusyError and writes nothing) and unlocked by close(); PostgreSQL needs no lock.
 */
export async function openDb(cfg: {
  databaseUrl?: string;
  dataDir: string;
  databasePoolSize?: number;
  role?: LockRole;
}): Promise<Db> {
  if (cfg.databaseUrl) return openPostgres(cfg.databaseUrl, { poolSize: cfg.databasePoolSize });
  const lock = lockDataDir({ dir: cfg.dataDir, role: cfg.role ?? 'server' });
  try {
    const db = await openPglite(path.join(cfg.dataDir, 'pglite'));
    return {
      ...db,
      close: async () => {
        try {
          await db.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (err) {
    lock.release();
    throw err;
  }
}
