import { describe, expect, it } from 'vitest';
import { withdrawalSteps } from './withdrawal-steps';

const view = (status: number) => withdrawalSteps(status).map((s) => `${s.key}:${s.state}`);

describe("a withdrawal's status as a timeline", () => {
  it('shows where a withdrawal on its way is, and what comes next', () => {
    expect(view(0)).toEqual(['requested:done', 'processing:current', 'paid:todo']);
    expect(view(5)).toEqual(['requested:done', 'review:current', 'processing:todo', 'paid:todo']);
    expect(view(4)).toEqual(['requested:done', 'processing:current', 'paid:todo']);
  });

  it('ends at paid, or where it stopped (cancelled, invalid key: the amount went back)', () => {
    expect(view(1)).toEqual(['requested:done', 'processing:done', 'paid:done']);
    expect(view(2)).toEqual(['requested:done', 'cancelled:stopped']);
    expect(view(3)).toEqual(['requested:done', 'invalidKey:stopped']);
  });
});
