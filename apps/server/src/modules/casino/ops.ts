import fs from 'node:fs';
import path from 'node:path';
import type { Db, Sql } from '../../platform/db/index';
import { AppError } from '../../platform/errors';
import { findTenantByHost } from '../tenants/index';
import * as repo from './repo';

/** What an operator command gets (mirrors ops/commands.ts without importing it, to avoid a cycle). */
type Args = { flags: Record<string, string | true>; positional: string[] };
type Cmd = { usage: string; summary: string; run(ctx: { db: Db }, args: Args): Promise<string> };

const fail = (msg: string) => new AppError('bad_request', msg);

function flag(args: Args, name: string, usage: string): string {
  const v = args.flags[name];
  if (typeof v !== 'string' || !v) throw fail(`missing --${name}\nusage: ${usage}`);
  return v;
}

async function tenantOf(db: Db, args: Args, usage: string) {
  const host = flag(args, 'host', usage);
  const t = await findTenantByHost(db, host.toLowerCase());
  if (!t) throw fail(`no tenant serves host ${host}`);
  return t;
}

const boolFlag = (v: string | true | undefined, name: string): boolean | undefined => {
  if (v === undefined) return undefined;
  if (v === true || v === 'true' || v === '1' || v === 'yes') return true;
  if (v === 'false' || v === '0' || v === 'no') return false;
  throw fail(`--${name} must be true or false`);
};

/** RFC 4180-ish CSV: quoted fields, doubled quotes, commas or semicolons. First row is the header. */
export function parseCsv(text: string): Record<string, string>[] {
  const rows: string[][] = [];
  const sep = (text.split('\n')[0] ?? '').includes(';') && !(text.split('\n')[0] ?? '').includes(',') ? ';' : ',';
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === sep) {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell || row.length) {
    row.push(cell);
    rows.push(row);
  }
  const [header, ...body] = rows.filter((r) => r.some((x) => x.trim()));
  if (!header) return [];
  const keys = header.map((h) => h.trim().toLowerCase());
  return body.map((r) => Object.fromEntries(keys.map((k, i) => [k, (r[i] ?? '').trim()])));
}

const VOLATILITY = new Set(['low', 'medium', 'high', 'very_high']);
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const toSlug = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);

function asBool(v: unknown, dflt: boolean): boolean | null {
  if (v === undefined || v === null || v === '') return dflt;
  if (v === true || v === 'true' || v === '1' || v === 1 || v === 'yes') return true;
  if (v === false || v === 'false' || v === '0' || v === 0 || v === 'no') return false;
  return null;
}

/**
 * One row of a provider's game list -> a game, or the reasons it is refused. Accepted columns: game_id, title,
 * code (default: from the title), category, type (default: category), rtp (percent, 85-99.99), volatility,
 * image, image_mobile, only_demo, demo_allowed, bonus_allowed, has_tables.
 */
