import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, registerPlayer } from '../../test/accounts';
import { testApp } from '../../test/helpers';
import { fundedPlayer } from '../casino/test-support';
import * as ledger from '../ledger/index';
import { PROMOTIONS_COMMANDS } from '../promotions/index';
import { createTenant, findTenantByHost } from '../tenants/index';
import { VIP_COMMANDS } from './ops';
import { grantDueOffers } from './rewards';
import { DEMO_LADDER } from './seed';
import { countSettledStake, rewardKey } from './service';

/**
 * VIP levels, points and the ranking through the consumer's counting, the real API and the operator commands: a
 * stake crossing several levels pays each once (replays and concurrent deliveries included), levels never go down
 * within a season, points are not money, the ranking masks names and shows the player's own position, one tenant
 * never sees another's players, and a bad ladder is refused whole.
 */

let app: FastifyInstance;

beforeAll(async () => {
  app = await testApp({ tenantCacheTtlMs: 0, tenantNegativeCacheTtlMs: 0 });
}, 60_000);
afterAll(() => app.close());

const tenantId = async (host = 'localhost') => (await findTenantByHost(app.db, host))!.id;
const ops = (name: string, flags: Record<string, string | true>) =>
  VIP_COMMANDS[name]!.run({ db: app.db }, { flags, positional: [] });
const cash = async (userId: number, host = 'localhost') =>
  (await ledger.getBalance(app.db, { tenantId: await tenantId(host), userId })).cash;
let eventSeq = 9_000_000_000;

/** A settled stake as the consumer counts it, in its own transaction (`eventId` repeats a delivery). */
async function stake(userId: number, bet: number, o: { eventId?: number; host?: string } = {}) {
  const t = await tenantId(o.host);
  const eventId = o.eventId ?? ++eventSeq;
  return app.db.transaction((tx) => countSettledStake(tx, { eventId, tenantId: t, userId, bet, at: new Date() }));
}

const levelUps = async (userId: number) =>
  (
    await app.db.query<{ n: number }>(
      "select count(*)::int as n from event_log where name = 'vip.level_up' and user_id = $1",
      [userId],
    )
  ).rows[0]!.n;

function ladderFile(ladder: unknown): string {
  const f = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vip-')), 'levels.json');
  fs.writeFileSync(f, JSON.stringify(ladder));
  return f;
}

