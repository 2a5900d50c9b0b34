import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTenantByHost } from '../modules/tenants/repo';
import { migrate } from '../platform/db/migrate';
import { testDb } from '../test/helpers';
import { runCommand } from './commands';

describe('operator CLI commands', () => {
  let db: Awaited<ReturnType<typeof testDb>>;
  const run = (...argv: string[]) => runCommand({ db }, argv);

  beforeAll(async () => {
    db = await testDb();
    await migrate(db);
  });
  afterAll(() => db.close());

  it('creates a tenant, lists it and adds a host', async () => {
    const created = await run('tenant:create', '--host', 'Sorte.Example.com', '--name', 'Sorte Example');
    expect(created).toEqual({ ok: true, output: expect.stringContaining('sorte.example.com') });
    expect((await run('tenant:list')).output).toMatch(/Sorte Example\s+true\s+1\s+false\s+sorte\.example\.com/);
    const added = await run('tenant:add-host', '--host', 'sorte.example.com', '--add', 'www.sorte.example.com');
    expect(added.ok).toBe(true);
    const t = await findTenantByHost(db, 'www.sorte.example.com');
    expect(t?.hosts.sort()).toEqual(['sorte.example.com', 'www.sorte.example.com']);
  });

  it('refuses a host that belongs to another tenant', async () => {
    await run('tenant:create', '--host', 'other.example.com', '--name', 'Other');
    const r = await run('tenant:add-host', '--host', 'other.example.com', '--add', 'sorte.example.com');
    expect(r.ok).toBe(false);
    expect(r.output).toContain('belongs to another tenant');
    expect((await run('tenant:create', '--host', 'other.example.com', '--name', 'Dup')).ok).toBe(false);
  });

  it('sets several values at once, validated as a whole', async () => {
    const r = await run(
      'tenant:set',
      '--host',
      'sorte.example.com',
      'colors.primary="#ff0055"',
      'min_deposit=2000',
      'hasSports=true',
      'name="Sorte Renamed"',
    );
    expect(r.ok).toBe(true);
    const t = (await findTenantByHost(db, 'sorte.example.com'))!;
    expect(t.settings.colors.primary).toBe('#ff0055');
    expect(t.settings.min_deposit).toBe(2000);
    expect(t.settings.hasSports).toBe(true);
    expect(t.name).toBe('Sorte Renamed');
  });

  it.each([
    [['colors.primary="red"'], 'colors.primary'],
    [['min_deposit=-5'], 'min_deposit'],
    [['min_deposit=99999999'], 'min_deposit must not exceed max_deposit'],
    [['colors.primary=#ff0000'], 'not valid JSON'],
    [['nonsense=1'], 'unknown setting "nonsense"'],
    [['active="yes"'], 'active must be true or false'],
    [['__proto__.x=1'], 'not a valid key'],
    [['timezone="Mars/Olympus"'], 'unknown IANA time zone'],
    [['hasSports=true', 'deposit_popup_values=[]'], 'deposit_popup_values'],
  ])('rejects %j with a clear message and writes nothing', async (assignments, expected) => {
    const before = (await findTenantByHost(db, 'sorte.example.com'))!;
    const r = await run('tenant:set', '--host', 'sorte.example.com', ...assignments);
    expect(r.ok).toBe(false);
    expect(r.output).toContain(expected);
    expect(r.output).toContain('nothing was written');
    const after = (await findTenantByHost(db, 'sorte.example.com'))!;
    expect(after.revision).toBe(before.revision);
    expect(after.settings).toEqual(before.settings);
  });

  it('explains usage mistakes', async () => {
    expect((await run('tenant:create', '--name', 'X')).output).toContain('missing --host');
    expect((await run('tenant:frobnicate')).output).toContain('unknown command');
    expect((await run('tenant:set', '--host', 'nowhere.example.com', 'kyc=true')).output).toContain(
      'no tenant is served from nowhere.example.com',
    );
    expect((await run('help')).output).toContain('tenant:add-host');
  });
});
