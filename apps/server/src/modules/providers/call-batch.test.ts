import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/index';
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

/** `count` calls whose own statements wait for `gate` (the batcher's IN_FLIGHT slots stay busy until then). */
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
  it('sends a call alone while the server is idle, and batches the calls that arrive while it is busy, by tenant and player', async () => {
    const { db, sent, release } = fakeDb((calls) =>
      calls.map((c, i) => ({ n: i + 1, err: null, status: 'ok', who: c.player })),
    );
    const b = new CallBatcher<Row>(db, 'select', 'casino_calls', new Set(['SR410']), 4);
    let open: () => void = () => {};
    const gate = new Promise<void>((r) => {
      open = r;
    });
    const log: string[] = [];
    // Four calls fill the four slots, each through its own statement.
    const first = aloneCalls(4, gate, log).map((c) => b.run(c));
    expect(log).toEqual(['alone a0', 'alone a1', 'alone a2', 'alone a3']);
    // Three more wait, then go out together, ordered by tenant, then player (numbers as numbers), then arrival.
    const later = [
      { tenant: 2, player: '3' },
      { tenant: 1, player: '10' },
      { tenant: 1, player: '9' },
    ].map((call) =>
      b.run({
        call,
        alone: async () => {
          throw new Error('not alone');
        },
      }),
    );
    expect(sent).toEqual([]);
    open();
    await Promise.all(first);
    await new Promise((r) => setTimeout(r, 0));
    expect(sent).toEqual([
      [
        { tenant: 1, player: '9' },
        { tenant: 1, player: '10' },
        { tenant: 2, player: '3' },
      ],
    ]);
    release();
    // Each caller gets its own call's row.
    expect((await Promise.all(later)).map((r) => (r as Row).who)).toEqual(['3', '10', '9']);
    expect(b.stats).toEqual({ statements: 5, calls: 7, largest: 3 });
  });

  it("answers a handled error as { err }, and runs a call alone when its error is not handled or the batch's statement failed", async () => {
    for (const failure of ['statement', 'row'] as const) {
      const { db, release } = fakeDb((calls) =>
        failure === 'statement'
          ? new Error('connection lost')
          : calls.map((c, i) => ({
              n: i + 1,
              err: c.player === 'refused' ? 'SR410' : c.player === 'odd' ? '40P01' : null,
              status: 'ok',
              who: c.player,
            })),
      );
      const b = new CallBatcher<Row>(db, 'select', 'casino_calls', new Set(['SR410']), 4);
      let open: () => void = () => {};
      const gate = new Promise<void>((r) => {
        open = r;
      });
      const busy = aloneCalls(4, gate, []).map((c) => b.run(c));
      const ranAlone: string[] = [];
      const calls = ['ok', 'refused', 'odd'].map((player) =>
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
        expect(ranAlone.sort()).toEqual(['odd', 'ok', 'refused']);
        expect(answers).toEqual([
          { status: 'alone', who: 'ok' },
          { status: 'alone', who: 'refused' },
          { status: 'alone', who: 'odd' },
        ]);
      } else {
        expect(ranAlone).toEqual(['odd']);
        expect(answers).toEqual([
          { n: 2, err: null, status: 'ok', who: 'ok' },
          { err: 'SR410' },
          { status: 'alone', who: 'odd' },
        ]);
      }
    }
  });
});
