import { describe, expect, it } from 'vitest';
import { mul, rational, sub, toFixedFloor, toNumber } from '../rational.ts';
import { Stream, streamFor } from '../rng.ts';
import { GOLDEN } from '../testing/golden.ts';
import { referenceFloats } from '../testing/stake-reference.ts';
import { evaluateSlot, playSlot, playSlotOn, SLOT, SLOT_SYMBOLS, slotExactStats } from './slot.ts';

const pct = (q: { num: bigint; den: bigint }, d = 4) => toFixedFloor(mul(q, rational(100n)), d);

describe('slot: exact full cycle (27,000 stops) with the feature', () => {
  const stats = slotExactStats();

  it('returns 96.4831% with a hit frequency of 32.3222%', () => {
    expect(stats.cycle).toBe(27_000);
    expect(stats.rtp).toEqual(rational(370_828_103n, 384_345_000n));
    expect(pct(stats.rtp)).toBe('96.4831');
    expect(stats.hitFrequency).toEqual(rational(2909n, 9000n));
    expect(pct(stats.hitFrequency)).toBe('32.3222');
    expect(stats.featureFrequency).toEqual(rational(11n, 216n));
    expect(pct(stats.featureRtp)).toBe('19.3201');
    expect(stats.maxWin).toBe(600);
    // Volatility index 1.645 sigma.
    const sigma = Math.sqrt(toNumber(sub(stats.secondMoment, mul(stats.rtp, stats.rtp))));
    expect(1.645 * sigma).toBeCloseTo(7.658, 3);
    // The feature always ends: every middle stop that triggers has outer stops that pay.
    expect(stats.minPayingPairsOnTrigger).toBeGreaterThan(0);
  });

  it('agrees with an independent count of the base game', () => {
    // Straight from the rules: grids of text, a line pays if its non-wild symbols are one kind.
    const sym = SLOT.strips.map((s) => s.map((i) => SLOT_SYMBOLS[i]!));
    const pay = Object.fromEntries(SLOT_SYMBOLS.map((s, i) => [s, SLOT.pays[i]!]));
    let total = 0;
    let hits = 0;
    for (let a = 0; a < 30; a++) {
      for (let b = 0; b < 30; b++) {
        for (let c = 0; c < 30; c++) {
          const g = [a, b, c].map((stop, r) => [0, 1, 2].map((row) => sym[r]![(stop + row) % 30]!));
          const lines = [
            [g[0]![0], g[1]![0], g[2]![0]],
            [g[0]![1], g[1]![1], g[2]![1]],
            [g[0]![2], g[1]![2], g[2]![2]],
            [g[0]![0], g[1]![1], g[2]![2]],
            [g[0]![2], g[1]![1], g[2]![0]],
          ];
          let win = 0;
          for (const line of lines) {
            const kinds = new Set(line.filter((s) => s !== 'wild'));
            if (kinds.size <= 1) win += pay[[...kinds][0] ?? 'wild']! / 5;
          }
          if (new Set(g.flat().filter((s) => s !== 'wild')).size <= 1) win *= 10;
          const ours = evaluateSlot(SLOT, [a, b, c]).multiplierE4;
          if (Math.round(win * 10_000) !== ours) throw new Error(`stops ${a} ${b} ${c}`);
          total += win;
          if (win > 0) hits++;
        }
      }
    }
    expect(hits).toBeGreaterThan(0);
    // Base part = total RTP less the feature's part.
    expect(Math.abs(total / 27_000 - toNumber(sub(stats.rtp, stats.featureRtp)))).toBeLessThan(1e-12);
  });
});

describe('slot: play', () => {
  it('draws the golden stops with unbiased integers from the published floats', () => {
    for (let nonce = 0; nonce < 30; nonce++) {
      const out = playSlot({ ...GOLDEN, nonce });
      const f = referenceFloats(GOLDEN.serverSeed, GOLDEN.clientSeed, nonce, 3);
      const q = Math.floor(2 ** 32 / 30);
      expect(out.spin.stops).toEqual(f.map((x) => Math.floor(Math.round(x * 2 ** 32) / q)));
      expect(out.multiplierE4).toBe(out.spin.multiplierE4 + (out.respins.at(-1)?.multiplierE4 ?? 0));
    }
    expect(playSlot({ ...GOLDEN, nonce: 0 }).spin.stops).toEqual([23, 14, 10]);
  });

  it('respins the outer reels, holding the middle one, until a win when a losing spin shows a wild in the middle', () => {
    let seen = 0;
    for (let nonce = 0; nonce < 400 && seen < 3; nonce++) {
      const out = playSlotOn(streamFor({ ...GOLDEN, nonce }));
      if (out.respins.length === 0) continue;
      seen++;
      expect(out.spin.multiplierE4).toBe(0);
      expect(out.spin.grid[1]).toContain('wild');
      for (const r of out.respins) expect(r.stops[1]).toBe(out.spin.stops[1]);
      expect(out.respins.at(-1)!.multiplierE4).toBeGreaterThan(0);
      expect(out.respins.slice(0, -1).every((r) => r.multiplierE4 === 0)).toBe(true);
    }
    expect(seen).toBe(3);
    // Forced: middle stop 10 shows mico, wild, tucano; with outer stops 0 and 1 nothing pays -> respins follow.
    const q = Math.floor(2 ** 32 / 30);
    const codes = [0, 10 * q, 1 * q, 0, 1 * q, 5 * q, 5 * q, 12 * q, 20 * q, 3 * q, 3 * q];
    const forced = playSlotOn(
      new Stream((round) => Uint32Array.from({ length: 8 }, (_, i) => codes[round * 8 + i] ?? 0)),
    );
    expect(forced.spin.grid[1]).toEqual(['mico', 'wild', 'tucano']);
    expect(forced.spin.multiplierE4).toBe(0);
    expect(forced.respins.length).toBeGreaterThan(1); // the first respin repeats stops 0 and 1: no win again
    expect(forced.respins[0]!.stops).toEqual([0, 10, 1]);
  });
});
