import { describe, expect, it } from 'vitest';
import { formatBoxRtp, formatChance, formatTimes } from './odds';
import { buildReel, cardAt, REEL_STOP, reelOffset } from './reel';

const prizes = [
  { id: 1, probability: 0.6 },
  { id: 2, probability: 0.3 },
  { id: 3, probability: 0.09995 },
  { id: 4, probability: 0.00005 },
];

// A seeded generator, so a failure can be replayed.
function mulberry(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('the reel', () => {
  it('always stops on the rolled prize: the card under the marker after the slide is the one the server drew', () => {
    const random = mulberry(7);
    for (let i = 0; i < 500; i++) {
      const rolled = prizes[i % prizes.length]!.id;
      const reel = buildReel(prizes, rolled, { random });
      expect(reel.ids[reel.stop]).toBe(rolled);
      expect(reel.stop).toBe(REEL_STOP);
      for (const size of [
        { card: 104, gap: 8, view: 328 },
        { card: 132, gap: 10, view: 900 },
      ]) {
        const offset = reelOffset(reel, size);
        expect(cardAt(offset, size)).toBe(reel.stop);
        // The marker is well inside the card, never on its edge.
        const into = offset + size.view / 2 - reel.stop * (size.card + size.gap);
        expect(into).toBeGreaterThan(size.card * 0.15);
        expect(into).toBeLessThan(size.card * 0.85);
      }
    }
  });

  it('fills the strip with every prize of the table, rare ones included, and only those', () => {
    const seen = new Set<number>();
    const random = mulberry(3);
    for (let i = 0; i < 50; i++) for (const id of buildReel(prizes, 1, { random }).ids) seen.add(id);
    expect([...seen].sort()).toEqual([1, 2, 3, 4]);
  });

  it('a table of one prize still makes a strip', () => {
    const reel = buildReel([{ id: 9, probability: 1 }], 9, { length: 10, stop: 8 });
    expect(reel.ids).toEqual(Array(10).fill(9));
  });
});

describe('the published odds', () => {
  it('shows a chance with every decimal it has, in the page language', () => {
    expect(formatChance({ from: 1, to: 5 }, 'pt')).toBe('0,005%');
    expect(formatChance({ from: 1, to: 1 }, 'en')).toBe('0.001%');
    expect(formatChance({ from: 1, to: 45_000 }, 'pt')).toBe('45,00%');
    expect(formatChance({ from: 100, to: 12_444 }, 'pt')).toBe('12,345%');
    expect(formatChance({ from: 1, to: 100_000 }, 'pt')).toBe('100,00%');
  });

  it('shows the RTP and the multiplier with two decimals', () => {
    expect(formatBoxRtp(0.9312, 'pt')).toBe('93,12%');
    expect(formatBoxRtp(0.93125, 'en')).toBe('93.13%');
    expect(formatTimes(20, 'pt')).toBe('20,00x');
    expect(formatTimes(0.4, 'en')).toBe('0.40x');
  });
});

describe('short money', () => {
  it('drops the cents of whole reais only', async () => {
    const { formatMoneyShort } = await import('./odds');
    // Intl writes a no-break space after "R$".
    const short = (c: number, l: 'pt' | 'en') => formatMoneyShort(c, l).replace(/\s/g, ' ');
    expect(short(1_000_000, 'pt')).toBe('R$ 10.000');
    expect(short(250, 'pt')).toBe('R$ 2,50');
    expect(short(50_000, 'en')).toBe('R$500');
  });
});
