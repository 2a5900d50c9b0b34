import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { type Db, openPglite, openPostgres } from '../platform/db/index';

/**
 * A fresh database for one test file: in-memory PGlite by default, or a private schema on the PostgreSQL of
 * TEST_DATABASE_URL (dropped again by close()), so files can run in parallel on one server.
 */
export async function testDb(): Promise<Db & { label: string }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return Object.assign(await openPglite(null), { label: 'pglite' });
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = await openPostgres(url, { poolSize: 1 });
  await admin.query(`create schema ${schema}`);
  await admin.close();
  const db = await openPostgres(url, { poolSize: 20, searchPath: schema });
  const closePool = db.close;
  return Object.assign(db, {
    label: 'postgres',
    close: async () => {
      await closePool();
      const a = await openPostgres(url, { poolSize: 1 });
      await a.query(`drop schema ${schema} cascade`);
      await a.close();
    },
  });
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'sorte-')),
      // Cheap password hashing keeps the suite fast; production uses the OWASP defaults.
      PASSWORD_HASH_MEMORY_KIB: '1024',
      PASSWORD_HASH_TIME_COST: '1',
    },
    overrides,
  );
}

/** The real app on a fresh database, with the demo tenant seeded, ready for inject(). */
export async function testApp(overrides: Partial<Config> = {}) {
  const db = await testDb();
  const app = await buildApp(testConfig(overrides), { db });
  app.addHook('onClose', () => db.close());
  // Tests read what a module published from the event log after its consumers ran. The periodic prune would delete
  // those rows at a moment of the scheduler's choosing (its first run comes a tick after the log first has anything
  // every consumer passed), so a test app keeps its log; the prune itself is tested by calling it.
  await app.jobs.remove(['events-prune']);
  return app;
}

/** A minimal web build: the real index.html template markers, for page tests that do not need Vite. */
export function fakeWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sorte-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><!--app-head--></head>' +
      '<body><div id="root"></div><!--app-state--><script type="module" src="/assets/app.js"></script>' +
      '<!--app-body-end--></body></html>',
  );
  fs.writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log("app")');
  return dir;
}
