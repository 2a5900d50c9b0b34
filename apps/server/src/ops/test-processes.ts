import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { LocalServer } from './local-server';

/** Test support: the real server, CLI and npm start as child processes, on a data directory of the test's own. */
export const ROOT = path.resolve(import.meta.dirname, '../../../..');
export const MAIN = path.join(ROOT, 'apps/server/src/main.ts');
export const CLI = path.join(ROOT, 'apps/server/src/ops/cli.ts');

export type Exit = { code: number | null; signal: NodeJS.Signals | null };
export type Proc = { child: ChildProcess; pid: number; out: () => string; err: () => string; exited: Promise<Exit> };

/** The environment of a quiet PGlite server on DATA_DIR, any free port, no background work. */
export function serverEnv(dataDir: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const { DATABASE_URL: _db, NODE_OPTIONS: _opts, ...env } = process.env;
  return {
    ...env,
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    WALLET_JOBS: 'false',
    ORIGINALS_ENGINES: 'off',
    SPORTS_FEED: 'off',
    PASSWORD_HASH_MEMORY_KIB: '1024',
    PASSWORD_HASH_TIME_COST: '1',
    ...extra,
  };
}

export function spawnNode(args: string[], env: NodeJS.ProcessEnv): Proc {
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d: Buffer) => {
    out += d.toString();
  });
  child.stderr!.on('data', (d: Buffer) => {
    err += d.toString();
  });
  const exited = new Promise<Exit>((resolve) => child.on('close', (code, signal) => resolve({ code, signal })));
  return { child, pid: child.pid!, out: () => out, err: () => err, exited };
}

export const startServer = (dataDir: string, extra: NodeJS.ProcessEnv = {}) =>
  spawnNode(['--import', 'tsx', MAIN], serverEnv(dataDir, extra));

/** Runs the ops CLI to its end. */
export async function runCli(dataDir: string, argv: string[]) {
  const p = spawnNode(['--import', 'tsx', CLI, ...argv], serverEnv(dataDir));
  const { code } = await p.exited;
  return { code, out: p.out(), err: p.err() };
}

/** Resolves with the exit, or null when the process is still running after ms. */
export const exitWithin = (p: Proc, ms: number) =>
  Promise.race([p.exited, new Promise<null>((r) => setTimeout(() => r(null), ms).unref())]);

/**
 * Waits until the server process p (or, with `child`, a server that p started) has announced itself in
 * DATA_DIR/server.json and answers /readyz; resolves with its base URL and pid.
 */
export async function waitForServer(
  dataDir: string,
  p: Proc,
  { child = false, timeoutMs = 60_000 }: { child?: boolean; timeoutMs?: number } = {},
): Promise<{ base: string; pid: number }> {
  const deadline = Date.now() + timeoutMs;
  const file = path.join(dataDir, 'server.json');
  for (;;) {
    if (p.child.exitCode !== null || p.child.signalCode !== null)
      throw new Error(`the server exited (${p.child.exitCode ?? p.child.signalCode}): ${p.err()}`);
    try {
      const info = JSON.parse(fs.readFileSync(file, 'utf8')) as LocalServer;
      if (!child && info.pid !== p.pid) throw new Error('announced by another process');
      const base = `http://127.0.0.1:${info.port}`;
      if ((await fetch(`${base}/readyz`)).ok) return { base, pid: info.pid };
    } catch {
      // Not announced or not ready yet.
    }
    if (Date.now() > deadline) throw new Error(`the server was not ready in ${timeoutMs} ms: ${p.err()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Every file under dir with its size and modification time: equal snapshots mean nothing was written. */
export function snapshotDir(dir: string): Record<string, string> {
  const snap: Record<string, string> = {};
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else {
        const st = fs.statSync(p);
        snap[path.relative(dir, p)] = `${st.size}:${st.mtimeMs}`;
      }
    }
  };
  walk(dir);
  return snap;
}
