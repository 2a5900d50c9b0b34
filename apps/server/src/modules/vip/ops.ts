import fs from 'node:fs';
import type { Db } from '../../platform/db/index';
import { type Command, flag, type Parsed, table, tenantOfHost, UsageError } from '../../platform/ops';
import { findTenantByHost, findTenantById } from '../tenants/index';
import { parseLadder } from './levels';
import { brl } from './messages';
import * as repo from './repo';
import { vipBoxes, vipOffers } from './rewards';
import { describePlayer, setLevels } from './service';

const SET_USAGE = 'vip:set-levels --host H --file levels.json [--new-season]';
const SHOW_USAGE = 'vip:show --user ID [--host H]';
const LEVELS_USAGE = 'vip:levels --host H';
const BOX_USAGE = 'vip:level-box --host H --level N --box ID|NAME|none';
const NO_BOXES = 'box rewards need the boxes module, which this process does not run';

const findHost = (db: Db, host: string) => findTenantByHost(db, host);

/** The VIP operator commands; merged into the ops COMMANDS table. */
export const VIP_COMMANDS: Record<string, Command> = {
  'vip:set-levels': {
    usage: SET_USAGE,
    summary:
      'replace the VIP ladder from a JSON file (ascending thresholds, pt/en names, #rrggbb colours, cash and bonus-offer rewards); ' +
      'refuses with every reason and writes nothing on any error; --new-season starts everyone again at level 0',
    async run({ db }, args) {
      const tenantId = await tenantOfHost(db, args, SET_USAGE, findHost);
      const file = flag(args, 'file', SET_USAGE);
      let input: unknown;
      try {
        input = JSON.parse(fs.readFileSync(file, 'utf8'));
      } catch (err) {
        throw new UsageError(`cannot read ${file} as JSON: ${(err as Error).message}`);
      }
      const r = parseLadder(input);
      if (!r.ok) throw new UsageError(`levels refused, nothing written:\n  ${r.reasons.join('\n  ')}`);
      const offers = vipOffers();
      const problems: string[] = [];
      for (const l of r.ladder.levels) {
        if (l.reward_offer_id === null) continue;
        const why = offers
          ? await offers.check(db, { tenantId, offerId: l.reward_offer_id })
          : 'bonus-offer rewards need the promotions module, which this process does not run';
        if (why) problems.push(`levels.${l.level - 1}.reward_offer_id: ${why}`);
      }
      const boxes = vipBoxes();
      for (const l of r.ladder.levels) {
        if (l.reward_box_id === null) continue;
        const why = boxes ? await boxes.check(db, { tenantId, boxId: l.reward_box_id }) : NO_BOXES;
        if (why) problems.push(`levels.${l.level - 1}.reward_box_id: ${why}`);
      }
      if (problems.length) throw new UsageError(`levels refused, nothing written:\n  ${problems.join('\n  ')}`);
      const s = await setLevels(db, { tenantId, ladder: r.ladder, newSeason: args.flags['new-season'] === true });
      return `${r.ladder.levels.length} levels set (season ${s.season}, ${s.points_per_real} point(s) per R$ 1)\n${levelsTable(r.ladder.levels)}`;
    },
  },
  'vip:level-box': {
    usage: BOX_USAGE,
    summary:
      'give a mystery box to every player who reaches a level from now on (one unopened box, with a notification); ' +
      '--box none takes it off; the box must be on sale',
    async run({ db }, args) {
      const tenantId = await tenantOfHost(db, args, BOX_USAGE, findHost);
      const level = flag(args, 'level', BOX_USAGE);
      if (!/^\d{1,2}$/.test(level)) throw new UsageError(`--level must be a level number\nusage: ${BOX_USAGE}`);
      const ref = flag(args, 'box', BOX_USAGE);
      let boxId: number | null = null;
      let label = 'no box';
      if (ref !== 'none') {
        const boxes = vipBoxes();
        if (!boxes) throw new UsageError(NO_BOXES);
        const box = await boxes.find(db, { tenantId, ref });
        if (!box) throw new UsageError(`no box "${ref}" on this site\nusage: ${BOX_USAGE}`);
        const why = await boxes.check(db, { tenantId, boxId: box.id });
        if (why) throw new UsageError(why);
        boxId = box.id;
        label = `box ${box.id} ${box.name}`;
      }
      if (!(await repo.setLevelBox(db, { tenantId, level: Number(level), boxId })))
        throw new UsageError(`no level ${level} in this site's ladder (vip:levels)\nusage: ${BOX_USAGE}`);
      return `level ${level} now rewards ${label}`;
    },
  },
  'vip:levels': {
    usage: LEVELS_USAGE,
    summary: "print the tenant's VIP ladder and season",
    async run({ db }, args) {
      const tenantId = await tenantOfHost(db, args, LEVELS_USAGE, findHost);
      const s = await repo.readSettings(db, tenantId);
      return `season ${s.season}, ${s.points_per_real} point(s) per R$ 1\n${levelsTable(await repo.listLevels(db, tenantId))}`;
    },
  },
  'vip:show': {
    usage: SHOW_USAGE,
    summary: "a player's VIP level, points, season and lifetime wagering, and what is left to the next level",
    async run({ db }, args) {
      const id = flag(args, 'user', SHOW_USAGE);
      if (!/^\d{1,15}$/.test(id)) throw new UsageError(`--user must be a player id\nusage: ${SHOW_USAGE}`);
      const tenantId = args.flags.host
        ? await tenantOfHost(db, args, SHOW_USAGE, findHost)
        : await tenantOfUser(db, args, Number(id));
      const p = await describePlayer(db, { tenantId, userId: Number(id) }).catch((err: Error) => {
        throw new UsageError(err.message);
      });
      const next = p.next_level
        ? `${p.next_level.level} ${p.next_level.name} at ${brl(p.next_level.threshold)} (${brl(p.remaining)} to go, ${Math.floor(p.progress * 100)}%)`
        : 'none (top level)';
      return [
        `player ${id} (tenant ${tenantId}), season ${p.season}`,
        `level:      ${p.level} ${p.name}`,
        `points:     ${p.points}`,
        `season bet: ${brl(p.totalBet)}`,
        `total bet:  ${brl(p.lifetimeBet)}`,
        `next:       ${next}`,
        `rewards:    ${p.rewards.map((r) => `${r.level} ${r.name} ${brl(r.reward_cash)}`).join(', ') || 'none'}`,
      ].join('\n');
    },
  },
};

function levelsTable(levels: repo.LevelRow[]): string {
  return table(
    levels.map((l) => ({
      level: l.level,
      pt: l.name_pt,
      en: l.name_en,
      threshold: brl(l.threshold),
      color: l.color,
      reward: brl(l.reward_cash),
      offer: l.reward_offer_id ?? '',
      box: l.reward_box_id ?? '',
    })),
  );
}

/** Without --host, the player's own tenant (player ids are unique across tenants). */
async function tenantOfUser(db: Db, _args: Parsed, userId: number): Promise<number> {
  const { rows } = await db.query<{ tenant_id: number }>('select tenant_id from users where id = $1', [userId]);
  const t = rows[0] ? await findTenantById(db, rows[0].tenant_id) : null;
  if (!t) throw new UsageError(`no player ${userId}\nusage: ${SHOW_USAGE}`);
  return t.id;
}
