import type { BetFeedEvent } from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConsumerStatus } from '../../platform/events/index';
import { client } from '../../test/accounts';
import { testApp } from '../../test/helpers';
import { grantBox } from '../boxes/index';
import { seedTestBox, type TestBox } from '../boxes/test-support';
import { demoTenantId, fundedPlayer } from '../casino/test-support';

// A mystery box opening is a game round: the live feed shows a bought box's opening like any Originals round (the
// stake is the price paid, the win the prize's value, so the web's multiplier is value / price), under the game
// name "Caixas". A granted box staked nothing: its opening is no bet to show.

let app: FastifyInstance;
let box: TestBox;

beforeAll(async () => {
  app = await testApp();
  box = await seedTestBox(app.db, await demoTenantId(app));
}, 60_000);
afterAll(() => app?.close());

async function delivered() {
  for (let i = 0; i < 250; i++) {
    const lag = (await readConsumerStatus(app.db)).find((c) => c.consumer === 'bet-feed')?.lagEvents;
    if (lag === 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the bet feed did not catch up');
}

const recent = async () => (await client(app).get('/api/feed/recent')).json().data as BetFeedEvent[];

describe('box openings on the live feed', () => {
  it('a bought box opened is a bet of its price and a win of its prize, named Caixas', async () => {
    const p = await fundedPlayer(app, 5_000);
    const c = client(app, { token: p.token });
    const bought = await c.post('/api/boxes/buy', { box_id: box.id }, { 'idempotency-key': `feed-${p.id}` });
    expect(bought.statusCode, bought.body).toBeLessThan(300);
    const opened = await c.post('/api/boxes/open', { box_id: box.id });
    expect(opened.statusCode, opened.body).toBe(200);
    const o = opened.json().data[0] as { id: number; prize: { value: number } };
    await delivered();
    const tx = `sorte-originals:box:${o.id}`;
    const events = (await recent()).filter((e) => e.transaction === tx);
    expect(events.map(({ type, game, amount }) => ({ type, game, amount }))).toEqual(
      expect.arrayContaining([
        { type: 'bet', game: 'Caixas', amount: box.box.version.price },
        { type: 'win', game: 'Caixas', amount: o.prize.value },
      ]),
    );
    expect(events).toHaveLength(2);
  });

  it('a granted box opened staked nothing: no bet on the feed', async () => {
    const p = await fundedPlayer(app, 0);
    const tenantId = await demoTenantId(app);
    await app.db.transaction((tx) =>
      grantBox(tx, { tenantId, userId: p.id, boxId: box.id, source: 'operator', key: `feed-gift-${p.id}` }),
    );
    const opened = await client(app, { token: p.token }).post('/api/boxes/open', { box_id: box.id });
    expect(opened.statusCode, opened.body).toBe(200);
    const o = opened.json().data[0] as { id: number; bet: number };
    expect(o.bet).toBe(0);
    await delivered();
    expect((await recent()).filter((e) => e.transaction === `sorte-originals:box:${o.id}`)).toEqual([]);
  });
});
