// Statistical proofs, part 4: Crash and Double on one hash chain of 10^6 rounds (two salts), fixed seed.
import { beforeAll, describe, it } from 'vitest';
import { buildChain } from '../games/chain.ts';
import { crashCodesAtLeast, crashExactRtp, crashPointCents } from '../games/crash.ts';
import { doubleExactRtp, doubleRoll, doubleRollProbability } from '../games/double.ts';
import { toNumber } from '../rational.ts';
import { sha256Hex } from '../sha256.ts';
import { expectChiSquare, expectNoSerialCorrelation, expectRtpInterval } from '../testing/harness.ts';

const N = 1_000_000;
let rounds: string[] = [];

beforeAll(() => {
  rounds = buildChain(sha256Hex('sorte statistics chain'), N).rounds;
}, 120_000);

describe('crash: 10^6 rounds', () => {
  it('crash points follow the exact law per band, no serial correlation, cash-out at 2x RTP in its 99% CI', {
    timeout: 120_000,
  }, () => {
    const salt = sha256Hex('sorte statistics crash salt');
    const edges = [101, 110, 125, 150, 200, 300, 500, 1_000, 2_000, 5_000, 10_000, 100_000];
    const atLeast = (t: number) => Number(crashCodesAtLeast(t)) / 2 ** 32;
    const probs = [
      1 - atLeast(101),
      ...edges.map((t, i) => atLeast(t) - (i + 1 < edges.length ? atLeast(edges[i + 1]!) : 0)),
    ];
    const counts = new Float64Array(edges.length + 1);
    const values = new Float64Array(N);
    const payouts = new Float64Array(N);
    rounds.forEach((h, i) => {
      const cents = crashPointCents(h, salt);
      let b = 0;
      while (b < edges.length && cents >= edges[b]!) b++;
      counts[b]! += 1;
      values[i] = Math.log(cents);
      payouts[i] = cents >= 200 ? 2 : 0;
    });
    expectChiSquare(counts, probs, edges.length);
    expectNoSerialCorrelation(values);
    expectRtpInterval(payouts, crashExactRtp(200));
  });
});

describe('double: 10^6 rounds', () => {
  it('the 15 tiles follow the exact law (df 14 < 29.141), no serial correlation, red and white RTP in their CIs', {
    timeout: 120_000,
  }, () => {
    const salt = sha256Hex('sorte statistics double salt');
    const counts = new Float64Array(15);
    const values = new Float64Array(N);
    const red = new Float64Array(N);
    const white = new Float64Array(N);
    rounds.forEach((h, i) => {
      const { roll, color } = doubleRoll(h, salt);
      counts[roll]! += 1;
      values[i] = roll;
      red[i] = color === 'red' ? 2 : 0;
      white[i] = color === 'white' ? 14 : 0;
    });
    expectChiSquare(
      counts,
      Array.from({ length: 15 }, (_, r) => toNumber(doubleRollProbability(r))),
      14,
    );
    expectNoSerialCorrelation(values);
    expectRtpInterval(red, doubleExactRtp('red'));
    expectRtpInterval(white, doubleExactRtp('white'));
  });
});
