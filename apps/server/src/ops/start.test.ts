import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { fakeWebDist } from '../test/helpers';
import { exitWithin, type Proc, ROOT, spawnNode } from './test-processes';

/**
 * `npm start` (scripts/start.mjs) as a supervisor sees it. The server it starts is replaced, through a module
 * preloaded into that process only, by a stand-in that dies the way the test asks: what is under test is how
 * start.mjs reports and relays, not the server.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sorte-start-'));
const standIn = path.join(dir, 'stand-in.mjs');
fs.writeFileSync(
  standIn,
  `if (process.argv[1]?.endsWith('main.ts')) {
    const how = process.env.STAND_IN;
    if (how === 'sigkill') process.kill(process.pid, 'SIGKILL');
    if (how === 'exit75') process.exit(75);
    for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => { console.log('server stops on ' + sig); process.exit(0); });
    console.log('server ready');
    await new Promise(() => setInterval(() => {}, 1000));
  }`,
);

const running: Proc[] = [];
afterAll(() => {
  for (const p of running) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
});

function npmStart(how: string): Proc {
  const { NODE_OPTIONS: _opts, ...env } = process.env;
  const p = spawnNode([path.join(ROOT, 'scripts/start.mjs')], {
    ...env,
    NODE_OPTIONS: `--import=${pathToFileURL(standIn).href}`,
    STAND_IN: how,
    // A bundle of its own: start.mjs then builds nothing.
    WEB_DIST: fakeWebDist(),
    DATA_DIR: path.join(dir, 'data'),
  });
  running.push(p);
  return p;
}

describe('npm start as a supervisor sees it', () => {
  it('exits 128 + 9 when the server is killed by SIGKILL (an OOM kill), not 0', async () => {
    const p = npmStart('sigkill');
    expect(await exitWithin(p, 20_000)).toEqual({ code: 137, signal: null });
  }, 30_000);

  it("exits with the server's own code when the server exits", async () => {
    const p = npmStart('exit75');
    expect(await exitWithin(p, 20_000)).toEqual({ code: 75, signal: null });
  }, 30_000);

  it.each(['SIGTERM', 'SIGINT'] as const)(
    'passes %s on to the server and exits 0 when it stops cleanly',
    async (sig) => {
      const p = npmStart('serve');
      for (let i = 0; !p.out().includes('server ready'); i++) {
        expect(i, p.err()).toBeLessThan(400);
        await new Promise((r) => setTimeout(r, 50));
      }
      p.child.kill(sig);
      expect(await exitWithin(p, 20_000)).toEqual({ code: 0, signal: null });
      expect(p.out()).toContain(`server stops on ${sig}`);
    },
    30_000,
  );
});
