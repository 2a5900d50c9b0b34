import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BoxesAllReply, BoxPrizesReply } from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../ops/commands';
import { client } from '../../test/accounts';
import { testApp } from '../../test/helpers';
import { demoTenantId } from '../casino/test-support';
import { setTenantSettings } from '../tenants/index';
import { findBox, liveVersion, loadVersion } from './catalog';
import { type BoxSpec, createBox, listBoxes, publishBox, retireBox, reviseBox } from './catalog-service';
import { DEMO_BOXES } from './seed';
import { seedTestBox, TEST_BOX_SPEC } from './test-support';

/**
 * The catalog: what publishing refuses (coverage of 1..100,000, RTP 50-99% inclusive, offers, sell-back price), the
 * frozen published versions and revisions, the public calls (guests, languages, exact odds, tenants apart, sites
 * without boxes) and the operator's box:* commands. Runs on PGlite, or PostgreSQL with TEST_DATABASE_URL.
 */

let app: FastifyInstance;
let tenantId: number;
let otherTenantId: number;

beforeAll(async () => {
  app = await testApp({ tenantCacheTtlMs: 0, tenantNegativeCacheTtlMs: 0 });
  tenantId = await demoTenantId(app);
  const { rows } = await app.db.query<{ tenant_id: number }>(
    "select tenant_id from tenant_hosts where host = 'regulado.localhost'",
  );
  otherTenantId = Number(rows[0]!.tenant_id);
}, 60_000);
afterAll(() => app.close());

let seq = 0;
const uniqueName = (base: string) => `${base}-${++seq}`;

/** A one-prize table: its RTP is value / price. */
const single = (name: string, value: number, price = 1_000): BoxSpec => ({
  ...TEST_BOX_SPEC,
  name,
  price,
  sell_price: 0,
  prizes: [{ names: { pt: 'Prêmio', en: 'Prize' }, kind: 'cash', value, tickets: [1, 100_000] }],
});

const withTickets = (name: string, ranges: [number, number][]): BoxSpec => ({
  ...TEST_BOX_SPEC,
  name,
  prizes: ranges.map(([from, to], i) => ({
    names: { pt: `P${i}`, en: `P${i}` },
    kind: 'cash',
    value: 880,
    tickets: [from, to],
  })),
});

const refusal = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: Error) => e,
  );
  expect(err, 'expected a refusal').not.toBeNull();
  return (err as { detail?: string }).detail ?? String(err);
};

