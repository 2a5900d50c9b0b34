import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { priceMatch } from './book';
import { cashoutAmount, partialCashout } from './cashout';
import { bookOdds, fairOdds, type MarketSpec, outcomesOf, settleOutcome } from './markets';
import { expectedGoals, fitRatings, matchesOf, type Ratings } from './model';
import { firstHalfMatrix, liveMatrix, remainingShare, scoreMatrix } from './scores';
import { payout } from './settle';
import { simulateMatch } from './simulate';

/**
 * The book's arithmetic on real results: team strengths fitted from the Brasileirão Série A 2025, the markets
 * priced from the joint score distribution, prices moving the way a bettor expects as a match goes on, and what
 * each kind of leg pays at settlement.
 */

const season = (file: string) =>
  matchesOf(JSON.parse(readFileSync(new URL(`../seasons/${file}`, import.meta.url), 'utf8')));
const serieA = season('2025_br.1.json');
const ratings: Ratings = fitRatings(serieA, { asOf: '2025-12-08' });

const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
const matrixOf = (home: string, away: string) => {
  const xg = expectedGoals(ratings, home, away);
  return scoreMatrix(xg.home, xg.away, ratings.rho);
};
const probs = (spec: MarketSpec, home: string, away: string) =>
  Object.fromEntries(fairOdds(spec, matrixOf(home, away)).map((o) => [o.outcome, o]));

describe('team strengths fitted from the 2025 Série A', () => {
  it('rates the champion above the relegated and gives the home side an edge', () => {
    const fla = ratings.teams.get('CR Flamengo')!;
    const sport = ratings.teams.get('SC Recife')!;
    expect(fla.attack).toBeGreaterThan(1.2);
    expect(fla.defence).toBeLessThan(0.8);
    expect(sport.attack).toBeLessThan(1);
    expect(sport.defence).toBeGreaterThan(1);
    expect(ratings.home).toBeGreaterThan(1.1);
    expect(ratings.teams.size).toBe(20);
  });

  it('predicts as many goals per match as the season had, and the low scores as Dixon and Coles found', () => {
    const actual = sum(serieA.map((m) => m.ft[0] + m.ft[1])) / serieA.length;
    const predicted =
      sum(
        serieA.map((m) => {
          const xg = expectedGoals(ratings, m.home, m.away);
          return xg.home + xg.away;
        }),
      ) / serieA.length;
    // Recent matches weigh more than old ones, so the fit is near the season's mean, not exactly on it.
    expect(Math.abs(predicted - actual) / actual).toBeLessThan(0.06);
    expect(ratings.rho).toBeGreaterThan(-0.25);
    expect(ratings.rho).toBeLessThan(0.1);
    expect(ratings.firstHalfShare).toBeGreaterThan(0.35);
    expect(ratings.firstHalfShare).toBeLessThan(0.5);
  });

  it('fits every competition in the data', () => {
    for (const file of ['2025_copa.l.json', '2025-26_en.1.json', '2025-26_pt.1.json', '2025_br.2.json']) {
      const r = fitRatings(season(file), { asOf: '2026-06-01' });
      expect(r.base).toBeGreaterThan(0.6);
      expect(r.base).toBeLessThan(2);
      for (const t of r.teams.values()) expect(Number.isFinite(t.attack) && t.attack > 0).toBe(true);
    }
  });
});

