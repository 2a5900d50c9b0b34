import { boxTicket, hashServerSeed } from '@sorte/fairness';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseArgs } from '../../platform/ops';
import { client, registerPlayer } from '../../test/accounts';
import { testApp } from '../../test/helpers';
import { fundedPlayer } from '../casino/test-support';
import * as ledger from '../ledger/index';
import { PROMOTIONS_COMMANDS } from '../promotions/index';
import { createTenant, defaultTenantSettings, findTenantByHost } from '../tenants/index';
import { GRANT_COMMANDS } from './grant-ops';
import { grantBox } from './grants';
import * as inventory from './inventory';
import { seedTestBox, type TestBox } from './test-support';

/**
 * The money paths of mystery boxes on the real app: buying under an Idempotency-Key, opening on the player's seed
 * pair, selling boxes and prizes back, grants; each under concurrency where it matters, with the ledger checked.
 */

let app: FastifyInstance;
let tenantId: number;
let box: TestBox;
/** Every prize a collectible worth R$ 9: its openings always leave a prize to sell. */
let collectibles: TestBox;
let seq = 0;

beforeAll(async () => {
  app = await testApp({ tenantCacheTtlMs: 0, tenantNegativeCacheTtlMs: 0 });
  app.realtime.domainEventsHeld = true;
  tenantId = (await findTenantByHost(app.db, 'localhost'))!.id;
  box = await seedTestBox(app.db, tenantId, { name: 'inv-teste' });
  collectibles = await seedTestBox(app.db, tenantId, {
    name: 'inv-colecao',
    prizes: [
      {
        names: { pt: 'Trevo', en: 'Clover' },
        kind: 'collectible',
        value: 900,
        tickets: [1, 100_000],
        rarity: 'rare',
      },
    ],
  });
}, 120_000);
afterAll(() => app.close());

type P = Awaited<ReturnType<typeof fundedPlayer>> & { c: ReturnType<typeof client> };

async function player(cents = 100_000): Promise<P> {
  const p = await fundedPlayer(app, cents);
  return { ...p, c: client(app, { token: p.token }) };
}

const newKey = () => `inv-${Date.now()}-${++seq}`;
const buy = (p: P, body: unknown, key: string | null = newKey()) =>
  p.c.post('/api/boxes/buy', body, key ? { 'idempotency-key': key } : {});
const open = (p: P, boxId: number, quantity = 1) => p.c.post('/api/boxes/open', { box_id: boxId, quantity });
const cash = async (p: P) => (await ledger.getBalance(app.db, { tenantId, userId: p.id })).cash;
const count = async (sql: string, params: unknown[]) =>
  Number((await app.db.query<{ n: string }>(sql, params)).rows[0]!.n);