describe('levels and rewards', () => {
  it('a stake crossing three levels pays each level once, and a replay pays nothing more', async () => {
    const p = await fundedPlayer(app, 0);
    const r = await stake(p.id, 100_000);
    expect(r.levelsReached).toEqual([1, 2, 3]);
    // Bronze R$ 1,00 + Prata R$ 2,50 + Ouro R$ 5,00.
    expect(await cash(p.id)).toBe(850);
    expect(await levelUps(p.id)).toBe(3);

    const again = await stake(p.id, 100_000, { eventId: eventSeq });
    expect(again.levelsReached).toEqual([]);
    expect(await cash(p.id)).toBe(850);
    const vip = (await client(app, { token: p.token }).get('/api/profile/vip')).json();
    expect(vip).toMatchObject({ level: 3, name: 'Ouro', totalBet: 100_000, points: 1_000 });
  });

  it('concurrent deliveries of stakes that cross the same level pay it once', async () => {
    const p = await fundedPlayer(app, 0);
    await Promise.all([stake(p.id, 5_000), stake(p.id, 5_000), stake(p.id, 5_000), stake(p.id, 5_000)]);
    expect(await cash(p.id)).toBe(100);
    const ups = await app.db.query('select level from vip_level_ups where user_id = $1', [p.id]);
    expect(ups.rows).toEqual([{ level: 1 }]);
    expect(await levelUps(p.id)).toBe(1);
    // The same reward key is refused a second movement by the ledger itself.
    const t = await tenantId();
    const replay = await app.db.transaction((tx) =>
      ledger.credit(tx, {
        tenantId: t,
        userId: p.id,
        amount: 100,
        type: 'prize',
        from: 'promotions',
        idempotencyKey: rewardKey(p.id, 1, 1),
        reference: 'vip:season:1:level:1',
        metadata: { vip_level: 1, season: 1 },
      }),
    );
    expect(replay.replayed).toBe(true);
    expect(await cash(p.id)).toBe(100);
  });

  it('levels never go down within a season when the ladder is raised; a new season starts at level 0', async () => {
    const p = await fundedPlayer(app, 0);
    await stake(p.id, 30_000);
    const me = client(app, { token: p.token });
    expect((await me.get('/api/profile/vip')).json().level).toBe(2);

    const harder = structuredClone(DEMO_LADDER);
    for (const l of harder.levels) l.threshold *= 10;
    await ops('vip:set-levels', { host: 'localhost', file: ladderFile(harder) });
    await stake(p.id, 100);
    const kept = (await me.get('/api/profile/vip')).json();
    expect(kept.level).toBe(2);
    expect(kept.progress).toBe(0);

    await ops('vip:set-levels', { host: 'localhost', file: ladderFile(DEMO_LADDER), 'new-season': true });
    const fresh = (await me.get('/api/profile/vip')).json();
    expect(fresh).toMatchObject({ level: 0, name: 'Iniciante', totalBet: 0, season: 2, points: 301 });
    await stake(p.id, 6_000);
    const again = (await me.get('/api/profile/vip')).json();
    expect(again).toMatchObject({ level: 1, name: 'Bronze', season: 2 });
    // Bronze pays again in the new season (its own key), and only once.
    expect(await cash(p.id)).toBe(100 + 250 + 100);
    expect((await me.get('/api/auth/me')).json().user).toMatchObject({ level: 1, vip: { level: 1, points: 361 } });
  });

  it('points are their own balance: they never reach the wallet', async () => {
    const p = await fundedPlayer(app, 0);
    await stake(p.id, 4_999);
    const me = client(app, { token: p.token });
    const vip = (await me.get('/api/profile/vip')).json();
    expect(vip.points).toBe(49);
    expect(vip.level).toBe(0);
    expect(vip.progress).toBeCloseTo(4_999 / 5_000, 3);
    expect(vip.remaining).toBe(1);
    expect(vip.next_level).toMatchObject({ level: 1, name: 'Bronze', threshold: 5_000, reward_cash: 100 });
    const wallet = (await me.get('/api/profile/wallet')).json();
    expect(wallet.balance).toBe(0);
    expect(await cash(p.id)).toBe(0);
    const en = (await me.get('/api/profile/vip', { 'accept-language': 'en' })).json();
    expect(en.name).toBe('Starter');
    expect(en.next_level.name).toBe('Bronze');
  });

  it("/profile/vip is the player's own: a guest gets 401", async () => {
    const res = await client(app).get('/api/profile/vip');
    expect(res.statusCode).toBe(401);
  });
});

describe('counting real bets', () => {
  it("a dice bet moves the level and the week's ranking once the consumer runs; a level-up notifies the player", async () => {
    const p = await fundedPlayer(app, 20_000);
    const me = client(app, { token: p.token });
    const res = await me.post(
      '/api/originals/dice/bet',
      { amount: 6_000, target: 50.5, condition: 'over' },
      { 'idempotency-key': `vip-dice-${p.id}` },
    );
    expect(res.statusCode, res.body).toBe(200);
    await app.events.drain();
    expect((await me.get('/api/profile/vip')).json()).toMatchObject({ level: 1, totalBet: 6_000, points: 60 });
    const board = (await me.get('/api/ranking')).json();
    const mine = board.entries.find((e: { me: boolean }) => e.me);
    expect(mine).toMatchObject({ totalBet: 6_000, level: 1, level_name: 'Bronze' });
    expect(board.me).toMatchObject({ position: mine.position, totalBet: 6_000, level: 1, hidden: false });
    // The level-up is an event of its own, published by the VIP consumer's delivery: a second pass delivers it.
    await app.events.drain();
    const notes = (await me.get('/api/notifications')).json();
    expect(JSON.stringify(notes)).toContain('Você chegou ao nível Bronze!');
  });

  it('counts every concurrent bet exactly once, through level-ups and their rewards', async () => {
    const players = await Promise.all([1, 2, 3, 4].map(() => fundedPlayer(app, 200_000)));
    await Promise.all(
      players.map(async (p) => {
        const me = client(app, { token: p.token });
        for (let i = 0; i < 12; i++) {
          const res = await me.post(
            '/api/originals/dice/bet',
            { amount: 2_500, target: 50.5, condition: 'over' },
            { 'idempotency-key': `vip-burst-${p.id}-${i}` },
          );
          expect(res.statusCode, res.body).toBe(200);
        }
      }),
    );
    await app.events.drain();
    const ids = players.map((p) => p.id);
    const { rows } = await app.db.query<{ user_id: number; total_bet: number; level: number }>(
      'select user_id, total_bet, level from player_vip where user_id = any($1::bigint[]) order by user_id',
      [ids],
    );
    expect(rows.map((r) => [r.total_bet, r.level])).toEqual(ids.map(() => [30_000, 2]));
    const ups = await app.db.query<{ n: number }>(
      'select count(*)::int as n from vip_level_ups where user_id = any($1::bigint[])',
      [ids],
    );
    expect(ups.rows[0]!.n).toBe(8);
  });
});

