import { MISSION_AUDIENCES, MISSION_GOALS, type MissionAudience, type MissionGoal } from '@sorte/contracts';
import type { Db } from '../../platform/db/index';
import { publish } from '../../platform/events/index';
import { type Command, flag, type Parsed, table, UsageError } from '../../platform/ops';
import type { Tenant } from '../../platform/tenancy';
import { boxGrantProblem, findBox } from '../boxes/index';
import { findTenantByHost } from '../tenants/index';
import { brl, describe, MSG } from './messages';
import { goalAllowed } from './policies';
import * as repo from './repo';

/** Largest cash reward of one mission (R$ 100.000,00): a typo guard far above any real mission. */
export const MAX_REWARD = 10_000_000;

const CREATE_USAGE =
  'mission:create --host H --name N [--name-en N] --goal wager|rounds|multiplier|login_days|deposit --target T ' +
  '[--category C] [--game CODE] [--window daily|weekly|once] [--from DATE --to DATE] ' +
  '[--audience all|new|vip --vip-min L --vip-max L] [--opt-in] (--reward-cash CENTAVOS | --reward-offer ID | --reward-box ID|NAME)';

const text = (args: Parsed, name: string, usage: string): string | undefined => {
  const v = args.flags[name];
  if (v === undefined) return undefined;
  if (v === true || v.trim() === '') throw new UsageError(`--${name} needs a value\nusage: ${usage}`);
  return v.trim();
};
const whole = (args: Parsed, name: string, usage: string, min: number, max: number): number | undefined => {
  const v = text(args, name, usage);
  if (v === undefined) return undefined;
  if (!/^\d{1,12}$/.test(v) || Number(v) < min || Number(v) > max)
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}\nusage: ${usage}`);
  return Number(v);
};
const date = (args: Parsed, name: string, usage: string): Date | undefined => {
  const v = text(args, name, usage);
  if (v === undefined) return undefined;
  const d = new Date(v);
  if (!/^\d{4}-\d{2}-\d{2}/.test(v) || Number.isNaN(d.getTime()))
    throw new UsageError(`--${name} must be a date (2026-12-01 or ISO 8601)\nusage: ${usage}`);
  return d;
};

async function tenantOf(db: Db, args: Parsed, usage: string): Promise<Tenant> {
  const host = flag(args, 'host', usage).toLowerCase();
  const t = await findTenantByHost(db, host);
  if (!t) throw new UsageError(`no tenant is served from ${host}\nusage: ${usage}`);
  return t;
}

/** Reads and checks every flag of mission:create; throws the first reason, having written nothing. */
export async function definitionOf(db: Db, t: Tenant, args: Parsed, u = CREATE_USAGE): Promise<repo.DefinitionInsert> {
  const name = flag(args, 'name', u).trim();
  const nameEn = text(args, 'name-en', u) ?? name;
  if (name.length > 80 || nameEn.length > 80)
    throw new UsageError(`--name and --name-en are at most 80 characters\nusage: ${u}`);
  const goal = flag(args, 'goal', u) as MissionGoal;
  if (!MISSION_GOALS.includes(goal))
    throw new UsageError(`--goal must be one of ${MISSION_GOALS.join(', ')}\nusage: ${u}`);
  if (!goalAllowed(t.settings, goal)) throw new UsageError(`${t.primaryHost} is regulated: ${MSG.regulatedDeposit.en}`);
  const rawTarget = flag(args, 'target', u);
  let target: number;
  if (goal === 'multiplier') {
    if (!/^\d{1,6}(\.\d{1,2})?$/.test(rawTarget) || Number(rawTarget) < 1.01)
      throw new UsageError(
        `--target of a multiplier goal is the multiplier, 1.01 or more (e.g. 5 or 2.5)\nusage: ${u}`,
      );
    target = Math.round(Number(rawTarget) * 100);
  } else {
    const max = goal === 'login_days' ? 366 : goal === 'rounds' ? 1_000_000 : MAX_REWARD * 100;
    target = whole({ flags: { target: rawTarget }, positional: [] }, 'target', u, 1, max)!;
  }
  const category = text(args, 'category', u) ?? null;
  const game = text(args, 'game', u)?.toLowerCase() ?? null;
  if ((category || game) && !['wager', 'rounds', 'multiplier'].includes(goal))
    throw new UsageError(`--category and --game apply to wager, rounds and multiplier goals only\nusage: ${u}`);
  if (category && game) throw new UsageError(`give --category or --game, not both\nusage: ${u}`);
  const known = await repo.labels(db, t.id, { games: game ? [game] : [], categories: category ? [category] : [] });
  if (category && !known.categories.has(category))
    throw new UsageError(`no game category "${category}" on ${t.primaryHost}\nusage: ${u}`);
  if (game && !known.games.has(game)) throw new UsageError(`no game "${game}" on ${t.primaryHost}\nusage: ${u}`);

  const from = date(args, 'from', u);
  const to = date(args, 'to', u);
  const window = text(args, 'window', u);
  if ((from === undefined) !== (to === undefined)) throw new UsageError(`give both --from and --to\nusage: ${u}`);
  if (from && window) throw new UsageError(`give --window or --from/--to, not both\nusage: ${u}`);
  if (from && to && to <= from) throw new UsageError(`--to must be after --from\nusage: ${u}`);
  if (window && !['daily', 'weekly', 'once'].includes(window))
    throw new UsageError(`--window must be daily, weekly or once\nusage: ${u}`);
  const timeWindow = from ? 'range' : ((window ?? 'once') as 'daily' | 'weekly' | 'once');

  const audience = (text(args, 'audience', u) ?? 'all') as MissionAudience;
  if (!MISSION_AUDIENCES.includes(audience))
    throw new UsageError(`--audience must be one of ${MISSION_AUDIENCES.join(', ')}\nusage: ${u}`);
  const vipMin = whole(args, 'vip-min', u, 0, 1000);
  const vipMax = whole(args, 'vip-max', u, 0, 1000);
  if (audience === 'vip' && (vipMin === undefined || vipMax === undefined))
    throw new UsageError(`a vip audience needs --vip-min and --vip-max\nusage: ${u}`);
  if (audience !== 'vip' && (vipMin !== undefined || vipMax !== undefined))
    throw new UsageError(`--vip-min and --vip-max go with --audience vip\nusage: ${u}`);
  if (vipMin !== undefined && vipMax !== undefined && vipMax < vipMin)
    throw new UsageError(`--vip-max must be at least --vip-min\nusage: ${u}`);
  const optIn = args.flags['opt-in'];
  if (optIn !== undefined && optIn !== true) throw new UsageError(`--opt-in takes no value\nusage: ${u}`);

  const cash = whole(args, 'reward-cash', u, 1, MAX_REWARD);
  const offer = whole(args, 'reward-offer', u, 1, Number.MAX_SAFE_INTEGER);
  const boxRef = text(args, 'reward-box', u);
  if ([cash, offer, boxRef].filter((r) => r !== undefined).length !== 1)
    throw new UsageError(
      `give one reward: --reward-cash CENTAVOS, --reward-offer ID or --reward-box ID|NAME\nusage: ${u}`,
    );
  if (offer !== undefined && !(await repo.offerExists(db, t.id, offer)))
    throw new UsageError(`no active bonus offer ${offer} on ${t.primaryHost}\nusage: ${u}`);
  const box = boxRef === undefined ? undefined : await rewardBox(db, t, boxRef, u);

  return {
    tenant_id: t.id,
    name_pt: name,
    name_en: nameEn,
    goal,
    target,
    category,
    game_code: game,
    time_window: timeWindow,
    starts_at: from ?? null,
    ends_at: to ?? null,
    audience,
    vip_min: vipMin ?? null,
    vip_max: vipMax ?? null,
    opt_in: optIn === true,
    reward_cash: cash ?? null,
    reward_offer_id: offer ?? null,
    reward_box_id: box ?? null,
  };
}

/** A box named as a reward (by id or name) must be on sale now: the claim gives one of its live version. */
async function rewardBox(db: Db, t: Tenant, ref: string, u: string): Promise<number> {
  const box = await findBox(db, t.id, ref);
  if (!box) throw new UsageError(`no box "${ref}" on ${t.primaryHost}\nusage: ${u}`);
  const why = await boxGrantProblem(db, t.id, box.id);
  if (why) throw new UsageError(`${why}\nusage: ${u}`);
  return box.id;
}

/** Creates a mission (validated in full first); one open to everyone is announced to the connected players. */
export async function createMission(db: Db, t: Tenant, input: repo.DefinitionInsert): Promise<repo.DefinitionRow> {
  return db.transaction(async (tx) => {
    const d = await repo.insertDefinition(tx, input);
    await publish(tx, {
      name: 'missions.mission_created',
      tenantId: t.id,
      userId: null,
      payload: { id: d.id, audience: d.audience, name: { pt: d.name_pt, en: d.name_en } },
    });
    return d;
  });
}

/** The missions' operator commands; merged into the ops COMMANDS table. */
export const MISSIONS_COMMANDS: Record<string, Command> = {
  'mission:create': {
    usage: CREATE_USAGE,
    summary: 'define a mission (validated in full, nothing written on any error); prints the new mission id',
    async run({ db }, args) {
      const t = await tenantOf(db, args, this.usage);
      const d = await createMission(db, t, await definitionOf(db, t, args, this.usage));
      return String(d.id);
    },
  },
  'mission:list': {
    usage: 'mission:list --host H',
    summary: "list a tenant's missions (active and disabled)",
    async run({ db }, args) {
      const t = await tenantOf(db, args, this.usage);
      const defs = await repo.listDefinitions(db, t.id, { activeOnly: false });
      const labels = await repo.labels(db, t.id, {
        games: defs.flatMap((d) => (d.game_code ? [d.game_code] : [])),
        categories: defs.flatMap((d) => (d.category ? [d.category] : [])),
      });
      return table(
        defs.map((d) => ({
          id: d.id,
          name: d.name_pt,
          goal: describe(d, labels).en,
          window:
            d.time_window === 'range'
              ? `${d.starts_at!.toISOString().slice(0, 16)}..${d.ends_at!.toISOString().slice(0, 16)}`
              : d.time_window,
          audience: d.audience === 'vip' ? `vip ${d.vip_min}-${d.vip_max}` : d.audience,
          opt_in: d.opt_in,
          reward:
            d.reward_cash !== null
              ? brl(d.reward_cash, 'en')
              : d.reward_box_id !== null
                ? `box ${d.reward_box_id}`
                : `offer ${d.reward_offer_id}`,
          active: d.active,
        })),
      );
    },
  },
  'mission:disable': {
    usage: 'mission:disable ID',
    summary: 'stop a mission: it no longer counts or shows; rewards already completed stay claimable',
    async run({ db }, args) {
      const raw = args.positional[0] ?? (typeof args.flags.id === 'string' ? args.flags.id : undefined);
      if (!raw || !/^\d{1,15}$/.test(raw)) throw new UsageError(`give the mission id\nusage: ${this.usage}`);
      const d = await repo.disableDefinition(db, Number(raw));
      if (!d) throw new UsageError(`no mission ${raw}\nusage: ${this.usage}`);
      return `mission ${d.id} "${d.name_pt}" disabled`;
    },
  },
};
