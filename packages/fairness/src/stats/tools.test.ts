import { describe, expect, it } from 'vitest';
import { BOX_PIERCE_CRITICAL_10 } from '../testing/harness.ts';
import { chiSquareCritical, chiSquareSurvival, chiSquareTest, serialCorrelation } from '../testing/stats.ts';

describe('statistics tools', () => {
  it('reproduces the reference chi-square critical values at p = 0.01', () => {
    expect(chiSquareCritical(14).toFixed(3)).toBe('29.141');
    expect(chiSquareCritical(36).toFixed(3)).toBe('58.619');
    expect(chiSquareCritical(51).toFixed(3)).toBe('77.386');
    expect(chiSquareCritical(1).toFixed(3)).toBe('6.635');
    expect(chiSquareSurvival(29.141, 14)).toBeCloseTo(0.01, 5);
    expect(chiSquareCritical(10).toFixed(3)).toBe(BOX_PIERCE_CRITICAL_10.toFixed(3));
  });

  it('flags a biased sample and a correlated series', () => {
    expect(chiSquareTest([600, 400], [0.5, 0.5]).statistic).toBeGreaterThan(chiSquareCritical(1));
    expect(chiSquareTest([505, 495], [0.5, 0.5]).statistic).toBeLessThan(chiSquareCritical(1));
    const ramp = Array.from({ length: 1000 }, (_, i) => Math.sin(i / 10));
    expect(Math.abs(serialCorrelation(ramp, 1)) * Math.sqrt(1000)).toBeGreaterThan(2.576);
  });
});
