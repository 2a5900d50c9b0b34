import { describe, expect, it } from 'vitest';
import { CONFETTI_DOTS, CONFETTI_PIECES, createConfetti } from './confetti-model';

describe('confetti', () => {
  it('bursts 40 pieces and 20 dots', () => {
    let seed = 1;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const burst = createConfetti({ random });
    expect(CONFETTI_PIECES).toBe(40);
    expect(CONFETTI_DOTS).toBe(20);
    expect(burst.filter((p) => p.kind === 'piece')).toHaveLength(40);
    expect(burst.filter((p) => p.kind === 'dot')).toHaveLength(20);
    expect(new Set(burst.map((p) => p.id)).size).toBe(60);
    for (const p of burst) {
      expect(p.x).toBeGreaterThanOrEqual(0);
      expect(p.x).toBeLessThanOrEqual(100);
    }
  });
});