describe('buying', () => {
  it('debits once per Idempotency-Key: a repeat answers the stored purchase, another body is 409', async () => {
    const p = await player();
    const key = newKey();
    const first = await buy(p, { box_id: box.id, quantity: 2 }, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ amount: 2_000, balance: 98_000 });
    expect(first.json().data).toHaveLength(2);
    expect(first.json().data[0]).toMatchObject({ source: 'purchase', status: 'unopened', price_paid: 1_000 });
    expect(first.json().data[0].sell_price).toBe(800);
    const again = await buy(p, { box_id: box.id, quantity: 2 }, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const other = await buy(p, { box_id: box.id, quantity: 1 }, key);
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe('Esta Idempotency-Key já foi usada com outra compra.');
    expect(await cash(p)).toBe(98_000);
    expect(await count('select count(*) as n from user_boxes where user_id = $1', [p.id])).toBe(2);
    // A purchase is a stake: it counts in what the player has wagered.
    expect(await ledger.totalBet(app.db, { tenantId, userId: p.id })).toBe(2_000);
  });

  it('concurrent repeats of one key buy once', async () => {
    const p = await player();
    const key = newKey();
    const all = await Promise.all(Array.from({ length: 8 }, () => buy(p, { box_id: box.id }, key)));
    expect(all.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(await cash(p)).toBe(99_000);
    expect(await count('select count(*) as n from user_boxes where user_id = $1', [p.id])).toBe(1);
  });

  it('needs the key, a box on sale and 1 to 5 boxes', async () => {
    const p = await player();
    expect((await buy(p, { box_id: box.id }, null)).statusCode).toBe(400);
    const none = await buy(p, { box_id: 999_999 });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('Esta caixa não está à venda.');
    const many = await buy(p, { box_id: box.id, quantity: 6 });
    expect(many.statusCode).toBe(422);
    expect(await cash(p)).toBe(100_000);
  });

  it('without enough cash: 402 and nothing written; bonus money never buys a box', async () => {
    const p = await player(1_500);
    await app.db.transaction((tx) =>
      ledger.credit(tx, {
        tenantId,
        userId: p.id,
        amount: 5_000,
        type: 'bonus',
        account: 'bonus',
        idempotencyKey: `test:bonus:${p.id}`,
        reference: 'test bonus',
      }),
    );
    const r = await buy(p, { box_id: box.id, quantity: 2 });
    expect(r.statusCode).toBe(402);
    expect(r.json().code).toBe('insufficient_funds');
    expect(await count('select count(*) as n from box_purchases where user_id = $1', [p.id])).toBe(0);
    expect(await count('select count(*) as n from user_boxes where user_id = $1', [p.id])).toBe(0);
    const b = await ledger.getBalance(app.db, { tenantId, userId: p.id });
    expect(b).toMatchObject({ cash: 1_500, bonus: 5_000 });
  });

  it('a wager limit refuses the purchase that would pass it', async () => {
    const p = await player();
    const set = await p.c.post('/api/responsible-gaming/limits', { kind: 'wager', period: 'day', amount: 1_500 });
    expect(set.statusCode).toBe(200);
    expect((await buy(p, { box_id: box.id })).statusCode).toBe(200);
    const over = await buy(p, { box_id: box.id });
    expect(over.statusCode).toBe(422);
    expect(over.json().code).toBe('limit_wager');
    expect(await cash(p)).toBe(99_000);
    expect(await count('select count(*) as n from user_boxes where user_id = $1', [p.id])).toBe(1);
  });

  it('a regulated site sells only to a verified player (403, localized)', async () => {
    const p = await player();
    const t = (await findTenantByHost(app.db, 'localhost'))!;
    const regulated = { ...t, settings: { ...t.settings, is_regulated: true } };
    const err = await inventory
      .buyBoxes(
        app.db,
        { tenant: regulated, userId: p.id, locale: 'en' },
        { boxId: box.id, quantity: 1, key: newKey() },
      )
      .catch((e) => e);
    expect(err.status).toBe(403);
    expect(err.toBody('pt').message).toBe('Verifique sua identidade (KYC) para comprar caixas.');
    expect(err.toBody('en').message).toBe('Verify your identity (KYC) to buy boxes.');
    expect(await cash(p)).toBe(100_000);
    expect(await count('select count(*) as n from box_purchases where user_id = $1', [p.id])).toBe(0);
  });
});

describe('opening', () => {
  it('20 concurrent opens of 3 boxes open exactly 3, each on its own nonce, recorded as rounds', async () => {
    const p = await player();
    expect((await buy(p, { box_id: box.id, quantity: 3 })).statusCode).toBe(200);
    const all = await Promise.all(Array.from({ length: 20 }, () => open(p, box.id)));
    const codes = all.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(17);
    expect(all.find((r) => r.statusCode === 409)!.json().message).toBe(
      'Você não tem caixas fechadas suficientes desta caixa.',
    );
    const openings = all.filter((r) => r.statusCode === 200).map((r) => r.json().data[0]);
    expect(new Set(openings.map((o) => o.user_box_id)).size).toBe(3);
    expect(new Set(openings.map((o) => o.fairness.nonce)).size).toBe(3);
    const won = openings.filter((o) => o.prize.kind === 'cash').reduce((s, o) => s + o.prize.value, 0);
    expect(await cash(p)).toBe(100_000 - 3_000 + won);
    expect(
      await count(`select count(*) as n from event_log where name = 'casino.round_settled' and user_id = $1`, [p.id]),
    ).toBe(3);
    expect(await count(`select count(*) as n from user_boxes where user_id = $1 and status = 'opened'`, [p.id])).toBe(
      3,
    );
    // Rounds of the hidden 'box' game of the Originals provider: in the bet history, never in the lobby.
    const rounds = await app.db.query<{ round_id: string; bet_total: string; title: string; enabled: boolean }>(
      `select r.round_id, r.bet_total, g.title, g.enabled from casino_rounds r join games g on g.id = r.game_id
        where r.user_id = $1 order by r.id`,
      [p.id],
    );
    const byRound = (a: unknown[], b: unknown[]) => String(a[0]).localeCompare(String(b[0]));
    expect(rounds.rows.map((r) => [r.round_id, Number(r.bet_total), r.title, r.enabled]).sort(byRound)).toEqual(
      openings.map((o) => [`box:${o.id}`, 1_000, 'Caixas', false]).sort(byRound),
    );
    const lobby = (await client(app).get('/api/casinos/games?searchTerm=caixas')).json().data as { gamecode: string }[];
    expect(lobby.map((g) => g.gamecode)).not.toContain('box');
  });

  it('opens up to 5 at once, oldest first, with the version each was bought at', async () => {
    const p = await player();
    expect((await buy(p, { box_id: box.id, quantity: 5 })).statusCode).toBe(200);
    const r = await open(p, box.id, 5);
    expect(r.statusCode, r.body).toBe(200);
    const data = r.json().data as { user_box_id: number; ticket: number; prize: { tickets: { from: number } } }[];
    expect(data.map((o) => o.user_box_id)).toEqual([...data.map((o) => o.user_box_id)].sort((a, b) => a - b));
    for (const o of data) expect(o.ticket).toBeGreaterThanOrEqual(o.prize.tickets.from);
    expect((await open(p, box.id)).statusCode).toBe(409);
  });

  it('a receipt verifies with boxTicket once the pair is rotated', async () => {
    const p = await player();
    await buy(p, { box_id: box.id });
    const o = (await open(p, box.id)).json().data[0];
    const before = await p.c.get(`/api/boxes/openings/${o.id}`);
    expect(before.statusCode).toBe(200);
    expect(before.json().data.fairness.server_seed).toBeNull();
    const rot = await p.c.post('/api/originals/seeds/rotate', {});
    expect(rot.statusCode, rot.body).toBe(200);
    const after = (await p.c.get(`/api/boxes/openings/${o.id}`)).json().data;
    const f = after.fairness;
    expect(f.server_seed).toMatch(/^[0-9a-f]{64}$/);
    expect(hashServerSeed(f.server_seed)).toBe(f.server_seed_hash);
    expect(boxTicket({ serverSeed: f.server_seed, clientSeed: f.client_seed, nonce: f.nonce })).toBe(after.ticket);
    expect(after.ticket).toBeGreaterThanOrEqual(after.prize.tickets.from);
    expect(after.ticket).toBeLessThanOrEqual(after.prize.tickets.to);
  });
});

describe('selling', () => {
  it('sells an unopened bought box at its sell price, once', async () => {
    const p = await player();
    const id = (await buy(p, { box_id: box.id })).json().data[0].id;
    const all = await Promise.all(Array.from({ length: 6 }, () => p.c.post('/api/boxes/sell', { id })));
    expect(all.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const ok = all.find((r) => r.statusCode === 200)!.json();
    expect(ok).toMatchObject({ data: { id, amount: 800 }, balance: 99_800 });
    expect(all.find((r) => r.statusCode === 409)!.json().message).toBe('Esta caixa já foi aberta ou vendida.');
    // The stake given back comes off what the player wagered.
    expect(await ledger.totalBet(app.db, { tenantId, userId: p.id })).toBe(200);
  });

  it('a box sold and opened at once: exactly one wins', async () => {
    const p = await player();
    const id = (await buy(p, { box_id: box.id })).json().data[0].id;
    const [s, o] = await Promise.all([p.c.post('/api/boxes/sell', { id }), open(p, box.id)]);
    expect([s.statusCode, o.statusCode].sort()).toEqual([200, 409]);
    const status = (await app.db.query<{ status: string }>('select status from user_boxes where id = $1', [id]))
      .rows[0]!.status;
    expect(status).toBe(s.statusCode === 200 ? 'sold' : 'opened');
  });

  it('a kept prize sells once; a cash prize is not for sale', async () => {
    const p = await player();
    await buy(p, { box_id: collectibles.id });
    const o = (await open(p, collectibles.id)).json().data[0];
    expect(o.item).toMatchObject({ kind: 'collectible', status: 'kept', sellable: true, value: 900 });
    const before = await cash(p);
    const all = await Promise.all(Array.from({ length: 6 }, () => p.c.post('/api/prizes/sell', { id: o.item.id })));
    expect(all.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await cash(p)).toBe(before + 900);
    expect(all.find((r) => r.statusCode === 409)!.json().message).toBe('Este prêmio já foi vendido.');
    const list = (await p.c.get('/api/prizes/user')).json();
    expect(list).toMatchObject({ total: 1, current_page: 1 });
    expect(list.data[0]).toMatchObject({ id: o.item.id, status: 'sold', sellable: false });
    // A cash prize was paid at the opening: not for sale.
    await buy(p, { box_id: box.id, quantity: 3 });
    const opened = (await open(p, box.id, 3)).json().data as { item: { id: number; status: string } }[];
    const credited = opened.find((x) => x.item.status === 'credited')!;
    const refused = await p.c.post('/api/prizes/sell', { id: credited.item.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Este prêmio já foi pago na sua conta e não pode ser vendido.');
  });
});

describe('offer prizes', () => {
  it('a bonus prize is granted through promotions; one it refuses stays as a prize to sell', async () => {
    // An offer that can be given once in all: the second prize finds its budget spent.
    const offer = Number(
      await PROMOTIONS_COMMANDS['offer:create']!.run(
        { db: app.db },
        {
          flags: {
            host: 'localhost',
            name: 'Bônus da caixa',
            'name-en': 'Box bonus',
            kind: 'no_deposit',
            amount: '500',
            wagering: '5',
            'budget-count': '1',
          },
          positional: [],
        },
      ),
    );
    const bonusBox = await seedTestBox(app.db, tenantId, {
      name: 'inv-bonus',
      prizes: [
        {
          names: { pt: 'Bônus de R$ 5', en: 'R$ 5 bonus' },
          kind: 'bonus',
          value: 500,
          tickets: [1, 100_000],
          rarity: 'uncommon',
          offer_id: offer,
        },
      ],
    });
    const p = await player();
    await buy(p, { box_id: bonusBox.id, quantity: 2 });
    const first = (await open(p, bonusBox.id)).json().data[0];
    expect(first.item).toMatchObject({ kind: 'bonus', status: 'granted', sellable: false });
    const bonuses = (await p.c.get('/api/wallet/bonuses')).json();
    expect(bonuses.data.filter((b: { offer_id: number }) => b.offer_id === offer)).toHaveLength(1);
    const second = (await open(p, bonusBox.id)).json().data[0];
    expect(second.item).toMatchObject({ kind: 'bonus', status: 'kept', sellable: true });
    expect((await p.c.post('/api/prizes/sell', { id: first.item.id })).statusCode).toBe(409);
    const sold = await p.c.post('/api/prizes/sell', { id: second.item.id });
    expect(sold.statusCode, sold.body).toBe(200);
    expect(sold.json().data.amount).toBe(500);
    expect(await cash(p)).toBe(100_000 - 2_000 + 500);
  });
});

describe('grants', () => {
  it('a grant key gives one box (a repeat answers it), with boxes.box_granted; it opens with bet 0, never sells', async () => {
    const p = await player(0);
    const g = () =>
      app.db.transaction((tx) =>
        grantBox(tx, { tenantId, userId: p.id, boxId: box.id, source: 'operator', key: `operator:test:${p.id}` }),
      );
    const first = await g();
    expect(first.replayed).toBe(false);
    expect(await g()).toEqual({ userBoxId: first.userBoxId, replayed: true });
    expect(
      await count(`select count(*) as n from event_log where name = 'boxes.box_granted' and user_id = $1`, [p.id]),
    ).toBe(1);
    const listed = (await p.c.get('/api/boxes/user/get?status=unopened')).json();
    expect(listed.data).toHaveLength(1);
    expect(listed.data[0]).toMatchObject({ id: first.userBoxId, source: 'operator', price_paid: 0, sell_price: 0 });
    const sell = await p.c.post('/api/boxes/sell', { id: first.userBoxId });
    expect(sell.statusCode).toBe(409);
    expect(sell.json().code).toBe('conflict');
    const o = await open(p, box.id);
    expect(o.statusCode, o.body).toBe(200);
    expect(o.json().data[0].bet).toBe(0);
  });
});

describe('box:grant', () => {
  const run = (...argv: string[]) => GRANT_COMMANDS['box:grant']!.run({ db: app.db }, parseArgs(argv));

  it('gives a box by name, once per --key; refuses unknown players and boxes', async () => {
    const p = await player(0);
    const out = await run('--host', 'localhost', '--user', String(p.id), '--box', box.name, '--key', `t${p.id}`);
    expect(out).toMatch(/^box inv-teste granted to player \d+: user box \d+ \(key operator:t\d+\)$/);
    const again = await run(
      '--host',
      'localhost',
      '--user',
      String(p.id),
      '--box',
      String(box.id),
      '--key',
      `t${p.id}`,
    );
    expect(again).toMatch(/already granted/);
    await run('--host', 'localhost', '--user', String(p.id), '--box', box.name);
    expect(await count('select count(*) as n from user_boxes where user_id = $1', [p.id])).toBe(2);
    await expect(run('--host', 'localhost', '--user', '999999', '--box', box.name)).rejects.toThrow(/no player/);
    await expect(run('--host', 'localhost', '--user', String(p.id), '--box', 'nope')).rejects.toThrow(/no box nope/);
  });
});

describe('ownership', () => {
  it("another player's boxes, prizes and receipts are 404; another site's boxes are not for sale", async () => {
    const a = await player();
    const b = await player();
    const bought = (await buy(a, { box_id: collectibles.id, quantity: 2 })).json().data;
    const o = (await open(a, collectibles.id)).json().data[0];
    expect((await b.c.post('/api/boxes/sell', { id: bought[1].id })).statusCode).toBe(404);
    expect((await b.c.post('/api/prizes/sell', { id: o.item.id })).statusCode).toBe(404);
    expect((await b.c.get(`/api/boxes/openings/${o.id}`)).statusCode).toBe(404);
    expect((await open(b, collectibles.id)).statusCode).toBe(409);
    expect((await b.c.get('/api/boxes/user/get')).json().total).toBe(0);
    expect((await b.c.get('/api/prizes/user')).json().total).toBe(0);

    const host = `boxes-${Date.now()}.example.com`;
    await createTenant(app.db, { name: 'Outra', host, settings: defaultTenantSettings({ name: 'Outra', host }) });
    const there = await registerPlayer(app, { host });
    const c = client(app, { host, token: there.token });
    const r = await c.post('/api/boxes/buy', { box_id: box.id }, { 'idempotency-key': newKey() });
    expect(r.statusCode).toBe(404);
    expect((await c.post('/api/boxes/sell', { id: bought[1].id })).statusCode).toBe(404);
  });

  it('a site without boxes answers 404', async () => {
    const host = `noboxes-${Date.now()}.example.com`;
    await createTenant(app.db, {
      name: 'Sem caixas',
      host,
      settings: { ...defaultTenantSettings({ name: 'Sem caixas', host }), hasBoxes: false },
    });
    const c = client(app, { host });
    expect((await c.get('/api/boxes/user/get')).statusCode).toBe(404);
    expect((await c.post('/api/boxes/open', { box_id: 1 })).statusCode).toBe(404);
  });
});

describe('the ledger after a random run', () => {
  it('buys, opens and sells in random order leave the ledger balanced and the money explained', async () => {
    const players = await Promise.all([player(), player(), player()]);
    let rnd = 12345;
    const next = (n: number) => {
      rnd = (rnd * 1103515245 + 12345) % 2 ** 31;
      return rnd % n;
    };
    for (let step = 0; step < 40; step++) {
      const p = players[next(players.length)]!;
      const which = next(2) === 0 ? box : collectibles;
      const move = next(5);
      if (move === 0) await buy(p, { box_id: which.id, quantity: 1 + next(3) });
      else if (move === 1) await open(p, which.id, 1 + next(2));
      else if (move === 2) {
        const ub = (await p.c.get('/api/boxes/user/get?status=unopened')).json().data[0];
        if (ub) await p.c.post('/api/boxes/sell', { id: ub.id });
      } else if (move === 3) {
        const pr = (await p.c.get('/api/prizes/user?status=kept')).json().data[0];
        if (pr) await p.c.post('/api/prizes/sell', { id: pr.id });
      } else await Promise.all([open(p, which.id), buy(p, { box_id: which.id })]);
    }
    expect((await ledger.checkLedger(app.db, tenantId)).ok).toBe(true);
    for (const p of players) {
      const paid = await count(
        `select coalesce(sum(amount), 0) as n from box_purchases where user_id = $1 and tenant_id = $2`,
        [p.id, tenantId],
      );
      const sold = await count(`select coalesce(sum(sold_for), 0) as n from user_boxes where user_id = $1`, [p.id]);
      const prizes = await count(
        `select coalesce(sum(value), 0) as n from user_prizes where user_id = $1 and status in ('credited', 'sold')`,
        [p.id],
      );
      expect(await cash(p)).toBe(100_000 - paid + sold + prizes);
    }
  });
});
