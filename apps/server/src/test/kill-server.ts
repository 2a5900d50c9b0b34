import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../../..');

/** A port free right now (bound and released), for a server process the test starts. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export type KillableServer = { child: ChildProcess; url: string; stderr: string[] };

/**
 * The real server process (`node --import tsx apps/server/src/main.ts`) with `env` (PORT included), ready once
 * /readyz answers: what the crash proofs kill with SIGKILL and start again on the same database.
 */
export async function startKillableServer(env: NodeJS.ProcessEnv): Promise<KillableServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const stderr: string[] = [];
  child.stderr!.on('data', (d: Buffer) => stderr.push(d.toString()));
  const url = `http://127.0.0.1:${env.PORT}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${stderr.join('')}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not become ready in 90 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, url, stderr };
}
