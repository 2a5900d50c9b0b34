import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../ops/commands';
import { client } from '../../test/accounts';
import { testApp } from '../../test/helpers';
import { parseCsv } from './ops';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

const run = (argv: string[]) => runCommand({ db: app.db }, argv);
const tmp = (name: string, text: string) => {
  const f = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'games-')), name);
  fs.writeFileSync(f, text);
  return f;
};

describe('catalog operator commands', () => {
  it('parses CSV with quotes and semicolons', () => {
    expect(parseCsv('a;b\n"x;1";"say ""hi"""\n')).toEqual([{ a: 'x;1', b: 'say "hi"' }]);
  });

  it('imports a provider list: good rows upserted, bad rows reported', async () => {
    const add = await run([
      'providers:add',
      '--host',
      'localhost',
      '--code',
      'acme',
      '--name',
      'Acme Games',
      '--api-url',
      'https://api.acme.example',
      '--operator-id',
      'op-1',
      '--secret',
      'a-very-long-shared-secret',
    ]);
    expect(add.ok, add.output).toBe(true);
    const csv = tmp(
      'list.csv',
      'game_id,title,category,rtp,volatility,image\n' +
        'a1,Leão Dourado,slots,96.1,high,/static/games/safari-selvagem.svg\n' +
        'a2,Sem RTP,slots,,low,/static/games/x.svg\n' +
        'a3,Hotlink,slots,95,low,http://evil.example/x.png\n' +
        'a4,Categoria X,nope,95,low,/static/games/x.svg\n',
    );
    const r = await run(['games:import', csv, '--host', 'localhost', '--provider', 'acme']);
    expect(r.ok, r.output).toBe(true);
    expect(r.output).toContain('1 added, 0 updated, 3 rejected');
    expect(r.output).toMatch(/row 2: rtp must be/);
    expect(r.output).toMatch(/row 3: image must be/);
    expect(r.output).toMatch(/row 4: unknown category "nope"/);
    const again = await run([
      'games:import',
      tmp(
        'list.json',
        JSON.stringify([
          {
            game_id: 'a1',
            title: 'Leão Dourado II',
            category: 'slots',
            rtp: 96.2,
            image: '/static/games/safari-selvagem.svg',
          },
        ]),
      ),
      '--host',
      'localhost',
      '--provider',
      'acme',
    ]);
    expect(again.output).toContain('0 added, 1 updated, 0 rejected');
    await new Promise((res) => setTimeout(res, 1100));
    const found = (await client(app).get('/api/casinos/games?searchTerm=leao')).json().data;
    expect(found.map((g: { title: string }) => g.title)).toEqual(['Leão Dourado II']);
    expect(found[0].rtp).toBe(96.2);
  });

  it('disables and features games, and disables a provider, per tenant', async () => {
    expect(
      (await run(['games:set', '--host', 'localhost', '--game', 'acme/leao-dourado-ii', '--enabled', 'false'])).ok,
    ).toBe(true);
    expect((await run(['games:feature', '--host', 'localhost', '--game', 'aurora/safari-selvagem', '--home'])).ok).toBe(
      true,
    );
    expect(
      (await run(['providers:set', '--host', 'localhost', '--provider', 'mesa-viva', '--enabled', 'false'])).ok,
    ).toBe(true);
    await new Promise((res) => setTimeout(res, 1100));
    expect((await client(app).get('/api/casinos/games?searchTerm=leao')).json().total).toBe(0);
    expect((await client(app).get('/api/casinos/games?provider=mesa-viva')).json().total).toBe(0);
    const home = (await client(app).get('/api/featured/home-games')).json().data[0];
    expect(home.games.map((g: { gamecode: string }) => g.gamecode)).toContain('safari-selvagem');
    const bad = await run(['games:set', '--host', 'localhost', '--game', 'acme/nope']);
    expect(bad.ok).toBe(false);
    expect(bad.output).toContain('nothing was written');
  });
});