describe('publishing checks', () => {
  it('a table must cover tickets 1-100,000 exactly: a gap, an overlap, a range out of bounds are refused', async () => {
    const gap = await refusal(
      createBox(
        app.db,
        tenantId,
        withTickets(uniqueName('gap'), [
          [1, 50_000],
          [50_002, 100_000],
        ]),
      ),
    );
    expect(gap).toContain('tickets 50001-50001 belong to no prize');
    const overlap = await refusal(
      createBox(
        app.db,
        tenantId,
        withTickets(uniqueName('overlap'), [
          [1, 50_000],
          [50_000, 100_000],
        ]),
      ),
    );
    expect(overlap).toContain('overlaps');
    const short = await refusal(createBox(app.db, tenantId, withTickets(uniqueName('short'), [[1, 99_999]])));
    expect(short).toContain('tickets 100000-100000 belong to no prize');
    const low = await refusal(createBox(app.db, tenantId, withTickets(uniqueName('low'), [[0, 100_000]])));
    expect(low).toContain('not within 1-100000');
    const high = await refusal(createBox(app.db, tenantId, withTickets(uniqueName('high'), [[1, 100_001]])));
    expect(high).toContain('not within 1-100000');
    // Nothing of a refused box was written.
    const names = (await listBoxes(app.db, tenantId)).map((b) => b.name);
    expect(names.filter((n) => /^(gap|overlap|short|low|high)-/.test(n))).toEqual([]);
  });

  it('the RTP must be within 50%-99% inclusive, exactly: 49.9% and 99.1% are refused, 50% and 99% publish', async () => {
    expect(await refusal(createBox(app.db, tenantId, single(uniqueName('rtp'), 499)))).toContain(
      'the RTP is 49.9000%, outside 50%-99%',
    );
    expect(await refusal(createBox(app.db, tenantId, single(uniqueName('rtp'), 991)))).toContain(
      'the RTP is 99.1000%, outside 50%-99%',
    );
    for (const [value, e6] of [
      [500, 500_000],
      [990, 990_000],
    ] as const) {
      const saved = await createBox(app.db, tenantId, single(uniqueName('rtp'), value));
      const published = await publishBox(app.db, tenantId, saved.id);
      expect(published.rtpE6).toBe(e6);
    }
    // Just outside by one centavo in 100,000 openings still counts: 49,999,999 / 100,000,000 is below 50%.
    const almost = single(uniqueName('rtp'), 500);
    almost.prizes = [
      { names: { pt: 'a', en: 'a' }, kind: 'cash', value: 499, tickets: [1, 1] },
      { names: { pt: 'b', en: 'b' }, kind: 'cash', value: 500, tickets: [2, 100_000] },
    ];
    expect(await refusal(createBox(app.db, tenantId, almost))).toContain('outside 50%-99%');
  });

  it('publish checks the draft again: a draft changed in the database after it was written is refused', async () => {
    const saved = await createBox(app.db, tenantId, { ...TEST_BOX_SPEC, name: uniqueName('tampered') });
    await app.db.query('update box_prizes set ticket_to = 59999 where box_id = $1 and ticket_from = 1', [saved.id]);
    const problem = await refusal(publishBox(app.db, tenantId, saved.id));
    expect(problem).toContain('tickets 60000-60000 belong to no prize');
    expect((await findBox(app.db, tenantId, saved.id))!.status).toBe('draft');
    await app.db.query('update box_prizes set value = 1000000 where box_id = $1 and ticket_from = 1', [saved.id]);
    await app.db.query('update box_prizes set ticket_to = 60000 where box_id = $1 and ticket_from = 1', [saved.id]);
    expect(await refusal(publishBox(app.db, tenantId, saved.id))).toContain('outside 50%-99%');
  });

  it('offers, the sell-back price and the spec itself are checked with plain messages', async () => {
    const base = { ...TEST_BOX_SPEC, name: uniqueName('offer') };
    const bonus = (extra: object) => ({
      ...base,
      prizes: [{ ...TEST_BOX_SPEC.prizes[0], kind: 'bonus', ...extra }, ...TEST_BOX_SPEC.prizes.slice(1)],
    });
    expect(await refusal(createBox(app.db, tenantId, bonus({})))).toContain('a bonus prize needs an "offer_id"');
    expect(await refusal(createBox(app.db, tenantId, bonus({ offer_id: 987_654 })))).toContain(
      'no offer 987654 on this tenant',
    );
    const cashWithOffer = {
      ...base,
      prizes: [{ ...TEST_BOX_SPEC.prizes[0], offer_id: 1 }, ...TEST_BOX_SPEC.prizes.slice(1)],
    };
    expect(await refusal(createBox(app.db, tenantId, cashWithOffer))).toContain('a cash prize takes no "offer_id"');
    expect(await refusal(createBox(app.db, tenantId, { ...base, sell_price: 1_001 }))).toContain(
      'the sell-back price 1001 must be between 0 and the price 1000',
    );
    expect(await refusal(createBox(app.db, tenantId, { ...base, name: 'Caixa Ruim' }))).toContain('box spec: name:');
    expect(await refusal(createBox(app.db, tenantId, { ...base, prizes: [] }))).toContain('box spec: prizes:');
  });

  it('weights instead of ranges are laid over 1..100,000 exactly', async () => {
    const spec: BoxSpec = {
      ...TEST_BOX_SPEC,
      name: uniqueName('weights'),
      prizes: [
        { names: { pt: 'a', en: 'a' }, kind: 'cash', value: 500, weight: 2 },
        { names: { pt: 'b', en: 'b' }, kind: 'cash', value: 1_200, weight: 1 },
      ],
    };
    const saved = await createBox(app.db, tenantId, spec);
    const v = (await loadVersion(app.db, tenantId, saved.id, 1))!;
    expect(v.prizes.map((p) => [p.ticket_from, p.ticket_to])).toEqual([
      [1, 66_667],
      [66_668, 100_000],
    ]);
  });
});

