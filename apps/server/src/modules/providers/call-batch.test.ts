import { describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db/index';
import { CallBatcher } from './call-batch';

type Row = { status: string; who: string };

/** A database whose batch statement is answered by `answer` once `release` is called. */
function fakeDb(answer: (calls: { player: string; tenant: number }[]) => unknown[] | Error) {
  const sent: { player: string; tenant: number }[][] = [];
  let release: () => void = () => {};
  const gate = new Promise<void>((r) => {
    release = r;
  });
  const db = {
    kind: 'postgres',
    async query(_text: string, params?: unknown[]) {
      const calls = JSON.parse(String(params?.[0])) as { player: string; tenant: number }[];
      sent.push(calls);
      await gate;
      const out = answer(calls);
      if (out instanceof Error) throw out;
      return { rows: out, rowCount: out.length };
    },
  } as unknown as Db;
  return { db, sent, release: () => release() };
}

/** `count` calls whose own statements wait for `gate` (the slots they take stay busy until then). */
function aloneCalls(count: number, gate: Promise<void>, log: string[]) {
  return Array.from({ length: count }, (_, i) => ({
    call: { tenant: 1, player: `a${i}` },
    alone: async (): Promise<Row> => {
      log.push(`alone a${i}`);
      await gate;
      return { status: 'ok', who: `a${i}` };
    },
  }));
}

describe('CallBatcher', () => {
  it('sends a call alone while the server is idle, and the calls of one turn of the loop together while it is busy, by tenant and player', async () => {
    const { db, sent, release } = fakeDb((calls) =>
      calls.map((c, i) => ({ n: i + 1, err: null, status: 'ok', who: c.player })),
    );
    const b = new CallBatcher<Row>(db, 'select', 'providers_calls', new Set(['SR410']), 2);
    let open: () => void = () => {};
    const gate = new Promise<void>((r) => {
      open = r;
    });
    const log: string[] = [];
    // Nothing running: the call goes out at once, through its own statement.
    const first = aloneCalls(1, gate, log).map((c) => b.run(c));
    expect(log).toEqual(['alone a0']);
    const batched = (calls: { tenant: number; player: string }[]) =>
      calls.map((call) =>
        b.run({
          call,
          alone: async () => {
            throw new Error('not alone');
          },
        }),
      );
    // Three arrive while it runs: none takes the free slot alone; at the end of the turn they go out together,
    // ordered by tenant, then player (numbers as numbers), then arrival.
    const second = batched([
      { tenant: 2, player: '3' },
      { tenant: 1, player: '10' },
      { tenant: 1, player: '9' },
    ]);
    expect(sent).toEqual([]);
    await new Promise((r) => setImmediate(r));
    expect(sent).toEqual([
      [
        { tenant: 1, player: '9' },
        { tenant: 1, player: '10' },
        { tenant: 2, player: '3' },
      ],
    ]);
    // Both slots are busy now: the next ones wait for a statement to finish, then go out together.
    const third = batched([
      { tenant: 1, player: '12' },
      { tenant: 1, player: '11' },
    ]);
    await new Promise((r) => setImmediate(r));
    expect(sent.length).toBe(1);
    open();
    await Promise.all(first);
    expect(sent[1]).toEqual([
      { tenant: 1, player: '11' },
      { tenant: 1, player: '12' },
    ]);
    expect(log).toEqual(['alone a0']);
    release();
    // Each caller gets its own call's row.
    expect((await Promise.all(second)).map((r) => (r as Row).who)).toEqual(['3', '10', '9']);
    expect((await Promise.all(third)).map((r) => (r as Row).who)).toEqual(['12', '11']);
    expect(b.stats).toEqual({ statements: 3, calls: 6, largest: 3, rerun: 0 });
  });

  it('sends a call that is alone at the end of its turn through its own statement', async () => {
    const { db, sent } = fakeDb(() => []);
    const b = new CallBatcher<Row>(db, 'select', 'providers_calls', new Set(['SR410']), 2);
    let open: () => void = () => {};
    const gate = new Promise<void>((r) => {
      open = r;
    });
    const log: string[] = [];
    const [busy, lone] = aloneCalls(2, gate, log).map((c) => b.run(c));
    expect(log).toEqual(['alone a0']);
    await new Promise((r) => setImmediate(r));
    expect(log).toEqual(['alone a0', 'alone a1']);
    open();
    expect(((await lone) as Row).who).toBe('a1');
    expect(((await busy) as Row).who).toBe('a0');
    expect(sent).toEqual([]);
    expect(b.stats).toEqual({ statements: 2, calls: 2, largest: 1, rerun: 0 });
  });

  it("answers a handled error as { err }, and runs a call alone when it has no row, its error is not handled or the batch's statement failed", async () => {
    for (const failure of ['statement', 'row'] as const) {
      const { db, release } = fakeDb((calls) =>
        failure === 'statement'
          ? new Error('connection lost')
          : calls
              .map((c, i) => ({
                n: i + 1,
                err: c.player === 'refused' ? 'SR410' : c.player === 'odd' ? '40P01' : null,
                status: 'ok',
                who: c.player,
              }))
              // A call the statement left to its own statement: no row.
              .filter((r) => r.who !== 'skipped'),
      );
      const b = new CallBatcher<Row>(db, 'select', 'providers_calls', new Set(['SR410']), 1);
      let open: () => void = () => {};
      const gate = new Promise<void>((r) => {
        open = r;
      });
      // One statement in flight, and its only slot busy until the gate opens: the four calls go out together.
      const busy = aloneCalls(1, gate, []).map((c) => b.run(c));
      const ranAlone: string[] = [];
      const calls = ['ok', 'refused', 'odd', 'skipped'].map((player) =>
        b.run({
          call: { tenant: 1, player },
          alone: async () => {
            ranAlone.push(player);
            return { status: 'alone', who: player };
          },
        }),
      );
      open();
      await Promise.all(busy);
      release();
      const answers = await Promise.all(calls);
      if (failure === 'statement') {
        // Nothing of the batch committed: every call ran again on its own.
        expect(ranAlone.sort()).toEqual(['odd', 'ok', 'refused', 'skipped']);
        expect(answers).toEqual([
          { status: 'alone', who: 'ok' },
          { status: 'alone', who: 'refused' },
          { status: 'alone', who: 'odd' },
          { status: 'alone', who: 'skipped' },
        ]);
        expect(b.stats.rerun).toBe(4);
      } else {
        expect(ranAlone.sort()).toEqual(['odd', 'skipped']);
        expect(answers).toEqual([
          { n: 2, err: null, status: 'ok', who: 'ok' },
          { err: 'SR410' },
          { status: 'alone', who: 'odd' },
          { status: 'alone', who: 'skipped' },
        ]);
        expect(b.stats.rerun).toBe(2);
      }
    }
  });
});