describe('ranking', () => {
  it('masks names, orders by wagered, shows the own position, and leaves out who hides', async () => {
    const a = await fundedPlayer(app, 0);
    const b = await fundedPlayer(app, 0);
    const hidden = await fundedPlayer(app, 0);
    await stake(a.id, 9_000_000);
    await stake(b.id, 8_000_000);
    await stake(hidden.id, 9_500_000);
    await app.db.query(
      `update users set settings = coalesce(settings, '{}'::jsonb) || '{"hide_from_ranking": true}' where id = $1`,
      [hidden.id],
    );
    const guest = (await client(app).get('/api/ranking')).json();
    expect(guest.me).toBeNull();
    const first = guest.entries[0];
    const aName = (await app.db.query<{ first_name: string }>('select first_name from users where id = $1', [a.id]))
      .rows[0]!.first_name;
    expect(first.totalBet).toBe(9_000_000);
    expect(first.name).toMatch(/\*\*\*$/);
    expect(first.name).not.toBe(aName);
    expect(aName.startsWith(first.name.replace('***', ''))).toBe(true);
    expect(guest.entries.every((e: { me: boolean }) => !e.me)).toBe(true);
    expect(guest.entries.map((e: { totalBet: number }) => e.totalBet)).not.toContain(9_500_000);
    expect(guest.period.start).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(new Date(guest.period.resets_at).getTime()).toBeGreaterThan(Date.now());

    const bView = (await client(app, { token: b.token }).get('/api/ranking')).json();
    expect(bView.me).toMatchObject({ position: 2, totalBet: 8_000_000, hidden: false });
    expect(bView.entries[1]).toMatchObject({ me: true, position: 2 });
    const hView = (await client(app, { token: hidden.token }).get('/api/ranking')).json();
    expect(hView.me).toMatchObject({ position: null, totalBet: 9_500_000, hidden: true });
  });

  it("one tenant never sees another tenant's players", async () => {
    const other = await registerPlayer(app, { host: 'regulado.localhost' });
    const otherId = Number(other.user.id);
    await stake(otherId, 50_000_000, { host: 'regulado.localhost' });
    const demo = (await client(app).get('/api/ranking')).json();
    expect(demo.entries.map((e: { totalBet: number }) => e.totalBet)).not.toContain(50_000_000);
    const reg = (await client(app, { host: 'regulado.localhost' }).get('/api/ranking')).json();
    expect(reg.entries).toHaveLength(1);
    expect(reg.entries[0]).toMatchObject({ totalBet: 50_000_000, level: 0 });
    // A token of one tenant is nobody on another's host.
    const cross = (await client(app, { token: other.token }).get('/api/ranking')).json();
    expect(cross.me).toBeNull();
  });
});

