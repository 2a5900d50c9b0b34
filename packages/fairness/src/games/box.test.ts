import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { rational, toNumber } from '../rational.ts';
import { streamFor } from '../rng.ts';
import { GOLDEN } from '../testing/golden.ts';
import {
  BOX_TICKET_COUNT,
  boxExpectedValue,
  boxProbability,
  boxRtp,
  boxTableProblem,
  boxTicket,
  boxTicketOn,
} from './box.ts';

/**
 * An independent reference of the ticket, written from the published rule and not from rng.ts: HMAC-SHA256 keyed
 * by the server seed (its text) over `${clientSeed}:${nonce}:${round}`, read as big-endian 32-bit words from round 0;
 * with q = floor(2^32 / 100000), a word u < q x 100000 gives ticket 1 + floor(u / q), a larger one is discarded and
 * the next word is read (into the next round after 8 words).
 */
function referenceTicket(serverSeed: string, clientSeed: string, nonce: number): { ticket: number; rejected: number } {
  const q = Math.floor(2 ** 32 / BOX_TICKET_COUNT);
  const limit = q * BOX_TICKET_COUNT;
  let rejected = 0;
  for (let round = 0; ; round++) {
    const digest = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${round}`).digest();
    for (let i = 0; i < 32; i += 4) {
      const u = digest.readUInt32BE(i);
      if (u < limit) return { ticket: 1 + Math.floor(u / q), rejected };
      rejected++;
    }
  }
}

const seeds = (nonce: number) => ({ serverSeed: GOLDEN.serverSeed, clientSeed: GOLDEN.clientSeed, nonce });

describe('box ticket: golden vectors', () => {
  it('nonces 0-9 of the golden seeds', () => {
    const expected = [79673, 66471, 31790, 15320, 67106, 90109, 96865, 76238, 48509, 9521];
    for (let nonce = 0; nonce < 10; nonce++) {
      expect(referenceTicket(GOLDEN.serverSeed, GOLDEN.clientSeed, nonce)).toEqual({
        ticket: expected[nonce],
        rejected: 0,
      });
      expect(boxTicket(seeds(nonce)), `nonce ${nonce}`).toBe(expected[nonce]);
    }
  });

  it('a rejected first word draws the next one: nonces 199713 and 298857 of the golden seeds', () => {
    // The first word of these rounds is >= 4,294,900,000 (probability 67,296 / 2^32): it is discarded, not folded.
    expect(referenceTicket(GOLDEN.serverSeed, GOLDEN.clientSeed, 199_713)).toEqual({ ticket: 95_297, rejected: 1 });
    expect(referenceTicket(GOLDEN.serverSeed, GOLDEN.clientSeed, 298_857)).toEqual({ ticket: 7_167, rejected: 1 });
    expect(boxTicket(seeds(199_713))).toBe(95_297);
    expect(boxTicket(seeds(298_857))).toBe(7_167);
    const stream = streamFor({ ...seeds(199_713), cursor: 0 });
    expect(boxTicketOn(stream)).toBe(95_297);
    expect(stream.cursor).toBe(8);
  });

  it('agrees with the reference on 2,000 other seeds and nonces, always within 1..100000', () => {
    for (let i = 0; i < 2_000; i++) {
      const clientSeed = `client-${i % 7}`;
      const nonce = i * 31;
      const t = boxTicket({ serverSeed: GOLDEN.serverSeed, clientSeed, nonce });
      expect(t).toBe(referenceTicket(GOLDEN.serverSeed, clientSeed, nonce).ticket);
      expect(t >= 1 && t <= BOX_TICKET_COUNT).toBe(true);
    }
  });
});

describe('box table: coverage, probability, expected value', () => {
  it('accepts ranges covering 1..100000 exactly in any order, and names the first problem otherwise', () => {
    expect(boxTableProblem([{ from: 1, to: 100_000 }])).toBeNull();
    expect(
      boxTableProblem([
        { from: 60_001, to: 100_000 },
        { from: 1, to: 60_000 },
      ]),
    ).toBeNull();
    expect(boxTableProblem([])).toBe('the table has no prizes');
    expect(boxTableProblem([{ from: 2, to: 100_000 }])).toBe('tickets 1-1 belong to no prize');
    expect(boxTableProblem([{ from: 1, to: 99_999 }])).toBe('tickets 100000-100000 belong to no prize');
    expect(
      boxTableProblem([
        { from: 1, to: 10 },
        { from: 10, to: 100_000 },
      ]),
    ).toBe('range 10-100000 overlaps the range before it');
    expect(
      boxTableProblem([
        { from: 1, to: 10 },
        { from: 12, to: 100_000 },
      ]),
    ).toBe('tickets 11-11 belong to no prize');
    expect(boxTableProblem([{ from: 0, to: 100_000 }])).toBe('range 0-100000 is not within 1-100000');
    expect(boxTableProblem([{ from: 1, to: 100_001 }])).toBe('range 1-100001 is not within 1-100000');
    expect(boxTableProblem([{ from: 1, to: 1.5 }])).toMatch(/not within/);
    expect(boxTableProblem([{ from: 5, to: 4 }])).toMatch(/not within/);
  });

  it('probability = range length / 100000; EV and RTP exact', () => {
    expect(boxProbability({ from: 1, to: 60_000 })).toEqual(rational(3, 5));
    expect(boxProbability({ from: 100_000, to: 100_000 })).toEqual(rational(1, 100_000));
    const table = [
      { from: 1, to: 60_000, value: 500 },
      { from: 60_001, to: 90_000, value: 1_000 },
      { from: 90_001, to: 99_000, value: 2_000 },
      { from: 99_001, to: 100_000, value: 10_000 },
    ];
    expect(boxExpectedValue(table)).toEqual(rational(880));
    expect(boxRtp(table, 1_000)).toEqual(rational(22, 25));
    // An RTP that is no round decimal stays exact: 1 centavo on one ticket of a R$ 3 box.
    expect(boxRtp([{ from: 1, to: 100_000, value: 1 }], 300)).toEqual(rational(1, 300));
    expect(toNumber(boxRtp([{ from: 1, to: 100_000, value: 1 }], 300))).toBeCloseTo(1 / 300, 15);
  });
});
