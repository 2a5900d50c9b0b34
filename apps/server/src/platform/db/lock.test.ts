import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalServer } from '../../ops/local-server';
import {
  exitWithin,
  type Proc,
  runCli,
  snapshotDir,
  spawnNode,
  startServer,
  waitForServer,
} from '../../ops/test-processes';
import { findTenantByHost } from '../../test/modules';
import { openDb } from './index';
import { DataDirBusyError, LOCK_FILE, lockDataDir } from './lock';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'sorte-lock-'));
const running: Proc[] = [];
const stopAll = () => {
  for (const p of running) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
};

/**
 * One data directory for the whole file, in order: a server holds it, a second server and a misled CLI are refused,
 * the server stops, the CLI with a stale server.json opens it itself, and the data reads back. (A fresh PGlite
 * directory costs an initdb and every migration, so it is made once.)
 */
describe('the PGlite data directory belongs to one process', () => {
  const dataDir = tmp();
  const serverJson = path.join(dataDir, 'server.json');
  let first: Proc;
  let base: string;
  // Another program on a port that a stale server.json names: it says yes to everything and keeps what it is sent.
  const impostorSaw: string[] = [];
  const impostor = http.createServer((req, res) => {
    impostorSaw.push(`${req.url} ${req.headers.authorization ?? ''}`);
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ ok: true, output: 'impostor', proof: '0'.repeat(64) }));
  });
  const staleServerJson = (port: number): LocalServer => ({ pid: process.pid, port, token: 'ab'.repeat(32) });

  beforeAll(async () => {
    await new Promise<void>((r) => impostor.listen(0, '127.0.0.1', r));
    first = startServer(dataDir);
    running.push(first);
    ({ base } = await waitForServer(dataDir, first));
  }, 90_000);
  afterAll(() => {
    stopAll();
    impostor.close();
  });

  it('refuses a second server in one line naming the first, writing nothing, and the first keeps serving', async () => {
    // A write through the running server (the CLI's way in while it holds the directory), read back at the end.
    const created = await runCli(dataDir, ['tenant:create', '--host', 'lock.example.com', '--name', 'Lock Test']);
    expect(created.code, created.err).toBe(0);
    expect(created.out).toContain('lock.example.com');

    const before = snapshotDir(dataDir);
    const second = startServer(dataDir);
    running.push(second);
    const exit = await exitWithin(second, 30_000);
    expect(exit, 'the second server must stop by itself').not.toBeNull();
    expect(exit!.code).not.toBe(0);
    const lines = second.err().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toBe(
      `DATA_DIR ${dataDir} is in use by the Sorte server (pid ${first.pid}): stop it first or use another DATA_DIR`,
    );
    expect(snapshotDir(dataDir)).toEqual(before);

    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    expect((await fetch(`${base}/api/site-config`, { headers: { host: 'lock.example.com' } })).status).toBe(200);
  }, 60_000);

  it('does not let a CLI misled by a stale server.json open the directory the server holds', async () => {
    const real = fs.readFileSync(serverJson, 'utf8');
    const { port } = impostor.address() as AddressInfo;
    fs.writeFileSync(serverJson, JSON.stringify(staleServerJson(port)));
    try {
      const before = snapshotDir(dataDir);
      const r = await runCli(dataDir, ['tenant:create', '--host', 'misled.example.com', '--name', 'Misled']);
      expect(r.code).not.toBe(0);
      expect(r.out).not.toContain('impostor');
      expect(r.err.trim()).toBe(
        `DATA_DIR ${dataDir} is in use by the Sorte server (pid ${first.pid}): stop it first or use another DATA_DIR`,
      );
      expect(snapshotDir(dataDir)).toEqual(before);
      // It asked who was there, and never handed the token to whoever answered.
      expect(impostorSaw.length).toBeGreaterThan(0);
      expect(impostorSaw.join('\n')).not.toContain('ab'.repeat(32));
    } finally {
      fs.writeFileSync(serverJson, real);
    }
  }, 60_000);

  it('after the server stops, the CLI opens the directory itself even though server.json names a live pid', async () => {
    first.child.kill('SIGTERM');
    expect(await exitWithin(first, 30_000)).toEqual({ code: 0, signal: null });

    // The pid in server.json is alive (this test process) and its port answers, but it is not the server.
    const { port } = impostor.address() as AddressInfo;
    fs.writeFileSync(serverJson, JSON.stringify(staleServerJson(port)));
    const created = await runCli(dataDir, ['tenant:create', '--host', 'stale.example.com', '--name', 'Stale']);
    expect(created.code, created.err).toBe(0);
    expect(created.out).toContain('created tenant');
    expect(created.out).not.toContain('impostor');

    // Same with nothing listening on the port any more.
    const closed = await new Promise<number>((resolve) => {
      const s = http.createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as AddressInfo).port;
        s.close(() => resolve(p));
      });
    });
    fs.writeFileSync(serverJson, JSON.stringify(staleServerJson(closed)));
    const listed = await runCli(dataDir, ['tenant:list']);
    expect(listed.code, listed.err).toBe(0);
    expect(listed.out).toContain('stale.example.com');
    expect(listed.out).toContain('lock.example.com');
  }, 60_000);

  it('reads back everything written, and the lock follows the database handle', async () => {
    const db = await openDb({ dataDir, role: 'CLI' });
    try {
      expect((await findTenantByHost(db, 'lock.example.com'))?.name).toBe('Lock Test');
      expect((await findTenantByHost(db, 'stale.example.com'))?.name).toBe('Stale');
      expect((await findTenantByHost(db, 'localhost'))?.name).toBe('Sorte Demo');
      expect(await findTenantByHost(db, 'misled.example.com')).toBeNull();
      expect(() => lockDataDir({ dir: dataDir, role: 'server' })).toThrow(`in use by the ops CLI (pid ${process.pid})`);
    } finally {
      await db.close();
    }
    lockDataDir({ dir: dataDir, role: 'server' }).release();
  }, 30_000);
});

describe('the data directory lock', () => {
  afterAll(stopAll);

  it('is free again as soon as its holder is killed with SIGKILL', async () => {
    const dataDir = tmp();
    const script = `import { lockDataDir } from ${JSON.stringify(path.join(import.meta.dirname, 'lock.ts'))};
      lockDataDir({ dir: ${JSON.stringify(dataDir)}, role: 'CLI' });
      console.log('locked');
      setInterval(() => {}, 1000);`;
    const holder = spawnNode(['--import', 'tsx', '--input-type=module', '-e', script], process.env);
    running.push(holder);
    for (let i = 0; !holder.out().includes('locked'); i++) {
      expect(i, holder.err()).toBeLessThan(300);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(() => lockDataDir({ dir: dataDir, role: 'server' })).toThrow(
      new DataDirBusyError(
        `DATA_DIR ${dataDir} is in use by the ops CLI (pid ${holder.pid}): stop it first or use another DATA_DIR`,
      ),
    );
    holder.child.kill('SIGKILL');
    expect((await holder.exited).signal).toBe('SIGKILL');
    lockDataDir({ dir: dataDir, role: 'server' }).release();
  }, 30_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)('is not taken with PostgreSQL (DATABASE_URL)', async () => {
    const dataDir = tmp();
    const cfg = { dataDir, databaseUrl: process.env.TEST_DATABASE_URL, databasePoolSize: 1 };
    const [a, b] = await Promise.all([openDb(cfg), openDb(cfg)]);
    await Promise.all([a.close(), b.close()]);
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  });
});
