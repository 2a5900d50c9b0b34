import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SERVER_NODE_ARGS } from '../../scripts/server-node-args.mjs';
import { freePort, ROOT, type RunningServer } from './server';

/** Why the PostgreSQL + Redis suite cannot run here, or null when both answer (TEST_DATABASE_URL, TEST_REDIS_URL). */
export async function clusterUnavailable(): Promise<string | null> {
  const db = process.env.TEST_DATABASE_URL;
  const redis = process.env.TEST_REDIS_URL;
  if (!db || !redis) return 'set TEST_DATABASE_URL (PostgreSQL) and TEST_REDIS_URL (Redis): several nodes need both';
  const client = new pg.Client({ connectionString: db, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (err) {
    return `PostgreSQL at TEST_DATABASE_URL does not answer (${(err as Error).message})`;
  } finally {
    await client.end().catch(() => {});
  }
  if (!(await redisAnswers(redis))) return `Redis at TEST_REDIS_URL does not answer PING`;
  return null;
}

function redisAnswers(url: string): Promise<boolean> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: u.hostname, port: Number(u.port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(3_000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => {
      const auth = u.password ? `AUTH ${decodeURIComponent(u.password)}\r\n` : '';
      socket.write(`${auth}PING\r\n`);
    });
    socket.on('data', (d: Buffer) => done(d.toString().includes('+PONG')));
  });
}

export type Cluster = {
  nodes: RunningServer[];
  /** The private schema every node of this run uses. */
  schema: string;
  /** Stops every node and drops the schema. */
  stop(): Promise<void>;
};

/**
 * Starts `count` real server processes (as `npm start` runs them, each on its own port and data directory) on one
 * private PostgreSQL schema and one Redis, the way several nodes behind a load balancer run. `env(ports)` adds
 * variables to every node, given all the nodes' ports (e.g. where the PSP posts its webhooks).
 */
export async function startCluster(o: {
  count: number;
  env?: (urls: string[]) => Record<string, string>;
}): Promise<Cluster> {
  if (!fs.existsSync(path.join(ROOT, 'apps/web/dist/index.html')))
    throw new Error('apps/web/dist is missing: run `npm run build` first (npm test does)');
  const dbUrl = process.env.TEST_DATABASE_URL!;
  const schema = `e2e_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: dbUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const nodeDbUrl = new URL(dbUrl);
  nodeDbUrl.searchParams.set('options', `-c search_path=${schema}`);

  const ports: number[] = [];
  while (ports.length < o.count) {
    const p = await freePort();
    if (!ports.includes(p)) ports.push(p);
  }
  const urls = ports.map((p) => `http://127.0.0.1:${p}`);
  const extra = o.env?.(urls) ?? {};
  const children: ChildProcess[] = [];
  const dataDirs: string[] = [];

  const stopAll = async () => {
    await Promise.all(
      children.map(async (child) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }),
    );
    const a = new pg.Client({ connectionString: dbUrl });
    await a.connect();
    await a.query(`drop schema if exists ${schema} cascade`);
    await a.end();
    for (const d of dataDirs) fs.rmSync(d, { recursive: true, force: true });
  };

  const startNode = async (port: number): Promise<RunningServer> => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sorte-e2e-node-'));
    dataDirs.push(dataDir);
    const childEnv: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: nodeDbUrl.toString(),
      REDIS_URL: process.env.TEST_REDIS_URL!,
      // One run's realtime keys apart from any other run on the same Redis.
      REALTIME_REDIS_PREFIX: `sorte:${schema}:`,
      LOG_LEVEL: 'warn',
      ...extra,
    };
    delete childEnv.TEST_DATABASE_URL;
    delete childEnv.VITEST;
    const child = spawn(process.execPath, [...SERVER_NODE_ARGS, '--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: ROOT,
      env: childEnv,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    children.push(child);
    const url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`node on ${port} exited with ${child.exitCode}`);
      try {
        if ((await fetch(`${url}/readyz`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`node on ${port} did not become ready in 90 s`);
      await new Promise((r) => setTimeout(r, 200));
    }
    return {
      url,
      port,
      dataDir,
      ops: () => {
        throw new Error('the cluster runs the operator CLI against PostgreSQL directly, not through a node');
      },
      stop: async () => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      },
    };
  };

  try {
    // Started together, as a deployment would: the migrations' lock makes them take turns.
    const nodes = await Promise.all(ports.map(startNode));
    return { nodes, schema, stop: stopAll };
  } catch (err) {
    await stopAll().catch(() => {});
    throw err;
  }
}
