import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../../test/accounts';
import { testApp } from '../../test/helpers';
import { seedTestBox, type TestBox } from '../boxes/test-support';
import { fundedPlayer } from '../casino/test-support';
import * as ledger from '../ledger/index';
import { findTenantByHost } from '../tenants/index';
import { VIP_COMMANDS } from './ops';
import { countSettledStake } from './service';

/**
 * A VIP level that rewards a mystery box: the operator sets it (by name) and the level-up gives one unopened box in
 * its own transaction, once per player, season and level whatever the replays and concurrent deliveries; the player
 * gets the box's notification; a box retired since is recorded as refused without holding back the level's cash.
 */

let app: FastifyInstance;
let tenantId: number;
let box: TestBox;

beforeAll(async () => {
  app = await testApp({ tenantCacheTtlMs: 0, tenantNegativeCacheTtlMs: 0 });
  tenantId = (await findTenantByHost(app.db, 'localhost'))!.id;
  box = await seedTestBox(app.db, tenantId);
}, 60_000);
afterAll(() => app.close());

const ops = (name: string, flags: Record<string, string | true>) =>
  VIP_COMMANDS[name]!.run({ db: app.db }, { flags, positional: [] });
let eventSeq = 8_000_000_000;

async function stake(userId: number, bet: number, eventId = ++eventSeq) {
  return app.db.transaction((tx) => countSettledStake(tx, { eventId, tenantId, userId, bet, at: new Date() }));
}

async function boxesOf(userId: number) {
  const { rows } = await app.db.query<{ box_id: string; source: string; source_key: string; status: string }>(
    'select box_id, source, source_key, status from user_boxes where tenant_id = $1 and user_id = $2 order by id',
    [tenantId, userId],
  );
  return rows.map((r) => ({ box_id: Number(r.box_id), source: r.source, key: r.source_key, status: r.status }));
}

describe('a box as a VIP level reward', () => {
  it('the operator sets a level box by name; the level-up gives it once, replays and all, and the player is told', async () => {
    expect(await ops('vip:level-box', { host: 'localhost', level: '2', box: box.name })).toBe(
      `level 2 now rewards box ${box.id} ${box.name}`,
    );
    expect(await ops('vip:levels', { host: 'localhost' })).toMatch(new RegExp(`Prata.*${box.id}`));
    const p = await fundedPlayer(app, 0);
    const first = await stake(p.id, 100_000);
    expect(first.levelsReached).toEqual([1, 2, 3]);
    // A replay of the same delivery and a later stake give nothing more.
    await stake(p.id, 100_000, eventSeq);
    await stake(p.id, 10_000);
    const season = (await client(app, { token: p.token }).get('/api/profile/vip')).json();
    expect(await boxesOf(p.id)).toEqual([
      { box_id: box.id, source: 'vip', key: `vip:${p.id}:${season.season}:2:box`, status: 'unopened' },
    ]);
    // The level's cash is paid beside the box (Bronze R$ 1 + Prata R$ 2,50 + Ouro R$ 5).
    expect((await ledger.getBalance(app.db, { tenantId, userId: p.id })).cash).toBe(850);
    expect(season.levels[1]).toMatchObject({ level: 2, reward_box_id: box.id });
    expect(season.rewards.find((r: { level: number }) => r.level === 2)).toMatchObject({
      reward_box_id: box.id,
      reward_box_state: 'granted',
    });
    expect(season.rewards.find((r: { level: number }) => r.level === 1)).toMatchObject({
      reward_box_id: null,
      reward_box_state: null,
    });

    await app.events.drain();
    const list = (await client(app, { token: p.token }).get('/api/notifications')).json();
    const told = list.data.filter((n: { user_box: unknown }) => n.user_box !== null);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      title: 'Você ganhou uma caixa!',
      description: 'Novo nível VIP: Caixa de teste já está em Minhas caixas. Abra quando quiser.',
      user_box: { box_id: box.id, source: 'vip', status: 'unopened', sell_price: 0, version: box.version },
    });
  });

  it('concurrent deliveries crossing the box level give one box', async () => {
    await ops('vip:level-box', { host: 'localhost', level: '1', box: String(box.id) });
    const p = await fundedPlayer(app, 0);
    await Promise.all(Array.from({ length: 6 }, () => stake(p.id, 5_000)));
    const level1 = (await boxesOf(p.id)).filter((b) => b.key.endsWith(':1:box'));
    expect(level1).toHaveLength(1);
    await ops('vip:level-box', { host: 'localhost', level: '1', box: 'none' });
  });

  it('a box retired since the ladder named it is recorded as refused; the level and its cash still count', async () => {
    const old = await seedTestBox(app.db, tenantId);
    await ops('vip:level-box', { host: 'localhost', level: '3', box: old.name });
    await app.db.query(`update boxes set status = 'retired' where tenant_id = $1 and id = $2`, [tenantId, old.id]);
    const p = await fundedPlayer(app, 0);
    expect((await stake(p.id, 100_000)).levelsReached).toEqual([1, 2, 3]);
    expect((await boxesOf(p.id)).map((b) => b.box_id)).toEqual([box.id]);
    expect((await ledger.getBalance(app.db, { tenantId, userId: p.id })).cash).toBe(850);
    const { rows } = await app.db.query<{ box_refused: string | null }>(
      'select box_refused from vip_level_ups where tenant_id = $1 and user_id = $2 and level = 3',
      [tenantId, p.id],
    );
    expect(rows[0]!.box_refused).toBe('Esta caixa não pode ser concedida agora.');
    const vip = (await client(app, { token: p.token }).get('/api/profile/vip')).json();
    expect(vip.rewards.find((r: { level: number }) => r.level === 3)).toMatchObject({ reward_box_state: 'refused' });
    await ops('vip:level-box', { host: 'localhost', level: '3', box: 'none' });
  });

  it('the operator cannot name a box that is missing or retired, nor a level that does not exist', async () => {
    await expect(ops('vip:level-box', { host: 'localhost', level: '2', box: 'nao-existe' })).rejects.toThrow(
      /no box "nao-existe"/,
    );
    const retired = await seedTestBox(app.db, tenantId);
    await app.db.query(`update boxes set status = 'retired' where tenant_id = $1 and id = $2`, [tenantId, retired.id]);
    await expect(ops('vip:level-box', { host: 'localhost', level: '2', box: retired.name })).rejects.toThrow(/retired/);
    await expect(ops('vip:level-box', { host: 'localhost', level: '40', box: box.name })).rejects.toThrow(
      /no level 40/,
    );
    const f = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vip-box-')), 'levels.json');
    fs.writeFileSync(
      f,
      JSON.stringify({
        levels: [
          { name: { pt: 'Um', en: 'One' }, threshold: 1_000, color: '#112233', reward_box_id: retired.id },
          { name: { pt: 'Dois', en: 'Two' }, threshold: 2_000, color: '#112233', reward_box_id: 999_999 },
        ],
      }),
    );
    await expect(ops('vip:set-levels', { host: 'localhost', file: f })).rejects.toThrow(
      /levels\.0\.reward_box_id: .*retired[\s\S]*levels\.1\.reward_box_id: box 999999 does not exist/,
    );
    // Level 2 still names the first box: the refused ladder wrote nothing.
    expect(await ops('vip:levels', { host: 'localhost' })).toMatch(new RegExp(`Prata.*${box.id}`));
  });
});