describe('a bonus offer as a level reward', () => {
  it('grants the offer once after the level-up, shows it on /profile/vip, and a ladder naming a bad offer is refused', async () => {
    const host = 'vip-offer.localhost';
    await createTenant(app.db, { name: 'VIP Offer', host });
    const offer = await PROMOTIONS_COMMANDS['offer:create']!.run(
      { db: app.db },
      {
        flags: {
          host,
          name: 'Bônus Prata',
          'name-en': 'Silver bonus',
          kind: 'no_deposit',
          amount: '1000',
          wagering: '10',
        },
        positional: [],
      },
    );
    const offerId = Number(String(offer).match(/\d+/)![0]);
    const level = (pt: string, en: string, threshold: number, extra: object = {}) => ({
      name: { pt, en },
      threshold,
      color: '#c0c0c0',
      ...extra,
    });
    const unknown = {
      levels: [level('Bronze', 'Bronze', 1_000), level('Prata', 'Silver', 5_000, { reward_offer_id: 999_999 })],
    };
    await expect(ops('vip:set-levels', { host, file: ladderFile(unknown) })).rejects.toThrow(
      /levels\.1\.reward_offer_id: no offer 999999/,
    );
    const ladder = {
      levels: [level('Bronze', 'Bronze', 1_000), level('Prata', 'Silver', 5_000, { reward_offer_id: offerId })],
    };
    await ops('vip:set-levels', { host, file: ladderFile(ladder) });

    const p = await registerPlayer(app, { host });
    const id = Number(p.user.id);
    await stake(id, 6_000, { host });
    const me = client(app, { token: p.token, host });
    expect((await me.get('/api/profile/vip')).json().rewards[0]).toMatchObject({
      level: 2,
      reward_offer_id: offerId,
      reward_offer_state: 'pending',
    });

    await Promise.all([grantDueOffers(app.db), grantDueOffers(app.db)]);
    await grantDueOffers(app.db);
    const bonuses = (await me.get('/api/wallet/bonuses')).json().data;
    expect(bonuses).toHaveLength(1);
    expect(bonuses[0]).toMatchObject({ amount: 1_000 });
    expect((await me.get('/api/profile/vip')).json().rewards[0]).toMatchObject({ reward_offer_state: 'granted' });
  });
});

describe('operator commands', () => {
  it('refuses a bad ladder with every reason and writes nothing', async () => {
    const before = await ops('vip:levels', { host: 'localhost' });
    const bad = {
      levels: [
        { name: { pt: 'Ouro', en: 'Gold' }, threshold: 10_000, color: '#ffcc00', reward_cash: 100 },
        { name: { pt: 'Prata', en: '' }, threshold: 5_000, color: 'red', reward_cash: 1.5 },
      ],
    };
    await expect(ops('vip:set-levels', { host: 'localhost', file: ladderFile(bad) })).rejects.toThrow(
      /levels\.1\.name\.en: must not be empty[\s\S]*levels\.1\.color: must be #rrggbb[\s\S]*levels\.1\.reward_cash/,
    );
    const descending = {
      levels: [
        { name: { pt: 'Ouro', en: 'Gold' }, threshold: 10_000, color: '#ffcc00' },
        { name: { pt: 'Prata', en: 'Silver' }, threshold: 5_000, color: '#c0c0c0' },
      ],
    };
    await expect(ops('vip:set-levels', { host: 'localhost', file: ladderFile(descending) })).rejects.toThrow(
      /levels\.1\.threshold: 5000 must be above the previous level's 10000/,
    );
    await expect(ops('vip:set-levels', { host: 'nada.example', file: ladderFile(DEMO_LADDER) })).rejects.toThrow(
      /no tenant/,
    );
    expect(await ops('vip:levels', { host: 'localhost' })).toBe(before);
  });

  it('vip:show prints the level, points, wagering and the next level', async () => {
    const p = await fundedPlayer(app, 0);
    await stake(p.id, 26_000);
    const out = await ops('vip:show', { user: String(p.id) });
    expect(out).toContain('level:      2 Prata');
    expect(out).toContain('points:     260');
    expect(out).toMatch(/next:\s+3 Ouro at R\$ 1\.000,00 \(R\$ 740,00 to go, 1%\)/);
    await expect(ops('vip:show', { user: '999999999' })).rejects.toThrow(/no player/);
  });
});

describe('chat colours', () => {
  it("a message is coloured by its author's VIP level", async () => {
    const p = await fundedPlayer(app, 0);
    await stake(p.id, 120_000);
    const me = client(app, { token: p.token });
    const posted = await me.post('/api/chat/messages', { text: 'Boa sorte a todos!', attachments: [] });
    expect(posted.statusCode, posted.body).toBe(201);
    const list = (await me.get('/api/chat/messages')).json();
    const mine = list.messages.find((m: { user: { id: number } | null }) => m.user?.id === p.id);
    expect(mine.colorClass).toBe('chat-vip-3');
  });

  it("the chat room's presence list shows the player's VIP level", async () => {
    const p = await fundedPlayer(app, 0);
    await stake(p.id, 120_000);
    const r = await client(app, { token: p.token }).post('/api/broadcasting/auth', {
      socket_id: '1234.5678',
      channel_name: 'presence-chat.30',
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(JSON.parse(r.json().channel_data).user_info).toMatchObject({ vip_level: 3 });
  });
});
