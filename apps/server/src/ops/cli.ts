import { ConfigError, loadConfig } from '../config';
import { openDb } from '../db/index';
import { migrate } from '../db/migrate';
import { type OpsResult, runCommand } from './commands';
import { findLocalServer } from './local-server';

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const config = loadConfig();
  let result: OpsResult;
  const server = config.databaseUrl ? null : findLocalServer(config);
  if (server) {
    const res = await fetch(`http://127.0.0.1:${server.port}/_ops/run`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${server.token}` },
      body: JSON.stringify({ argv }),
    });
    if (!res.ok) throw new Error(`the running server (pid ${server.pid}) refused the command: HTTP ${res.status}`);
    result = (await res.json()) as OpsResult;
  } else {
    const db = await openDb(config);
    try {
      await migrate(db);
      result = await runCommand({ db }, argv);
    } finally {
      await db.close();
    }
  }
  (result.ok ? process.stdout : process.stderr).write(`${result.output}\n`);
  return result.ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof ConfigError ? err.message : `ops failed: ${err instanceof Error ? err.message : err}`);
    process.exit(2);
  },
);
