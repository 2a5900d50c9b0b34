import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SERVER_NODE_ARGS } from '../../scripts/server-node-args.mjs';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export type RunningServer = {
  url: string;
  port: number;
  dataDir: string;
  /** Runs `npm run ops -- ...argv` against this server's data directory (it forwards to the running server). */
  ops(...argv: string[]): { code: number; out: string };
  stop(): Promise<void>;
};

class ExitedWhileStarting extends Error {}

/** Starts the real server (embedded PGlite in a fresh data directory) exactly as `npm start` runs it. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  // freePort binds and releases a port, so a test file starting beside this one may take it first (EADDRINUSE):
  // a server that exits while starting is started again, on a new port and a new data directory, up to 3 times.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(env);
    } catch (err) {
      if (!(err instanceof ExitedWhileStarting) || attempt === 3) throw err;
    }
  }
}

async function startOnce(env: Record<string, string>): Promise<RunningServer> {
  if (!fs.existsSync(path.join(ROOT, 'apps/web/dist/index.html')))
    throw new Error('apps/web/dist is missing: run `npm run build` first (npm test does)');
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sorte-e2e-'));
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...env,
  };
  delete childEnv.DATABASE_URL;
  const child: ChildProcess = spawn(
    process.execPath,
    [...SERVER_NODE_ARGS, '--import', 'tsx', 'apps/server/src/main.ts'],
    {
      cwd: ROOT,
      env: childEnv,
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new ExitedWhileStarting(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok && fs.existsSync(path.join(dataDir, 'server.json'))) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not become ready in 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    port,
    dataDir,
    ops(...argv) {
      const r = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/ops/cli.ts', ...argv], {
        cwd: ROOT,
        env: childEnv,
        encoding: 'utf8',
      });
      return { code: r.status ?? 1, out: `${r.stdout}${r.stderr}` };
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
