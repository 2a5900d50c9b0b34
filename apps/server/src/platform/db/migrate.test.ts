import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDb } from '../../test/helpers';
import type { Db } from './index';
import { listMigrations, migrate } from './migrate';

describe('migrations', () => {
  let db: Db;
  beforeEach(async () => {
    db = await testDb();
  });
  afterEach(() => db.close());

  it('applies every migration once, then nothing', async () => {
    const all = listMigrations();
    expect(all.length).toBeGreaterThan(0);
    expect(await migrate(db)).toEqual(all.map((m) => m.version));
    expect(await migrate(db)).toEqual([]);
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from schema_migrations');
    expect(rows[0]!.n).toBe(all.length);
  });

  it('refuses to start when an applied migration was edited', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mig-'));
    fs.writeFileSync(path.join(dir, '20260101000000_a.sql'), 'create table a (x int);');
    await migrate(db, listMigrations(dir));
    fs.writeFileSync(path.join(dir, '20260101000000_a.sql'), 'create table a (x bigint);');
    await expect(migrate(db, listMigrations(dir))).rejects.toThrow(/20260101000000_a\.sql changed/);
  });

  it('leaves the schema untouched when a migration fails', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mig-'));
    fs.writeFileSync(path.join(dir, '20260101000000_a.sql'), 'create table a (x int);');
    fs.writeFileSync(path.join(dir, '20260101000001_b.sql'), 'create table b (x int); select * from nowhere;');
    await expect(migrate(db, listMigrations(dir))).rejects.toThrow();
    const { rows } = await db.query(
      "select 1 from information_schema.tables where table_schema = current_schema() and table_name in ('a', 'b')",
    );
    expect(rows).toHaveLength(0);
  });
});
