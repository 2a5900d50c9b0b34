import type { UserBox } from '@sorte/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { nextBoxReward, showBoxReward, useBoxReward } from './box-reward';

const box = (id: number): UserBox => ({
  id,
  box_id: 1,
  name: 'caixa-bronze',
  title: 'Caixa Bronze',
  image: '/static/boxes/caixa-bronze.svg',
  version: 1,
  source: 'mission',
  status: 'unopened',
  price_paid: 0,
  sell_price: 0,
  created_at: '2026-11-28T04:00:00.000Z',
});

describe('the reward modal queue', () => {
  beforeEach(() => useBoxReward.setState({ queue: [] }));

  it('shows one box at a time, in arrival order, and the same box (push and its notification) only once', () => {
    showBoxReward(box(1));
    showBoxReward(box(2));
    showBoxReward(box(1));
    expect(useBoxReward.getState().queue.map((b) => b.id)).toEqual([1, 2]);
    nextBoxReward();
    expect(useBoxReward.getState().queue.map((b) => b.id)).toEqual([2]);
    nextBoxReward();
    nextBoxReward();
    expect(useBoxReward.getState().queue).toEqual([]);
  });
});
