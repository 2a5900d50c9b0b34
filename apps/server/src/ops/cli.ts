import { type Config, ConfigError, loadConfig } from '../config';
import { type Db, openDb } from '../platform/db/index';
import { DataDirBusyError } from '../platform/db/lock';
import { migrate } from '../platform/db/migrate';
import { answerWithoutDatabase, type OpsResult, runCommand } from './commands';
import { confirmLocalServer, findLocalServer, type LocalServer } from './local-server';

/**
 * The database, opened (locked, migrated) on the first statement a command runs: a command that stops at a usage
 * error before it reads anything opens nothing and creates no data directory.
 */
function openOnFirstUse(config: Config): Db {
  let opening: Promise<Db> | null = null;
  const open = () => {
    opening ??= openDb({ ...config, role: 'CLI' }).then(async (db) => {
      try {
        await migrate(db);
        return db;
      } catch (err) {
        await db.close();
        throw err;
      }
    });
    return opening;
  };
  return {
    kind: config.databaseUrl ? 'postgres' : 'pglite',
    query: async <T>(text: string, params?: unknown[], name?: string) => (await open()).query<T>(text, params, name),
    exec: async (text) => (await open()).exec(text),
    transaction: async (fn) => (await open()).transaction(fn),
    close: async () => {
      if (!opening) return;
      const db = await opening.catch(() => null);
      await db?.close();
    },
  };
}

async function sendToServer(server: LocalServer, argv: string[]): Promise<OpsResult> {
  const res = await fetch(`http://127.0.0.1:${server.port}/_ops/run`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${server.token}` },
    body: JSON.stringify({ argv }),
  });
  if (!res.ok) throw new Error(`the running server (pid ${server.pid}) refused the command: HTTP ${res.status}`);
  return (await res.json()) as OpsResult;
}

async function runLocally(config: Config, argv: string[]): Promise<OpsResult> {
  const db = openOnFirstUse(config);
  try {
    return await runCommand({ db }, argv);
  } finally {
    await db.close();
  }
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const result = await run(argv);
  (result.ok ? process.stdout : process.stderr).write(`${result.output}\n`);
  return result.ok ? 0 : 1;
}

async function run(argv: string[]): Promise<OpsResult> {
  const early = answerWithoutDatabase(argv);
  if (early) return early;
  const config = loadConfig();
  if (config.databaseUrl) return runLocally(config, argv);
  // A server holding this PGlite directory applies the command itself; a stale server.json falls through to opening
  // the directory here, whose lock then refuses if some server does hold it.
  const server = findLocalServer(config);
  // Its process is alive: a silent hello is far more likely a server busy starting than a stale file, so ask again.
  for (let tries = 0; server && tries < 3; tries++)
    if (await confirmLocalServer(server)) return sendToServer(server, argv);
  return runLocally(config, argv);
}

main().then(
  (code) => process.exit(code),
  (err) => {
    if (err instanceof ConfigError || err instanceof DataDirBusyError) console.error(err.message);
    else console.error(`ops failed: ${err instanceof Error ? err.message : err}`);
    process.exit(2);
  },
);
