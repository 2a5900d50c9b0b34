import { describe, expect, it } from 'vitest';
import { wageringProgress } from './bonus';

describe('wagering progress', () => {
  it('shows what was wagered of what is required and what is left, in centavos', () => {
    expect(wageringProgress(12_345, 100_000)).toEqual({ done: 12_345, left: 87_655, percent: 12.3 });
  });

  it('never shows 100% while a centavo is left, nor more than 100% when more was wagered', () => {
    expect(wageringProgress(99_999, 100_000).percent).toBe(99.9);
    expect(wageringProgress(150_000, 100_000)).toEqual({ done: 100_000, left: 0, percent: 100 });
  });

  it('treats a bonus with nothing to wager as complete and a negative figure as none', () => {
    expect(wageringProgress(0, 0)).toEqual({ done: 0, left: 0, percent: 100 });
    expect(wageringProgress(-5, 1000)).toEqual({ done: 0, left: 1000, percent: 0 });
  });
});
