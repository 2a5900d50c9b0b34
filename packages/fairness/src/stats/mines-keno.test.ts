// Statistical proofs, part 2: Mines, Keno and Wheel, 10^6 rounds each from fixed seeds.
import { describe, it } from 'vitest';
import { kenoDrawOn, kenoExactRtp, kenoHitProbability, settleKeno } from '../games/keno.ts';
import { minesBoardOn, minesExactRtp, settleMines } from '../games/mines.ts';
import { playWheelOn, wheelExactRtp } from '../games/wheel.ts';
import { toNumber } from '../rational.ts';
import { expectChiSquare, expectNoSerialCorrelation, expectRtpInterval, sampleBets } from '../testing/harness.ts';

const N = 1_000_000;

describe('mines: 10^6 boards with 3 mines', () => {
  it('the first mine is uniform over the 25 tiles (df 24), every tile is a mine 3/25 of the time, RTP in its CI', {
    timeout: 120_000,
  }, () => {
    const picks = [0, 6, 12, 18, 24]; // cash out after 5 safe reveals
    const perTile = new Float64Array(25);
    const s = sampleBets(N, 'mines', 25, (stream) => {
      const board = minesBoardOn(stream, 3);
      for (const t of board) perTile[t]! += 1;
      const out = settleMines(board, picks);
      return { category: board[0]!, value: board[0]!, payout: out.multiplierE4 / 10_000 };
    });
    expectChiSquare(s.counts, new Array(25).fill(1 / 25), 24);
    // Tile marginals: each tile is mined with probability 3/25; 25 dependent counts summing to 3N, so compare
    // (count / 3) against N/25 as a goodness-of-fit of the per-tile frequencies.
    expectChiSquare(
      Array.from(perTile, (c) => c / 3),
      new Array(25).fill(1 / 25),
      24,
    );
    expectNoSerialCorrelation(s.values);
    expectRtpInterval(s.payouts, minesExactRtp(3, 5));
  });
});

describe('keno: 10^6 draws', () => {
  it('hits follow the hypergeometric law, the first number is uniform (df 39), RTP of classic/10 picks in its CI', {
    timeout: 120_000,
  }, () => {
    const picks = [3, 7, 11, 15, 19, 23, 27, 31, 35, 39];
    const first = new Float64Array(40);
    const s = sampleBets(N, 'keno', 11, (stream) => {
      const drawn = kenoDrawOn(stream);
      first[drawn[0]! - 1]! += 1;
      const out = settleKeno(drawn, { picks, risk: 'classic' });
      return { category: out.hits.length, value: out.hits.length, payout: out.multiplierE4 / 10_000 };
    });
    expectChiSquare(
      s.counts,
      Array.from({ length: 11 }, (_, h) => toNumber(kenoHitProbability(10, h))),
    );
    expectChiSquare(first, new Array(40).fill(1 / 40), 39);
    expectNoSerialCorrelation(s.values);
    expectRtpInterval(s.payouts, kenoExactRtp('classic', 10));
  });
});

describe('wheel: 10^6 spins, 50 segments', () => {
  it('segments are uniform (df 49), no serial correlation, medium-risk RTP in its 99% CI', { timeout: 120_000 }, () => {
    const bet = { segments: 50, risk: 'medium' as const };
    const s = sampleBets(N, 'wheel', 50, (stream) => {
      const out = playWheelOn(stream, bet);
      return { category: out.segment, value: out.segment, payout: out.multiplierE4 / 10_000 };
    });
    expectChiSquare(s.counts, new Array(50).fill(1 / 50), 49);
    expectNoSerialCorrelation(s.values);
    expectRtpInterval(s.payouts, wheelExactRtp(bet));
  });
});
