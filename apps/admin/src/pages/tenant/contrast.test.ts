import { describe, expect, it } from 'vitest';
import { AA, contrast } from './contrast';

describe('contrast', () => {
  it('follows WCAG: black on white is 21:1, the same colour 1:1, and AA is 4.5', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#22c55e', '#22c55e')).toBe(1);
    expect(contrast('#ffffff', '#22c55e')).toBeLessThan(AA);
    expect(contrast('#05170c', '#22c55e')).toBeGreaterThan(AA);
  });
});