describe('versions', () => {
  it('a published version and its prizes are frozen by the database itself', async () => {
    const box = await seedTestBox(app.db, tenantId, { name: uniqueName('frozen') });
    await expect(
      app.db.query('update box_versions set price = 1 where box_id = $1 and version = 1', [box.id]),
    ).rejects.toThrow(/published and cannot change/);
    await expect(app.db.query('update box_prizes set value = 1 where id = $1', [box.prizes[0]!.id])).rejects.toThrow(
      /published and its prizes cannot change/,
    );
    await expect(app.db.query('delete from box_prizes where id = $1', [box.prizes[0]!.id])).rejects.toThrow(
      /cannot change/,
    );
    expect((await loadVersion(app.db, tenantId, box.id, 1))!.prizes[0]!.value).toBe(box.prizes[0]!.value);
  });

  it('a revision is a new version; the live one stays until it is published; a box bought at v1 still opens with v1', async () => {
    const box = await seedTestBox(app.db, tenantId, { name: uniqueName('revised') });
    const { rows } = await app.db.query<{ id: number }>(
      `insert into user_boxes (tenant_id, user_id, box_id, version, source, source_key, price_paid)
        values ($1, 1, $2, 1, 'operator', $3, 0) returning id`,
      [tenantId, box.id, `test:${box.name}`],
    );
    const owned = Number(rows[0]!.id);
    const v2 = { ...TEST_BOX_SPEC, name: box.name, price: 2_000, sell_price: 1_500 };
    v2.prizes = TEST_BOX_SPEC.prizes.map((p) => ({ ...p, value: p.value * 2 }));
    expect(await reviseBox(app.db, tenantId, box.id, v2)).toMatchObject({ version: 2, created: false });
    // A second draft before publishing replaces the first: still version 2.
    expect(await createBox(app.db, tenantId, v2)).toMatchObject({ id: box.id, version: 2, created: false });
    expect((await liveVersion(app.db, tenantId, box.id))!.version.version).toBe(1);
    expect(await publishBox(app.db, tenantId, box.name)).toMatchObject({ version: 2, rtpE6: 880_000 });
    const live = (await liveVersion(app.db, tenantId, box.name))!;
    expect([live.version.version, live.version.price]).toEqual([2, 2_000]);
    const ub = await app.db.query<{ version: number }>('select version from user_boxes where id = $1', [owned]);
    const bought = (await loadVersion(app.db, tenantId, box.id, Number(ub.rows[0]!.version)))!;
    expect([bought.version.version, bought.version.price, bought.prizes.map((p) => p.value)]).toEqual([
      1,
      1_000,
      TEST_BOX_SPEC.prizes.map((p) => p.value),
    ]);
    expect(await refusal(publishBox(app.db, tenantId, box.id))).toContain('already on sale');
    expect(await refusal(reviseBox(app.db, tenantId, box.id, { ...v2, name: 'other-name' }))).toContain('is not box');
  });
});