describe('prices from the score distribution', () => {
  it('gives each market probabilities that add up to 1, before the margin', () => {
    const m = matrixOf('CR Flamengo', 'SE Palmeiras');
    expect(sum(m.flat())).toBeCloseTo(1, 12);
    for (const spec of [{ kind: '1x2' }, { kind: 'btts' }, { kind: 'correct_score' }] as MarketSpec[])
      expect(sum(fairOdds(spec, m).map((o) => o.probability))).toBeCloseTo(1, 9);
    for (const line of [1.5, 2.5, 3.5])
      expect(sum(fairOdds({ kind: 'total', line }, m).map((o) => o.probability))).toBeCloseTo(1, 9);
    const half = firstHalfMatrix(1.6, 1.1, ratings.firstHalfShare);
    expect(sum(fairOdds({ kind: 'ht_1x2' }, m, half).map((o) => o.probability))).toBeCloseTo(1, 9);
  });

  it('prices a fair two-way line so its implied probabilities add up to 1, pushes and quarter lines included', () => {
    const m = matrixOf('EC Bahia', 'Grêmio FBPA');
    for (const spec of [
      { kind: 'draw_no_bet' },
      { kind: 'asian_handicap', line: -1 },
      { kind: 'asian_handicap', line: -0.75 },
      { kind: 'asian_handicap', line: 0.25 },
      { kind: 'total', line: 2 },
      { kind: 'total', line: 2.75 },
    ] as MarketSpec[]) {
      const odds = fairOdds(spec, m).map((o) => o.odds!);
      expect(sum(odds.map((o) => 1 / o)), JSON.stringify(spec)).toBeCloseTo(1, 9);
    }
  });

  it('makes a fair price an even bet: its expected payout is the stake, whatever pushes or halves it', () => {
    const m = matrixOf('CR Flamengo', 'SC Internacional');
    for (const spec of [
      { kind: 'asian_handicap', line: -0.75 },
      { kind: 'total', line: 2.25 },
      { kind: 'draw_no_bet' },
    ] as MarketSpec[]) {
      for (const o of fairOdds(spec, m)) {
        let expected = 0;
        for (const [h, row] of m.entries())
          for (const [a, p] of row.entries()) {
            const r = settleOutcome(spec, o.outcome, [h, a]);
            expected += p * (r.vf + (1 - r.vf) * (r.won ? o.odds! : 0));
          }
        expect(expected).toBeCloseTo(1, 9);
      }
    }
  });

  it('makes the stronger home side the favourite and the book keep its margin', () => {
    const p = probs({ kind: '1x2' }, 'CR Flamengo', 'SC Recife');
    expect(p['1']!.probability).toBeGreaterThan(0.6);
    expect(p['2']!.probability).toBeLessThan(0.12);
    const book = ['1', 'X', '2'].map((k) => bookOdds(p[k]!.odds, 0.06)!);
    const overround = sum(book.map((o) => 10_000 / o));
    expect(overround).toBeGreaterThanOrEqual(1.06);
    expect(overround).toBeLessThan(1.08);
    for (const o of book) expect(o % 100).toBe(0);
  });

  it('does not offer what cannot win or would pay less than 1.01', () => {
    expect(bookOdds(null, 0.05)).toBeNull();
    expect(bookOdds(1.02, 0.05)).toBeNull();
    expect(bookOdds(1.9, 0.05)).toBe(18_000);
    // 0:0 at minute 89 of a goalless match: "under 0.5" is near certain and not offered; 4:4 cannot happen.
    const late = liveMatrix(1.4, 1.1, 0.45, { minute: 89, score: [0, 0] });
    const under = fairOdds({ kind: 'total', line: 0.5 }, late).find((o) => o.outcome === 'under')!;
    expect(bookOdds(under.odds, 0.05)).toBeNull();
  });
});

describe('prices in play', () => {
  const xg = expectedGoals(ratings, 'CR Flamengo', 'SE Palmeiras');
  const live = (minute: number, score: [number, number], factor?: [number, number]) =>
    Object.fromEntries(
      fairOdds({ kind: '1x2' }, liveMatrix(xg.home, xg.away, ratings.firstHalfShare, { minute, score, factor })).map(
        (o) => [o.outcome, o.probability],
      ),
    );

  it("firms the leader's price as the minutes pass, and the draw's at 0-0", () => {
    const kick = live(0, [0, 0]);
    expect(live(30, [1, 0])['1']!).toBeGreaterThan(kick['1']!);
    expect(live(80, [1, 0])['1']!).toBeGreaterThan(live(30, [1, 0])['1']!);
    expect(live(85, [0, 0]).X!).toBeGreaterThan(live(45, [0, 0]).X!);
    expect(live(90, [2, 1])['1']!).toBeCloseTo(1, 9);
  });

  it('lengthens "over 2.5" as a goalless match runs on, and a red card cuts a side\'s chances', () => {
    const over = (minute: number) =>
      fairOdds(
        { kind: 'total', line: 2.5 },
        liveMatrix(xg.home, xg.away, ratings.firstHalfShare, { minute, score: [0, 0] }),
      )[0]!.probability;
    expect(over(60)).toBeLessThan(over(20));
    expect(over(20)).toBeLessThan(over(0));
    expect(live(50, [0, 0], [0.65, 1.2])['1']!).toBeLessThan(live(50, [0, 0])['1']!);
  });

  it('spreads the goals still to come over the two halves', () => {
    expect(remainingShare(0, 0.45)).toBeCloseTo(1, 12);
    expect(remainingShare(45, 0.45)).toBeCloseTo(0.55, 12);
    expect(remainingShare(90, 0.45)).toBe(0);
    expect(remainingShare(120, 0.45)).toBe(0);
  });
});