export function validateGameRow(
  raw: Record<string, unknown>,
  categories: Set<string>,
): { ok: true; game: Omit<repo.GameUpsert, 'provider_id'> } | { ok: false; errors: string[] } {
  const s = (k: string) => (raw[k] === undefined || raw[k] === null ? '' : String(raw[k]).trim());
  const errors: string[] = [];
  const gameId = s('game_id') || s('id');
  if (!gameId || gameId.length > 100) errors.push('game_id is required (at most 100 characters)');
  const title = s('title') || s('name');
  if (!title || title.length > 120) errors.push('title is required (at most 120 characters)');
  const code = s('code') || s('gamecode') || toSlug(title);
  if (!SLUG.test(code)) errors.push(`code "${code}" must be lower-case words joined by hyphens`);
  const category = s('category') || s('category_slug');
  if (!categories.has(category)) errors.push(`unknown category "${category}" (create it with categories:set)`);
  const type = s('type') || category;
  if (!/^[a-z0-9_-]{1,30}$/.test(type)) errors.push(`invalid type "${type}"`);
  const rtp = Number(s('rtp').replace(',', '.'));
  if (!Number.isFinite(rtp) || rtp < 85 || rtp >= 100)
    errors.push('rtp must be a percentage from 85 to 99.99 (Portaria 1.207/2024: at least 85 %)');
  const volatility =
    s('volatility')
      .toLowerCase()
      .replace(/[\s-]+/g, '_') || 'medium';
  if (!VOLATILITY.has(volatility)) errors.push('volatility must be low, medium, high or very_high');
  const image = s('image');
  if (!/^(\/static\/|https:\/\/)[^\s"'<>]{1,500}$/.test(image))
    errors.push('image must be a /static/ path or an https:// URL we host (no hot-linking)');
  const imageMobile = s('image_mobile') || null;
  if (imageMobile && !/^(\/static\/|https:\/\/)[^\s"'<>]{1,500}$/.test(imageMobile))
    errors.push('image_mobile must be a /static/ path or an https:// URL');
  const flags = {
    only_demo: asBool(raw.only_demo, false),
    demo_allowed: asBool(raw.demo_allowed, true),
    bonus_allowed: asBool(raw.bonus_allowed, true),
    has_tables: asBool(raw.has_tables, false),
  };
  for (const [k, v] of Object.entries(flags)) if (v === null) errors.push(`${k} must be true or false`);
  if (errors.length) return { ok: false, errors };
  return {
    ok: true,
    game: {
      provider_game_id: gameId,
      game_code: code,
      title,
      category_slug: category,
      type,
      rtp_bp: Math.round(rtp * 100),
      volatility: volatility as repo.GameRow['volatility'],
      image,
      image_mobile: imageMobile,
      only_demo: flags.only_demo!,
      demo_allowed: flags.demo_allowed!,
      bonus_allowed: flags.bonus_allowed!,
      has_tables: flags.has_tables!,
    },
  };
}

/** Imports a provider's game list: bad rows are reported, good rows upserted (in one transaction). */
export async function importGames(
  db: Db,
  o: { tenantId: number; providerCode: string; rows: Record<string, unknown>[] },
): Promise<{ inserted: number; updated: number; rejected: { row: number; errors: string[] }[] }> {
  return db.transaction(async (tx) => {
    const provider = await repo.findProviderByCode(tx, o.tenantId, o.providerCode);
    if (!provider) throw fail(`no provider "${o.providerCode}" for this tenant (add it with providers:add)`);
    const categories = new Set((await repo.listCategories(tx, o.tenantId)).map((c) => c.slug));
    let inserted = 0;
    let updated = 0;
    const rejected: { row: number; errors: string[] }[] = [];
    const seen = new Set<string>();
    for (const [i, raw] of o.rows.entries()) {
      const v = validateGameRow(raw, categories);
      if (!v.ok) {
        rejected.push({ row: i + 1, errors: v.errors });
        continue;
      }
      if (seen.has(v.game.game_code)) {
        rejected.push({ row: i + 1, errors: [`code "${v.game.game_code}" repeats an earlier row`] });
        continue;
      }
      seen.add(v.game.game_code);
      const clash = await tx.query(
        'select 1 from games where tenant_id = $1 and provider_id = $2 and game_code = $3 and provider_game_id <> $4',
        [o.tenantId, provider.id, v.game.game_code, v.game.provider_game_id],
      );
      if (clash.rowCount) {
        rejected.push({ row: i + 1, errors: [`code "${v.game.game_code}" belongs to another game of this provider`] });
        continue;
      }
      if (await repo.upsertGame(tx, o.tenantId, { ...v.game, provider_id: provider.id })) inserted++;
      else updated++;
    }
    await repo.bumpCatalogRevision(tx, o.tenantId);
    return { inserted, updated, rejected };
  });
}

async function findGameRef(sql: Sql, tenantId: number, ref: string): Promise<number> {
  const m = /^(\d+)$/.exec(ref);
  const { rows } = m
    ? await sql.query<{ id: number }>('select id from games where tenant_id = $1 and id = $2', [tenantId, Number(ref)])
    : await sql.query<{ id: number }>(
        `select g.id from games g join game_providers p on p.id = g.provider_id
          where g.tenant_id = $1 and p.code || '/' || g.game_code = $2`,
        [tenantId, ref],
      );
  if (!rows[0]) throw fail(`no game "${ref}" (use the id or provider/code)`);
  return rows[0].id;
}

export const CASINO_COMMANDS: Record<string, Cmd> = {
  'games:import': {
    usage: 'games:import FILE --host H --provider CODE',
    summary:
      "upsert a provider's game list (JSON array or CSV with a header row); bad rows are listed, good rows saved",
    async run({ db }, args) {
      const file = args.positional[0];
      if (!file) throw fail(`missing FILE\nusage: ${this.usage}`);
      const t = await tenantOf(db, args, this.usage);
      const full = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
      if (!fs.existsSync(full)) throw fail(`no such file: ${full}`);
      const text = fs.readFileSync(full, 'utf8');
      let rows: Record<string, unknown>[];
      if (/\.json$/i.test(full) || /^\s*[[{]/.test(text)) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch (e) {
          throw fail(`invalid JSON: ${(e as Error).message}`);
        }
        const list = Array.isArray(parsed) ? parsed : (parsed as { games?: unknown }).games;
        if (!Array.isArray(list)) throw fail('JSON must be an array of games or {"games": [...]}');
        rows = list as Record<string, unknown>[];
      } else rows = parseCsv(text);
      const r = await importGames(db, { tenantId: t.id, providerCode: flag(args, 'provider', this.usage), rows });
      const lines = [`${r.inserted} added, ${r.updated} updated, ${r.rejected.length} rejected`];
      for (const x of r.rejected) lines.push(`  row ${x.row}: ${x.errors.join('; ')}`);
      return lines.join('\n');
    },
  },
  'games:list': {
    usage: 'games:list --host H [--provider CODE]',
    summary: "list a tenant's games with their state",
    async run({ db }, args) {
      const t = await tenantOf(db, args, this.usage);
      const prov = typeof args.flags.provider === 'string' ? args.flags.provider : null;
      const { rows } = await db.query<Record<string, string | number | boolean>>(
        `select g.id, p.code || '/' || g.game_code as ref, g.title, g.category_slug as category,
            (g.rtp_bp / 100.0)::text as rtp, g.enabled, g.featured, g.featured_home as home, g.views
          from games g join game_providers p on p.id = g.provider_id
          where g.tenant_id = $1 and ($2::text is null or p.code = $2) order by p.code, g.sort, g.title`,
        [t.id, prov],
      );
      return rows.length ? rows.map((r) => Object.values(r).join('  ')).join('\n') : '(none)';
    },
  },
  'games:set': {
    usage: 'games:set --host H --game ID|PROVIDER/CODE [--enabled true|false] [--title T] [--category SLUG] [--sort N]',
    summary: 'change one game (enable/disable it for this tenant, rename, recategorise, reorder)',
    async run({ db }, args) {
      const t = await tenantOf(db, args, this.usage);
      const sort = args.flags.sort === undefined ? undefined : Number(args.flags.sort);
      if (sort !== undefined && !Number.isInteger(sort)) throw fail('--sort must be a whole number');
      const category = typeof args.flags.category === 'string' ? args.flags.category : undefined;
      return db.transaction(async (tx) => {
        const id = await findGameRef(tx, t.id, flag(args, 'game', this.usage));
        if (category && !(await repo.listCategories(tx, t.id)).some((c) => c.slug === category))
          throw fail(`unknown category "${category}"`);
        await repo.setGameFields(tx, t.id, id, {
          enabled: boolFlag(args.flags.enabled, 'enabled'),
          title: typeof args.flags.title === 'string' ? args.flags.title : undefined,
          category_slug: category,
          sort,
        });
        await repo.bumpCatalogRevision(tx, t.id);
        return `game ${id} updated`;
      });
    },
  },
  'games:feature': {
    usage: 'games:feature --host H --game ID|PROVIDER/CODE [--home] [--off]',
    summary: 'feature a game in the lobby (and with --home on the home page rails); --off removes it',
    async run({ db }, args) {
      const t = await tenantOf(db, args, this.usage);
      const on = args.flags.off !== true;
      return db.transaction(async (tx) => {
        const id = await findGameRef(tx, t.id, flag(args, 'game', this.usage));
        await repo.setGameFields(tx, t.id, id, {
          featured: on,
          ...(args.flags.home === true || !on ? { featured_home: on } : {}),
        });
        await repo.bumpCatalogRevision(tx, t.id);
        return `game ${id} ${on ? 'featured' : 'no longer featured'}`;
      });
    },
  },
  'providers:list': {
    usage: 'providers:list --host H',
    summary: "list a tenant's game providers",
    async run({ db }, args) {
      const t = await tenantOf(db, args, this.usage);
      const rows = await repo.listProviders(db, t.id);
      return rows.length
        ? rows
            .map(
              (p) =>
                `${p.code}  ${p.name}  ${p.protocol}  ${p.enabled ? 'enabled' : 'disabled'}  max win ${p.max_single_win}`,
            )
            .join('\n')
        : '(none)';
    },
  },
  'providers:add': {
    usage: 'providers:add --host H --code C --name N --api-url URL --operator-id ID --secret S [--protocol generic]',
    summary: 'connect a tenant to a game provider (its launch API, our operator id and the shared HMAC secret)',
    async run({ db }, args) {
      const t = await tenantOf(db, args, this.usage);
      const code = flag(args, 'code', this.usage);
      if (!/^[a-z0-9][a-z0-9_-]{0,39}$/.test(code)) throw fail('--code must be lower-case letters, digits, - or _');
      const apiUrl = flag(args, 'api-url', this.usage);
      if (!/^https:\/\//.test(apiUrl) && apiUrl !== 'sandbox:') throw fail('--api-url must be https://');
      const secret = flag(args, 'secret', this.usage);
      if (secret.length < 16) throw fail('--secret must have at least 16 characters');
      const protocol = typeof args.flags.protocol === 'string' ? args.flags.protocol : 'generic';
      if (protocol !== 'generic') throw fail(`unknown protocol "${protocol}"`);
      return db.transaction(async (tx) => {
        if (await repo.findProviderByCode(tx, t.id, code)) throw fail(`provider ${code} already exists`);
        const id = await repo.insertProvider(tx, {
          tenant_id: t.id,
          code,
          name: flag(args, 'name', this.usage),
          protocol,
          api_url: apiUrl,
          operator_id: flag(args, 'operator-id', this.usage),
          secret,
          sort: 100,
        });
        await repo.bumpCatalogRevision(tx, t.id);
        return `provider ${code} added (id ${id}); its wallet callbacks go to /api/providers/${code}/{operation}`;
      });
    },
  },
  'providers:set': {
    usage: 'providers:set --host H --provider CODE [--enabled true|false] [--max-win CENTAVOS]',
    summary: 'enable or disable a provider for a tenant, or change what one round may pay in wins (the cap)',
    async run({ db }, args) {
      const t = await tenantOf(db, args, this.usage);
      const maxWin = args.flags['max-win'] === undefined ? undefined : Number(args.flags['max-win']);
      if (maxWin !== undefined && (!Number.isSafeInteger(maxWin) || maxWin <= 0))
        throw fail('--max-win must be a positive whole number of centavos');
      return db.transaction(async (tx) => {
        const p = await repo.findProviderByCode(tx, t.id, flag(args, 'provider', this.usage));
        if (!p) throw fail('no such provider');
        await repo.setProviderFields(tx, t.id, p.id, {
          enabled: boolFlag(args.flags.enabled, 'enabled'),
          max_single_win: maxWin,
        });
        await repo.bumpCatalogRevision(tx, t.id);
        return `provider ${p.code} updated`;
      });
    },
  },
  'categories:set': {
    usage: 'categories:set --host H --slug S --pt NAME --en NAME [--sort N] [--icon I]',
    summary: 'create or rename a game category',
    async run({ db }, args) {
      const t = await tenantOf(db, args, this.usage);
      const slug = flag(args, 'slug', this.usage);
      if (!SLUG.test(slug)) throw fail('--slug must be lower-case words joined by hyphens');
      const sort = args.flags.sort === undefined ? 0 : Number(args.flags.sort);
      if (!Number.isInteger(sort)) throw fail('--sort must be a whole number');
      await db.transaction(async (tx) => {
        await repo.upsertCategory(tx, t.id, {
          slug,
          name_pt: flag(args, 'pt', this.usage),
          name_en: flag(args, 'en', this.usage),
          icon: typeof args.flags.icon === 'string' ? args.flags.icon : null,
          sort,
        });
        await repo.bumpCatalogRevision(tx, t.id);
      });
      return `category ${slug} saved`;
    },
  },
};