describe('the public calls', () => {
  const guest = () => client(app);

  it('a guest sees the demo boxes with exact odds: probabilities sum to 1, RTP is the exact value of the table', async () => {
    const res = await guest().get('/api/boxes/all');
    expect(res.statusCode, res.body).toBe(200);
    const all = BoxesAllReply.parse(res.json());
    // The demo boxes, in their order (boxes created by these tests sort before them).
    const demo = all.data.filter((b) => DEMO_BOXES.some((d) => d.name === b.name));
    expect(demo.map((b) => b.name)).toEqual(DEMO_BOXES.map((d) => d.name));
    for (const b of demo) {
      expect(b.top_prizes).toHaveLength(3);
      expect(b.top_prizes[0]!.multiplier).toBe(100);
      const r = await guest().get(`/api/boxes/get/${b.name}/prizes`);
      expect(r.statusCode, r.body).toBe(200);
      const prizes = BoxPrizesReply.parse(r.json());
      expect(prizes.box).toEqual(b);
      const tickets = prizes.data.reduce((s, p) => s + p.tickets.to - p.tickets.from + 1, 0);
      expect(tickets).toBe(100_000);
      expect(prizes.data.reduce((s, p) => s + p.probability, 0)).toBeCloseTo(1, 12);
      // Exact in integers: sum of (tickets x value) over 100,000 x price.
      const ev = prizes.data.reduce((s, p) => s + (p.tickets.to - p.tickets.from + 1) * p.value, 0);
      expect(b.rtp).toBe(ev / (100_000 * b.price));
      for (const p of prizes.data) {
        expect(p.probability).toBe((p.tickets.to - p.tickets.from + 1) / 100_000);
        expect(p.multiplier).toBe(Math.round((p.value * 100) / b.price) / 100);
      }
      expect(b.top_prizes.map((p) => p.value)).toEqual(
        prizes.data
          .map((p) => p.value)
          .sort((x, y) => y - x)
          .slice(0, 3),
      );
    }
  });

  it('names come in the request language; by id or by name', async () => {
    const pt = BoxPrizesReply.parse((await guest().get('/api/boxes/get/caixa-prata/prizes')).json());
    const en = BoxPrizesReply.parse(
      (await guest().get(`/api/boxes/get/${pt.box.id}/prizes`, { 'accept-language': 'en' })).json(),
    );
    expect([pt.box.title, en.box.title]).toEqual(['Caixa Prata', 'Silver Box']);
    expect(pt.data.map((p) => p.name)).toContain('Ferradura de Prata');
    expect(en.data.map((p) => p.name)).toContain('Silver Horseshoe');
    expect(en.box.description).toContain('Silver Horseshoe');
  });

  it('unknown, draft, retired and other tenants’ boxes are not found, in the player’s language', async () => {
    const draft = await createBox(app.db, tenantId, { ...TEST_BOX_SPEC, name: uniqueName('draft') });
    const retired = await seedTestBox(app.db, tenantId, { name: uniqueName('retired') });
    await retireBox(app.db, tenantId, retired.id);
    const elsewhere = await seedTestBox(app.db, otherTenantId, { name: uniqueName('elsewhere') });
    for (const ref of [
      '999999999',
      'nope',
      String(draft.id),
      draft.name,
      retired.name,
      String(elsewhere.id),
      elsewhere.name,
    ]) {
      const res = await guest().get(`/api/boxes/get/${ref}/prizes`);
      expect(res.statusCode, ref).toBe(404);
      expect(res.json().message).toBe('Caixa não encontrada.');
    }
    const en = await guest().get(`/api/boxes/get/${retired.name}/prizes`, { 'accept-language': 'en' });
    expect(en.json().message).toBe('Box not found.');
    const names = BoxesAllReply.parse((await guest().get('/api/boxes/all')).json()).data.map((b) => b.name);
    expect(names).not.toContain(draft.name);
    expect(names).not.toContain(retired.name);
    expect(names).not.toContain(elsewhere.name);
    // The other tenant sees its own box and not ours.
    const there = client(app, { host: 'regulado.localhost' });
    const theirs = BoxesAllReply.parse((await there.get('/api/boxes/all')).json()).data.map((b) => b.name);
    expect(theirs).toContain(elsewhere.name);
    expect(theirs).not.toContain(retired.name);
    // Retired, then published again: back on sale with the same version.
    await publishBox(app.db, tenantId, retired.id);
    expect((await guest().get(`/api/boxes/get/${retired.name}/prizes`)).statusCode).toBe(200);
  });

  it('a site without boxes answers 404 to every box call', async () => {
    const there = client(app, { host: 'regulado.localhost' });
    expect((await there.get('/api/boxes/all')).statusCode).toBe(200);
    await setTenantSettings(app.db, { host: 'regulado.localhost', assignments: ['hasBoxes=false'] });
    try {
      expect((await there.get('/api/boxes/all')).statusCode).toBe(404);
      expect((await there.get('/api/boxes/get/caixa-bronze/prizes')).statusCode).toBe(404);
    } finally {
      await setTenantSettings(app.db, { host: 'regulado.localhost', assignments: ['hasBoxes=true'] });
    }
    expect((await there.get('/api/boxes/get/caixa-bronze/prizes')).statusCode).toBe(200);
  });
});

