import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDb } from '../../test/helpers';
import type { Db } from './index';
import { listFunctions, listMigrations, migrate } from './migrate';

describe('migrations', () => {
  let db: Db;
  beforeEach(async () => {
    db = await testDb();
  });
  afterEach(() => db.close());

  it('applies every migration once, then nothing', async () => {
    const all = listMigrations();
    expect(all.length).toBeGreaterThan(0);
    const fns = listFunctions();
    expect(await migrate(db)).toEqual({ migrations: all.map((m) => m.version), functions: fns.map((f) => f.name) });
    expect(await migrate(db)).toEqual({ migrations: [], functions: [] });
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from schema_migrations');
    expect(rows[0]!.n).toBe(all.length);
  });

  it('refuses to start when an applied migration was edited', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mig-'));
    fs.writeFileSync(path.join(dir, '20260101000000_a.sql'), 'create table a (x int);');
    await migrate(db, { migrations: listMigrations(dir), functions: [] });
    fs.writeFileSync(path.join(dir, '20260101000000_a.sql'), 'create table a (x bigint);');
    await expect(migrate(db, { migrations: listMigrations(dir), functions: [] })).rejects.toThrow(
      /20260101000000_a\.sql changed/,
    );
  });

  it('leaves the schema untouched when a migration fails', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mig-'));
    fs.writeFileSync(path.join(dir, '20260101000000_a.sql'), 'create table a (x int);');
    fs.writeFileSync(path.join(dir, '20260101000001_b.sql'), 'create table b (x int); select * from nowhere;');
    await expect(migrate(db, { migrations: listMigrations(dir), functions: [] })).rejects.toThrow();
    const { rows } = await db.query(
      "select 1 from information_schema.tables where table_schema = current_schema() and table_name in ('a', 'b')",
    );
    expect(rows).toHaveLength(0);
  });

  it('refuses, in one line, a database made by the migrations the baseline replaced', async () => {
    await db.exec(`create table schema_migrations (version text primary key, name text not null,
      checksum text not null, applied_at timestamptz not null default now());
      insert into schema_migrations (version, name, checksum) values ('20261122000000', 'tenancy', 'x');`);
    const err = await migrate(db).then(
      () => null,
      (e: Error) => e,
    );
    expect(err?.message).toMatch(/created by migrations older than the baseline \d{14} \(first: 20261122000000\)/);
    expect(err?.message).not.toContain('\n');
    const { rows } = await db.query(
      "select 1 from information_schema.tables where table_schema = current_schema() and table_name = 'tenants'",
    );
    expect(rows).toHaveLength(0);
  });
});

describe('stored functions', () => {
  let db: Db;
  let dir: string;
  const migrations = () => {
    const m = path.join(dir, 'migrations');
    fs.mkdirSync(m, { recursive: true });
    fs.writeFileSync(path.join(m, '20260101000000_t.sql'), 'create table t (x int);');
    return listMigrations(m);
  };
  const writeFunction = (name: string, body: string) => {
    fs.mkdirSync(path.join(dir, 'functions'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'functions', `${name}.sql`), body);
  };
  const start = () => migrate(db, { migrations: migrations(), functions: listFunctions(path.join(dir, 'functions')) });
  const call = async (sql: string) => (await db.query<{ v: number }>(sql)).rows[0]!.v;
  beforeEach(async () => {
    db = await testDb();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fn-'));
  });
  afterEach(() => db.close());

  it('applies a changed function file on the next start, and leaves an unchanged one alone', async () => {
    writeFunction('f_one', 'create or replace function f_one() returns int language sql as $$ select 1 $$;');
    writeFunction('f_two', 'create or replace function f_two() returns int language sql as $$ select 2 $$;');
    expect(await start()).toEqual({ migrations: ['20260101000000'], functions: ['f_one', 'f_two'] });
    const appliedAt = async (name: string) =>
      (await db.query<{ at: string }>('select applied_at::text as at from db_functions where name = $1', [name]))
        .rows[0]!.at;
    const twoAt = await appliedAt('f_two');
    expect(await start()).toEqual({ migrations: [], functions: [] });

    writeFunction('f_one', 'create or replace function f_one() returns int language sql as $$ select 10 $$;');
    expect(await start()).toEqual({ migrations: [], functions: ['f_one'] });
    expect(await call('select f_one() as v')).toBe(10);
    expect(await call('select f_two() as v')).toBe(2);
    expect(await appliedAt('f_two')).toBe(twoAt);
  });

  it('applies each file once when two nodes start together', async () => {
    writeFunction('f_one', 'create or replace function f_one() returns int language sql as $$ select 1 $$;');
    const [a, b] = await Promise.all([start(), start()]);
    expect([...a.functions, ...b.functions]).toEqual(['f_one']);
    expect([...a.migrations, ...b.migrations]).toEqual(['20260101000000']);
  });

  it('lets a file whose signature changes drop the old one first', async () => {
    writeFunction('f_sig', 'create or replace function f_sig(a int) returns int language sql as $$ select a $$;');
    await start();
    writeFunction(
      'f_sig',
      `drop function if exists f_sig(int);
      create or replace function f_sig(a bigint, b bigint) returns bigint language sql as $$ select a + b $$;`,
    );
    expect((await start()).functions).toEqual(['f_sig']);
    expect(await call('select f_sig(2, 3)::int as v')).toBe(5);
    const { rows } = await db.query("select 1 from pg_proc where proname = 'f_sig'");
    expect(rows).toHaveLength(1);
  });

  it('keeps the last applied definitions when a changed file fails, and names the file', async () => {
    writeFunction('f_one', 'create or replace function f_one() returns int language sql as $$ select 1 $$;');
    await start();
    writeFunction('f_one', 'create or replace function f_one() returns int language sql as $$ select 11 $$;');
    writeFunction('f_bad', 'create or replace function f_bad() returns int language sql as $$ select nope $$;');
    await expect(start()).rejects.toThrow(/functions\/f_bad\.sql/);
    expect(await call('select f_one() as v')).toBe(1);
  });
});
