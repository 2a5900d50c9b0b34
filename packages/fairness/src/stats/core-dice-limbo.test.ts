// Statistical proofs, part 1: the raw float stream, Dice and Limbo, 10^6 draws each from fixed seeds.
import { describe, it } from 'vitest';
import { diceExactRtp, diceRollCodeCounts, playDiceOn } from '../games/dice.ts';
import { limboExactRtp, limboWinningCodes, playLimboOn } from '../games/limbo.ts';
import { hmacRounds, Stream } from '../rng.ts';
import { HmacSha256 } from '../sha256.ts';
import {
  expectChiSquare,
  expectNoSerialCorrelation,
  expectRtpInterval,
  STATS_SERVER_SEED,
  sampleBets,
} from '../testing/harness.ts';

const N = 1_000_000;
const TWO_32 = 2 ** 32;

/** Exact probability of each bin b of floor(u * bins / 2^32) over the 2^32 codes u. */
function binProbabilities(bins: number): number[] {
  const first = (b: number) => Math.ceil((b * TWO_32) / bins);
  return Array.from({ length: bins }, (_, b) => (first(b + 1) - first(b)) / TWO_32);
}

describe('float stream: 10^6 floats from one bet stream (125,000 HMAC rounds)', () => {
  it('is uniform (52 bins, df 51 < 77.386), bytes too (256 bins), and uncorrelated at lags 1..10', {
    timeout: 120_000,
  }, () => {
    const stream = new Stream(
      hmacRounds(
        { serverSeed: STATS_SERVER_SEED, clientSeed: 'float-stream', nonce: 0 },
        new HmacSha256(STATS_SERVER_SEED),
      ),
    );
    const values = new Float64Array(N);
    const bins = new Float64Array(52);
    const bytes = new Float64Array(256);
    for (let i = 0; i < N; i++) {
      const u = stream.uint32();
      values[i] = u / TWO_32;
      bins[Math.floor((u * 52) / TWO_32)]! += 1;
      bytes[u >>> 24]! += 1;
      bytes[(u >>> 16) & 0xff]! += 1;
      bytes[(u >>> 8) & 0xff]! += 1;
      bytes[u & 0xff]! += 1;
    }
    expectChiSquare(bins, binProbabilities(52), 51);
    expectChiSquare(bytes, new Array(256).fill(1 / 256), 255);
    expectNoSerialCorrelation(values);
  });
});

describe('dice: 10^6 bets', () => {
  it('rolls follow the exact code counts (37 groups, df 36 < 58.619), no serial correlation, RTP in its 99% CI', {
    timeout: 120_000,
  }, () => {
    const counts = diceRollCodeCounts();
    const group = (roll: number) => Math.floor((roll * 37) / 10001);
    const probs = new Array(37).fill(0);
    counts.forEach((c, roll) => {
      probs[group(roll)] += c / TWO_32;
    });
    const bet = { target: 50.5, condition: 'over' as const };
    const s = sampleBets(N, 'dice', 37, (stream) => {
      const out = playDiceOn(stream, bet);
      return { category: group(out.rollCents), value: out.rollCents, payout: out.multiplierE4 / 10_000 };
    });
    expectChiSquare(s.counts, probs, 36);
    expectNoSerialCorrelation(s.values);
    expectRtpInterval(s.payouts, diceExactRtp(bet));
  });
});

describe('limbo: 10^6 bets', () => {
  it('results follow the exact code counts per multiplier band, no serial correlation, RTP at 2x in its 99% CI', {
    timeout: 120_000,
  }, () => {
    // Bands [100, 101), [101, 110) ... [100000, cap]: P(result >= T) = winning codes(T) / 2^32.
    const edges = [101, 110, 125, 150, 200, 300, 500, 1_000, 2_000, 5_000, 10_000, 100_000];
    const atLeast = (t: number) => Number(limboWinningCodes(t)) / TWO_32;
    const probs = [
      1 - atLeast(101),
      ...edges.map((t, i) => atLeast(t) - (i + 1 < edges.length ? atLeast(edges[i + 1]!) : 0)),
    ];
    const band = (cents: number) => {
      let b = 0;
      while (b < edges.length && cents >= edges[b]!) b++;
      return b;
    };
    const s = sampleBets(N, 'limbo', edges.length + 1, (stream) => {
      const out = playLimboOn(stream, { target: 2 });
      return { category: band(out.resultCents), value: Math.log(out.resultCents), payout: out.multiplierE4 / 10_000 };
    });
    expectChiSquare(s.counts, probs, edges.length);
    expectNoSerialCorrelation(s.values);
    expectRtpInterval(s.payouts, limboExactRtp(2));
  });
});
