import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// "No module writes another module's tables", checked: the owners come from the table in
// docs/architecture-rules.md (Table ownership), the tables from the migrations, and every module file and stored
// function is scanned for the tables it writes.
const root = path.resolve(import.meta.dirname, '../../..');
const SRC = path.join(root, 'apps/server/src');
const FUNCTIONS = path.join(SRC, 'platform/db/functions');

type Owner = { name: string; tables: string[]; prefixes: string[] };

/** The ownership table of docs/architecture-rules.md: owner | `table`, `prefix_*` ... | `function_prefix`. */
function readOwners(): Owner[] {
  const doc = fs.readFileSync(path.join(root, 'docs/architecture-rules.md'), 'utf8');
  const section = doc.slice(doc.indexOf('# Table ownership'));
  const rows = section.split('\n').filter((l) => /^\| [a-z][a-z-]* \|/.test(l) && !l.startsWith('| owner '));
  return rows.map((row) => {
    const [name, tables, prefixes] = row
      .split('|')
      .slice(1, 4)
      .map((c) => c.trim());
    const codes = (cell = '') => [...cell.matchAll(/`([a-z0-9_*]+)`/g)].map((m) => m[1]!);
    return { name: name!, tables: codes(tables), prefixes: codes(prefixes) };
  });
}

/** Every table the migrations leave: created and not dropped later. */
function readTables(): string[] {
  const dir = path.join(SRC, 'platform/db/migrations');
  const tables = new Set<string>();
  for (const file of fs.readdirSync(dir).sort()) {
    const sql = fs.readFileSync(path.join(dir, file), 'utf8').replace(/--.*$/gm, '');
    for (const m of sql.matchAll(/\b(create|drop)\s+table\s+(?:if\s+(?:not\s+)?exists\s+)?([a-z_][a-z0-9_]*)/gi)) {
      if (m[1]!.toLowerCase() === 'create') tables.add(m[2]!.toLowerCase());
      else tables.delete(m[2]!.toLowerCase());
    }
  }
  return [...tables].sort();
}

const owns = (o: Owner, table: string) =>
  o.tables.some((t) => (t.endsWith('*') ? table.startsWith(t.slice(0, -1)) : t === table));

type Write = { verb: string; table: string };

/** The known tables a source text inserts into, updates or deletes from (SQL in .sql files and in TS strings). */
function writesOf(text: string, tables: ReadonlySet<string>): Write[] {
  const out: Write[] = [];
  const re =
    /\b(insert\s+into|update|delete\s+from|truncate(?:\s+table)?|merge\s+into)\s+(?:only\s+)?([a-z_][a-z0-9_]*)/gi;
  for (const m of text.matchAll(re)) {
    const table = m[2]!.toLowerCase();
    if (tables.has(table)) out.push({ verb: m[1]!.toLowerCase().split(/\s+/)[0]!, table });
  }
  return out;
}

/** The writes of a file that break the rule: to a table its owner does not own (publishing an event aside). */
function foreignWrites(
  file: { owner: string; sql: boolean; text: string },
  owners: Owner[],
  tables: ReadonlySet<string>,
): string[] {
  const self = owners.find((o) => o.name === file.owner);
  return writesOf(file.text, tables)
    .filter((w) => !(self && owns(self, w.table)))
    .filter((w) => !(file.sql && w.verb === 'insert' && w.table === 'event_log'))
    .map((w) => `${w.verb} ${w.table} (${owners.find((o) => owns(o, w.table))?.name ?? 'no owner'})`);
}

const walk = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));

/** Every module source file and stored function, with its owner. */
function sources(owners: Owner[]) {
  const files: { file: string; owner: string; sql: boolean; text: string }[] = [];
  for (const file of walk(path.join(SRC, 'modules'))) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts') || file.endsWith('/test-support.ts')) continue;
    const owner = path.relative(path.join(SRC, 'modules'), file).split(path.sep)[0]!;
    files.push({ file, owner, sql: false, text: fs.readFileSync(file, 'utf8') });
  }
  for (const name of fs.readdirSync(FUNCTIONS)) {
    const owner = owners.find((o) => o.prefixes.some((p) => name.startsWith(p)))?.name ?? `no owner for ${name}`;
    files.push({
      file: path.join(FUNCTIONS, name),
      owner,
      sql: true,
      text: fs.readFileSync(path.join(FUNCTIONS, name), 'utf8'),
    });
  }
  for (const file of walk(path.join(SRC, 'platform'))) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    files.push({ file, owner: 'platform', sql: false, text: fs.readFileSync(file, 'utf8') });
  }
  return files;
}

describe('table ownership', () => {
  const owners = readOwners();
  const tables = readTables();
  const known = new Set(tables);

  it('gives every table the migrations create exactly one owner', () => {
    expect(owners.length).toBeGreaterThan(10);
    const wrong = tables
      .map((t) => ({ t, n: owners.filter((o) => owns(o, t)).map((o) => o.name) }))
      .filter((x) => x.n.length !== 1)
      .map((x) => `${x.t}: ${x.n.length ? x.n.join(', ') : 'no owner'}`);
    expect(wrong).toEqual([]);
  });

  it('names a module folder (or the platform) for every owner, and an owner for every stored function', () => {
    const modules = fs.readdirSync(path.join(SRC, 'modules'));
    expect(owners.map((o) => o.name).filter((n) => n !== 'platform' && !modules.includes(n))).toEqual([]);
    expect(sources(owners).filter((f) => f.owner.startsWith('no owner'))).toEqual([]);
  });

  it('finds no module file or stored function writing a table of another owner', () => {
    const found = sources(owners).flatMap((f) =>
      foreignWrites(f, owners, known).map((w) => `${path.relative(root, f.file)}: ${w}`),
    );
    expect(found).toEqual([]);
  });

  it('catches a foreign write on probes, and lets an owner write its own tables and a function publish', () => {
    const probe = (owner: string, text: string, sql = false) => foreignWrites({ owner, sql, text }, owners, known);
    // A module updating the accounts module's players, in TypeScript and in a stored function.
    expect(probe('originals', "await tx.query('update users set level = 2 where id = $1', [id]);")).toEqual([
      'update users (auth)',
    ]);
    expect(probe('providers', 'insert into casino_rounds (tenant_id) values (1);', true)).toEqual([
      'insert casino_rounds (casino)',
    ]);
    expect(probe('payments', 'delete from ledger_entries where id = 1')).toEqual(['delete ledger_entries (ledger)']);
    // The owner itself, reads, and a stored function publishing its event are fine.
    expect(probe('casino', 'update casino_rounds set status = $2 where id = $1')).toEqual([]);
    expect(probe('payments', 'select balance from ledger_accounts where id = $1')).toEqual([]);
    expect(probe('originals', "insert into event_log (tenant_id, name) values (1, 'x')", true)).toEqual([]);
    // A module's TypeScript publishes through platform/events' publish(), not by writing the log itself.
    expect(probe('originals', "insert into event_log (tenant_id, name) values (1, 'x')")).toEqual([
      'insert event_log (platform)',
    ]);
  });
});