describe('settlement', () => {
  const ah = (line: number, outcome: string, ft: [number, number]) =>
    settleOutcome({ kind: 'asian_handicap', line }, outcome, ft);

  it('settles every kind of Asian-handicap and totals leg as a bettor reads them', () => {
    expect(ah(-0.75, '1', [1, 0])).toEqual({ vf: 0.5, won: true }); // half won
    expect(ah(-0.75, '2', [1, 0])).toEqual({ vf: 0.5, won: false }); // half lost
    expect(ah(-1, '1', [1, 0])).toEqual({ vf: 1, won: false }); // push
    expect(ah(-0.5, '1', [1, 0])).toEqual({ vf: 0, won: true });
    expect(ah(0.25, '1', [0, 0])).toEqual({ vf: 0.5, won: true });
    expect(ah(-1.25, '1', [2, 0])).toEqual({ vf: 0, won: true });
    expect(settleOutcome({ kind: 'total', line: 2.25 }, 'over', [1, 1])).toEqual({ vf: 0.5, won: false });
    expect(settleOutcome({ kind: 'total', line: 2.75 }, 'over', [2, 1])).toEqual({ vf: 0.5, won: true });
    expect(settleOutcome({ kind: 'total', line: 3 }, 'under', [2, 1])).toEqual({ vf: 1, won: false });
    expect(settleOutcome({ kind: 'draw_no_bet' }, '1', [2, 2])).toEqual({ vf: 1, won: false });
    expect(settleOutcome({ kind: 'correct_score' }, 'other', [5, 0]).won).toBe(true);
    expect(settleOutcome({ kind: 'ht_1x2' }, 'X', [2, 0], [0, 0]).won).toBe(true);
    expect(outcomesOf({ kind: 'correct_score' })).toHaveLength(26);
  });

  it('pays stake x f per leg, the product for an accumulator, rounded down to the centavo', () => {
    // R$ 10 at 1.85 won: R$ 18.50; half won at 1.90: 10 x (0.5 + 0.5 x 1.9) = R$ 14.50; half lost: R$ 5.
    expect(payout(1_000, [{ vf: 0, won: true, odds: 18_500 }])).toBe(1_850);
    expect(payout(1_000, [{ vf: 0.5, won: true, odds: 19_000 }])).toBe(1_450);
    expect(payout(1_000, [{ vf: 0.5, won: false, odds: 19_000 }])).toBe(500);
    expect(payout(1_000, [{ vf: 1, won: false, odds: 19_000 }])).toBe(1_000);
    expect(payout(1_000, [{ vf: 0, won: false, odds: 19_000 }])).toBe(0);
    // An accumulator: a push counts as 1, a half-win as its factor; R$ 3.33 at 1.5 x 1.5 x 1.5 = 11.23875 -> 11.23.
    expect(
      payout(1_000, [
        { vf: 0, won: true, odds: 20_000 },
        { vf: 1, won: false, odds: 30_000 },
        { vf: 0.5, won: true, odds: 19_000 },
      ]),
    ).toBe(2_900);
    expect(
      payout(
        333,
        [1, 2, 3].map(() => ({ vf: 0 as const, won: true, odds: 15_000 })),
      ),
    ).toBe(1_123);
    // A dead heat of two halves the win part.
    expect(payout(1_000, [{ vf: 0, won: true, odds: 40_000, dhf: 0.5 }])).toBe(2_000);
    // The cap per bet.
    expect(payout(100_000, [{ vf: 0, won: true, odds: 9_990_000 }], 50_000_000)).toBe(50_000_000);
  });

  it('pays 20 legs exactly, where a float product would drift', () => {
    const legs = Array.from({ length: 20 }, () => ({ vf: 0 as const, won: true, odds: 11_100 }));
    // 1.11^20 = 8.0623115...: R$ 1.00 pays R$ 8.06.
    expect(payout(100, legs)).toBe(806);
  });
});

