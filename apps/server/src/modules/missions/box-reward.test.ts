import type { UserBox } from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import type PusherJs from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connected, listen, pusherClient, tenantKey, waitFor } from '../../platform/realtime/test-support';
import { client } from '../../test/accounts';
import { testApp } from '../../test/helpers';
import { seedTestBox, type TestBox } from '../boxes/test-support';
import { fundedPlayer } from '../casino/test-support';
import { MISSIONS_COMMANDS } from './ops';

/**
 * A mission that rewards a mystery box, through the real API, the bus and the realtime server: the operator names
 * the box by name, the widget shows it, one claim gives exactly one unopened box even under 20 concurrent claims,
 * and the player hears NotifyNewUserBox and finds a notification carrying the box.
 */

let app: FastifyInstance;
let port: number;
let key: string;
let tenantId: number;
let box: TestBox;
const pushers: PusherJs[] = [];

beforeAll(async () => {
  app = await testApp({ tenantCacheTtlMs: 0, tenantNegativeCacheTtlMs: 0 });
  port = await listen(app);
  ({ key, tenantId } = await tenantKey(app, '127.0.0.1'));
  box = await seedTestBox(app.db, tenantId);
}, 60_000);
afterAll(async () => {
  for (const p of pushers) p.disconnect();
  await app?.close();
});

const ops = (name: string, flags: Record<string, string | true>) =>
  MISSIONS_COMMANDS[name]!.run({ db: app.db }, { flags, positional: [] });
const create = async (flags: Record<string, string | true>) =>
  Number(await ops('mission:create', { host: 'localhost', name: `Caixa ${Math.random()}`, ...flags }));

let seq = 0;
async function player() {
  const p = await fundedPlayer(app, 5_000);
  return { ...p, c: client(app, { token: p.token }) };
}
const dice = (p: Awaited<ReturnType<typeof player>>) =>
  p.c.post(
    '/api/originals/dice/bet',
    { amount: 100, target: 50.5, condition: 'over' },
    { 'idempotency-key': `box-m-${p.id}-${++seq}` },
  );

async function boxesOf(userId: number) {
  const { rows } = await app.db.query<{ id: string; source: string; status: string; price_paid: string }>(
    'select id, source, status, price_paid from user_boxes where tenant_id = $1 and user_id = $2 order by id',
    [tenantId, userId],
  );
  return rows.map((r) => ({ id: Number(r.id), source: r.source, status: r.status, price_paid: Number(r.price_paid) }));
}

describe('a box as a mission reward', () => {
  it('the operator names the box by name; the widget shows the box; a box that is not on offer is refused', async () => {
    const id = await create({ goal: 'rounds', target: '1', game: 'dice', 'reward-box': box.name });
    const m = (await client(app).get(`/api/missions/${id}`)).json().mission;
    expect(m.reward).toEqual({
      type: 'box',
      amount: null,
      offer_id: null,
      box_id: box.id,
      box: { id: box.id, name: box.name, title: 'Caixa de teste', image: '/static/boxes/caixa-bronze.svg' },
    });
    const en = (await client(app).get(`/api/missions/${id}`, { 'accept-language': 'en' })).json().mission;
    expect(en.reward.box.title).toBe('Test box');
    await expect(create({ goal: 'rounds', target: '1', 'reward-box': 'nao-existe' })).rejects.toThrow(
      /no box "nao-existe"/,
    );
    await expect(create({ goal: 'rounds', target: '1', 'reward-box': box.name, 'reward-cash': '100' })).rejects.toThrow(
      /give one reward/,
    );
  });

  it('20 claims at once give one box; the player hears NotifyNewUserBox and gets a notification carrying the box', async () => {
    const id = await create({ goal: 'rounds', target: '1', game: 'dice', 'reward-box': String(box.id) });
    const p = await player();
    const pusher = pusherClient({ port, key, token: p.token });
    pushers.push(pusher);
    await connected(pusher);
    const heard: [string, unknown][] = [];
    pusher.subscribe(`private-user.${p.id}`).bind_global((event: string, data: unknown) => {
      if (!event.startsWith('pusher')) heard.push([event, data]);
    });
    await waitFor(() => (pusher.channel(`private-user.${p.id}`)?.subscribed ? true : undefined));

    expect((await dice(p)).statusCode).toBe(200);
    await app.events.drain();
    const replies = await Promise.all(Array.from({ length: 20 }, () => p.c.post(`/api/missions/${id}/claim`)));
    const ok = replies.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    for (const r of replies.filter((x) => x.statusCode !== 200)) expect(r.statusCode).toBe(409);
    const mine = await boxesOf(p.id);
    expect(mine).toEqual([{ id: expect.any(Number), source: 'mission', status: 'unopened', price_paid: 0 }]);
    expect(ok[0]!.json()).toMatchObject({
      message: 'Sua caixa está em Minhas caixas. Abra quando quiser!',
      balance: null,
      user_box_id: mine[0]!.id,
      mission: { state: 'claimed', isClaimed: true, reward: { type: 'box', box_id: box.id } },
    });

    await app.events.drain();
    const pushed = await waitFor(() => heard.find(([e]) => e === 'App\\Events\\NotifyNewUserBox'), 5000);
    const expected: UserBox = {
      id: mine[0]!.id,
      box_id: box.id,
      name: box.name,
      title: 'Caixa de teste',
      image: '/static/boxes/caixa-bronze.svg',
      version: box.version,
      source: 'mission',
      status: 'unopened',
      price_paid: 0,
      sell_price: 0,
      created_at: expect.any(String),
    };
    expect(pushed[1]).toEqual(expected);
    expect(heard.filter(([e]) => e === 'App\\Events\\NotifyNewUserBox')).toHaveLength(1);

    const list = (await p.c.get('/api/notifications')).json();
    const told = list.data.filter((n: { user_box: unknown }) => n.user_box !== null);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      type: 'personal',
      title: 'Você ganhou uma caixa!',
      description: 'Missão concluída: Caixa de teste já está em Minhas caixas. Abra quando quiser.',
      img: '/static/boxes/caixa-bronze.svg',
      url: '/account/boxes',
      user_box: { ...expected, created_at: (pushed[1] as UserBox).created_at },
    });
    // The box granted is the player's own, unopened, in their inventory (the boxes module's list).
    const inventory = await p.c.get('/api/boxes/user/get');
    expect(inventory.statusCode, inventory.body).toBe(200);
    expect(inventory.json().data.map((b: UserBox) => b.id)).toEqual([mine[0]!.id]);
    // A second claim answers already claimed and gives nothing more.
    expect((await p.c.post(`/api/missions/${id}/claim`)).statusCode).toBe(409);
    expect(await boxesOf(p.id)).toHaveLength(1);
  });

  it('a box retired after the mission was made refuses the claim whole: no box, the mission stays completed', async () => {
    const other = await seedTestBox(app.db, tenantId);
    const id = await create({ goal: 'rounds', target: '1', game: 'dice', 'reward-box': other.name });
    await app.db.query(`update boxes set status = 'retired' where tenant_id = $1 and id = $2`, [tenantId, other.id]);
    const p = await player();
    expect((await dice(p)).statusCode).toBe(200);
    await app.events.drain();
    const res = await p.c.post(`/api/missions/${id}/claim`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Esta caixa não pode ser concedida agora.');
    expect(await boxesOf(p.id)).toEqual([]);
    expect((await p.c.get(`/api/missions/${id}`)).json().mission).toMatchObject({ state: 'completed' });
  });
});