describe('operator commands', () => {
  const ops = (...argv: string[]) => runCommand({ db: app.db }, argv);
  const specFile = (spec: unknown) => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'box-spec-')), 'spec.json');
    fs.writeFileSync(file, JSON.stringify(spec));
    return file;
  };

  it('box:create, box:publish, box:list, box:retire; a create on a published name makes a new version', async () => {
    const name = uniqueName('ops');
    const created = await ops('box:create', '--host', 'localhost', '--file', specFile({ ...TEST_BOX_SPEC, name }));
    expect(created.ok, created.output).toBe(true);
    expect(created.output).toMatch(new RegExp(`${name}: draft version 1 created`));
    const published = await ops('box:publish', '--host', 'localhost', '--box', name);
    expect(published).toMatchObject({ ok: true });
    expect(published.output).toContain('version 1 on sale, RTP 88.0000%');
    const again = await ops(
      'box:create',
      '--host',
      'localhost',
      '--file',
      specFile({ ...TEST_BOX_SPEC, name, sell_price: 500 }),
    );
    expect(again.output).toContain('draft version 2 saved');
    const list = await ops('box:list', '--host', 'localhost');
    const line = list.output.split('\n').find((l) => l.includes(` ${name} `))!;
    // The newest version's figures: a draft has no RTP fixed yet.
    expect(line).toMatch(/published\s+1\s+2 \(draft\)\s+R\$ 10\.00\s+R\$ 5\.00\s+-\s+4$/);
    expect((await ops('box:publish', '--host', 'localhost', '--box', name)).output).toContain('version 2 on sale');
    expect((await ops('box:retire', '--host', 'localhost', '--box', name)).output).toContain('retired');
    expect((await ops('box:list', '--host', 'localhost')).output).toMatch(new RegExp(` ${name}\\s+retired`));
  });

  it('refuses a table that does not cover the range or an RTP outside 50-99%, clearly, and bad files', async () => {
    const gap = await ops(
      'box:create',
      '--host',
      'localhost',
      '--file',
      specFile(withTickets(uniqueName('ops-gap'), [[1, 99_000]])),
    );
    expect(gap.ok).toBe(false);
    expect(gap.output).toContain('does not cover tickets 1-100000 exactly: tickets 99001-100000 belong to no prize');
    const rtp = await ops('box:create', '--host', 'localhost', '--file', specFile(single(uniqueName('ops-rtp'), 995)));
    expect(rtp.ok).toBe(false);
    expect(rtp.output).toContain('the RTP is 99.5000%, outside 50%-99%');
    const missing = await ops('box:create', '--host', 'localhost', '--file', '/nonexistent/spec.json');
    expect(missing).toMatchObject({ ok: false, output: 'cannot read /nonexistent/spec.json' });
    const notJson = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'box-spec-')), 'bad.json');
    fs.writeFileSync(notJson, '{');
    expect((await ops('box:create', '--host', 'localhost', '--file', notJson)).output).toContain('is not JSON');
    expect((await ops('box:publish', '--host', 'localhost', '--box', 'no-such-box')).output).toContain(
      'no box no-such-box on this tenant',
    );
    expect((await ops('box:list', '--host', 'nowhere.example')).output).toContain('no tenant is served from');
  });
});
