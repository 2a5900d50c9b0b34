import type { Db } from './db/index';

/*
 * The operator CLI's plumbing (npm run ops): the command shape, argument parsing and the flag readers every
 * module's ops.ts uses. The commands themselves are the modules'; apps/server/src/ops composes them.
 */

export type OpsContext = { db: Db };
export type Parsed = { flags: Record<string, string | true>; positional: string[] };
export type Command = {
  usage: string;
  summary: string;
  run(ctx: OpsContext, args: Parsed): Promise<string>;
};

export class UsageError extends Error {}

export function parseArgs(argv: string[]): Parsed {
  const flags: Record<string, string | true> = {};
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      if (eq > 2) flags[a.slice(2, eq)] = a.slice(eq + 1);
      else {
        const next = argv[i + 1];
        if (next !== undefined && !next.startsWith('--')) {
          flags[a.slice(2)] = next;
          i++;
        } else flags[a.slice(2)] = true;
      }
    } else positional.push(a);
  }
  return { flags, positional };
}

function need(args: Parsed, name: string, usage: string): string {
  const v = args.flags[name];
  if (typeof v !== 'string' || !v) throw new UsageError(`missing --${name}\nusage: ${usage}`);
  return v;
}

export function table(rows: Record<string, string | number | boolean>[]): string {
  if (rows.length === 0) return '(none)';
  const cols = Object.keys(rows[0]!);
  const width = cols.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c]).length)));
  const line = (vals: string[]) =>
    vals
      .map((v, i) => v.padEnd(width[i]!))
      .join('  ')
      .trimEnd();
  return [
    line(cols),
    line(width.map((w) => '-'.repeat(w))),
    ...rows.map((r) => line(cols.map((c) => String(r[c])))),
  ].join('\n');
}

/** A required flag: fails with the command's usage line. */
export function flag(args: Parsed, name: string, usage: string): string {
  return need(args, name, usage);
}

export function int(args: Parsed, name: string, usage: string, min = 0): number {
  const v = flag(args, name, usage);
  if (!/^\d{1,9}$/.test(v) || Number(v) < min)
    throw new UsageError(`--${name} must be a whole number >= ${min}\nusage: ${usage}`);
  return Number(v);
}

/** The tenant a command names with --host, found by `find` (the tenants module's lookup, which the caller passes). */
export async function tenantOfHost(
  db: Db,
  args: Parsed,
  usage: string,
  find: (db: Db, host: string) => Promise<{ id: number } | null>,
): Promise<number> {
  const host = flag(args, 'host', usage);
  const t = await find(db, host.toLowerCase());
  if (!t) throw new UsageError(`no tenant is served from ${host}`);
  return t.id;
}
