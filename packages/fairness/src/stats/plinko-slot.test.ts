// Statistical proofs, part 3: Plinko and the slot, 10^6 rounds each from fixed seeds.
import { describe, it } from 'vitest';
import { playPlinkoOn, plinkoBucketProbability, plinkoExactRtp } from '../games/plinko.ts';
import { playSlotOn, slotExactStats } from '../games/slot.ts';
import { toNumber } from '../rational.ts';
import { expectChiSquare, expectNoSerialCorrelation, expectRtpInterval, sampleBets } from '../testing/harness.ts';

const N = 1_000_000;

describe('plinko: 10^6 balls, 16 rows, medium risk', () => {
  it('buckets follow Binomial(16, 1/2), no serial correlation, RTP in its 99% CI', { timeout: 120_000 }, () => {
    const bet = { rows: 16, risk: 'medium' as const };
    const s = sampleBets(N, 'plinko', 17, (stream) => {
      const out = playPlinkoOn(stream, bet);
      return { category: out.bucket, value: out.bucket, payout: out.multiplierE4 / 10_000 };
    });
    expectChiSquare(
      s.counts,
      Array.from({ length: 17 }, (_, b) => toNumber(plinkoBucketProbability(16, b))),
      16,
    );
    expectNoSerialCorrelation(s.values);
    expectRtpInterval(s.payouts, plinkoExactRtp(bet));
  });
});

describe('slot: 10^6 spins', () => {
  it('reel stops are uniform (df 29 each), the hit frequency and the RTP match the exact full cycle', {
    timeout: 120_000,
  }, () => {
    const stats = slotExactStats();
    const reels = [new Float64Array(30), new Float64Array(30), new Float64Array(30)];
    const wins = new Float64Array(N);
    const s = sampleBets(N, 'slot', 2, (stream, nonce) => {
      const out = playSlotOn(stream);
      out.spin.stops.forEach((stop, r) => {
        reels[r]![stop]! += 1;
      });
      wins[nonce] = out.multiplierE4 > 0 ? 1 : 0;
      return { category: out.multiplierE4 > 0 ? 1 : 0, value: out.spin.stops[0], payout: out.multiplierE4 / 10_000 };
    });
    for (const reel of reels) expectChiSquare(reel, new Array(30).fill(1 / 30), 29);
    const hit = toNumber(stats.hitFrequency);
    expectChiSquare(s.counts, [1 - hit, hit], 1);
    // Serial correlation on the first reel's stop and on the win indicator, not on the payout itself: with wins
    // up to 600x the sample autocorrelation of payouts is far from its normal approximation at this n.
    expectNoSerialCorrelation(s.values);
    expectNoSerialCorrelation(wins);
    expectRtpInterval(s.payouts, stats.rtp);
  });
});
