// Statistical proof of the box ticket: 10^6 openings from fixed seeds land on each prize with its published
// probability (range length / 100000), the tickets are uniform over 1..100000, and the measured return holds the exact
// RTP in its 99% interval.
import { describe, it } from 'vitest';
import { boxRtp, boxTicketOn } from '../games/box.ts';
import { expectChiSquare, expectNoSerialCorrelation, expectRtpInterval, sampleBets } from '../testing/harness.ts';

const N = 1_000_000;

/** The demo bronze box's table (R$ 5, RTP 92%): common prizes down to one of 15 tickets in 100,000. */
const TABLE = (() => {
  const rows: [value: number, tickets: number][] = [
    [200, 31_920],
    [400, 32_165],
    [600, 30_000],
    [1_000, 5_000],
    [2_500, 800],
    [10_000, 100],
    [50_000, 15],
  ];
  let from = 1;
  return rows.map(([value, tickets]) => {
    const r = { from, to: from + tickets - 1, value };
    from += tickets;
    return r;
  });
})();
const PRICE = 500;

describe('box openings: 10^6 tickets', () => {
  it('prizes follow their ranges (7 prizes, df 6 < 16.812), tickets are uniform (100 bins, df 99 < 134.642), uncorrelated, RTP in its 99% CI', {
    timeout: 180_000,
  }, () => {
    const tickets = new Float64Array(100);
    const sample = sampleBets(N, 'box-openings', TABLE.length, (stream) => {
      const ticket = boxTicketOn(stream);
      tickets[Math.floor((ticket - 1) / 1_000)]! += 1;
      const category = TABLE.findIndex((p) => ticket <= p.to);
      return { category, value: ticket, payout: TABLE[category]!.value / PRICE };
    });
    expectChiSquare(
      sample.counts,
      TABLE.map((p) => (p.to - p.from + 1) / 100_000),
      6,
    );
    expectChiSquare(tickets, new Array(100).fill(1 / 100), 99);
    expectNoSerialCorrelation(sample.values);
    expectRtpInterval(sample.payouts, boxRtp(TABLE, PRICE));
  });
});