describe('the simulated match', () => {
  const play = (seed: number, home = 1.5, away = 1.1) => simulateMatch({ home, away, firstHalfShare: 0.45, seed });

  it('plays the same match for the same seed, and another for another seed', () => {
    expect(play(7)).toEqual(play(7));
    expect(JSON.stringify(play(7))).not.toBe(JSON.stringify(play(8)));
  });

  it('scores at the fitted rates, more after the break, with a bet stop before every goal', () => {
    let home = 0;
    let away = 0;
    let firstHalf = 0;
    let reds = 0;
    const runs = 4_000;
    for (let seed = 1; seed <= runs; seed++) {
      const events = play(seed);
      const ft = events.at(-1)!;
      const ht = events.find((e) => e.type === 'half_time')!;
      if (ft.type !== 'full_time' || ht.type !== 'half_time') throw new Error('a match ends with its whistles');
      home += ft.score[0];
      away += ft.score[1];
      firstHalf += ht.score[0] + ht.score[1];
      reds += events.filter((e) => e.type === 'red').length;
      const goals = events.filter((e) => e.type === 'goal');
      expect(goals.length).toBe(ft.score[0] + ft.score[1]);
      for (const g of goals) {
        const i = events.indexOf(g);
        expect(events[i - 1]).toMatchObject({ type: 'danger', side: g.side, minute: g.minute });
      }
    }
    // 4,000 matches: the means sit within a few standard errors (about 2%) of the rates.
    expect(home / runs).toBeGreaterThan(1.5 * 0.94);
    expect(home / runs).toBeLessThan(1.5 * 1.06);
    expect(away / runs).toBeGreaterThan(1.1 * 0.94);
    expect(away / runs).toBeLessThan(1.1 * 1.06);
    expect(firstHalf / (home + away)).toBeGreaterThan(0.41);
    expect(firstHalf / (home + away)).toBeLessThan(0.49);
    expect(reds / runs).toBeGreaterThan(0.08);
    expect(reds / runs).toBeLessThan(0.2);
  });
});

describe("a match's price list", () => {
  const xg = expectedGoals(ratings, 'CR Flamengo', 'SE Palmeiras');
  const rates = { home: xg.home, away: xg.away, rho: ratings.rho, firstHalfShare: ratings.firstHalfShare };

  it('offers every market before kick-off, each with the book over 100% and a main handicap line near evens', () => {
    const list = priceMatch(rates);
    expect(list.map((m) => m.spec.kind)).toEqual([
      '1x2',
      'double_chance',
      'draw_no_bet',
      'total',
      'total',
      'total',
      'btts',
      'asian_handicap',
      'asian_handicap',
      'asian_handicap',
      'correct_score',
      'ht_1x2',
    ]);
    for (const m of list.filter((x) => x.spec.kind !== 'correct_score' && x.spec.kind !== 'double_chance')) {
      const odds = m.outcomes.map((o) => o.odds!);
      expect(sum(odds.map((o) => 10_000 / o)), JSON.stringify(m.spec)).toBeGreaterThan(1);
    }
    const main = list.filter((m) => m.spec.kind === 'asian_handicap')[1]!;
    expect(main.outcomes[0]!.odds!).toBeGreaterThan(16_000);
    expect(main.outcomes[0]!.odds!).toBeLessThan(22_000);
  });

  it('closes the first-half market at the break and follows the score in play', () => {
    const second = priceMatch(rates, { live: { minute: 60, score: [0, 1], htScore: [0, 1] } });
    expect(second.some((m) => m.spec.kind === 'ht_1x2')).toBe(false);
    const pre = priceMatch(rates)[0]!.outcomes[2]!.odds!;
    expect(second[0]!.outcomes[2]!.odds!).toBeLessThan(pre);
  });
});

describe('cash-out', () => {
  it('buys a single back at the price now less the cut, and offers nothing while its market is suspended', () => {
    expect(cashoutAmount(1_000, { settled: [], open: [{ odds: 20_000, current: 20_000, probability: 0.48 }] })).toBe(
      950,
    );
    // The selection shortened from 2.00 to 1.25: the bet is worth more than its stake.
    expect(cashoutAmount(1_000, { settled: [], open: [{ odds: 20_000, current: 12_500, probability: 0.76 }] })).toBe(
      1_520,
    );
    expect(cashoutAmount(1_000, { settled: [], open: [{ odds: 20_000, current: null, probability: 0.5 }] })).toBeNull();
  });

  it('values an accumulator by its won legs and the open legs at their fair chances, and a lost one at nothing', () => {
    const won = { vf: 0 as const, won: true, odds: 15_000 };
    // R$ 10 x 1.5 (won) x 2.0 x 0.6 (open leg's chance now) x 0.95 = R$ 17.10.
    expect(cashoutAmount(1_000, { settled: [won], open: [{ odds: 20_000, current: 15_500, probability: 0.6 }] })).toBe(
      1_710,
    );
    expect(
      cashoutAmount(1_000, {
        settled: [{ vf: 0, won: false, odds: 15_000 }],
        open: [{ odds: 20_000, current: 15_500, probability: 0.6 }],
      }),
    ).toBeNull();
  });

  it('splits a partial cash-out between what is paid and the stake that stays', () => {
    expect(partialCashout(1_000, 1_520, 40)).toEqual({ paid: 608, stakeLeft: 600 });
    expect(partialCashout(333, 500, 50)).toEqual({ paid: 250, stakeLeft: 167 });
    expect(() => partialCashout(1_000, 1_520, 100)).toThrow();
  });
});
