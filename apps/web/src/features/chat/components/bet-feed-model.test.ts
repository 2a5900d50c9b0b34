import { describe, expect, it } from 'vitest';
import { fakeBet, maskName, matchResults, pushEvent, seedRecent } from './bet-feed-model';
import { dayLabel } from './day-label';

const ev = (type: 'bet' | 'win', tx: string, amount: number) => ({
  type,
  transaction: tx,
  game: 'Dice',
  user: 'Fernanda',
  amount,
  date: '2026-11-23T12:00:00Z',
});

describe('bet feed', () => {
  it('merges a bet with its win by transaction and computes the multiplier', () => {
    let raw = pushEvent([], ev('bet', 't1', 1000));
    raw = pushEvent(raw, ev('bet', 't2', 500));
    raw = pushEvent(raw, ev('win', 't1', 2500));
    const r = matchResults(raw);
    expect(r.map((x) => [x.transaction, x.bet_amount, x.win_amount, x.multiplier])).toEqual([
      ['t2', 500, 0, 0],
      ['t1', 1000, 2500, 2.5],
    ]);
    expect(r[0]!.user).toBe('Fern***');
  });
  it('shows the rounds the server had on arrival, behind live ones, each once, at most 5 events', () => {
    // The server's list, newest first: t3 won, t2 lost, t1 won.
    const recent = [
      ev('win', 't3', 900),
      ev('bet', 't3', 300),
      ev('bet', 't2', 200),
      ev('win', 't1', 50),
      ev('bet', 't1', 10),
    ];
    expect(matchResults(seedRecent([], recent)).map((x) => [x.transaction, x.multiplier])).toEqual([
      ['t3', 3],
      ['t2', 0],
      ['t1', 5],
    ]);
    // A live bet arrived before the list, and the list also carries it: it stays first, once; t1's win, whose bet
    // no longer fits, is left out rather than shown without its stake.
    const live = pushEvent([], ev('bet', 't4', 100));
    const seeded = seedRecent(live, [ev('bet', 't4', 100), ...recent]);
    expect(seeded.map((e) => `${e.type}:${e.transaction}`)).toEqual(['bet:t4', 'win:t3', 'bet:t3', 'bet:t2']);
  });
  it('drops an event delivered twice (at-least-once delivery) so it never shows twice', () => {
    let raw = pushEvent([], ev('bet', 't1', 1000));
    raw = pushEvent(raw, ev('win', 't1', 3000));
    raw = pushEvent(raw, ev('bet', 't1', 1000));
    raw = pushEvent(raw, ev('win', 't1', 3000));
    expect(raw).toHaveLength(2);
    expect(matchResults(raw)).toHaveLength(1);
    expect(matchResults(raw)[0]!.multiplier).toBe(3);
  });
  it('keeps only the latest 5 raw events', () => {
    let raw: ReturnType<typeof pushEvent> = [];
    for (let i = 0; i < 8; i++) raw = pushEvent(raw, ev('bet', `t${i}`, 100));
    expect(raw.map((e) => e.transaction)).toEqual(['t7', 't6', 't5', 't4', 't3']);
  });
  it('masks after 3 or 4 characters', () => {
    expect(maskName('Ana')).toBe('Ana***');
    expect(maskName('Gabriel')).toBe('Gabr***');
    expect(maskName('Gabr***')).toBe('Gabr***');
  });
  it('generates amounts in the spec ranges', () => {
    let small = 0;
    for (let i = 0; i < 500; i++) {
      const [bet] = fakeBet();
      expect(bet!.amount).toBeGreaterThanOrEqual(40);
      expect(bet!.amount).toBeLessThanOrEqual(5_000_000);
      if (bet!.amount <= 15_000) small++;
    }
    expect(small / 500).toBeGreaterThan(0.5);
    expect(small / 500).toBeLessThan(0.7);
  });
});

describe('chat day labels', () => {
  const o = { timeZone: 'America/Sao_Paulo', now: new Date('2026-11-23T15:00:00Z'), today: 'Hoje', yesterday: 'Ontem' };
  it('says Hoje, Ontem, else DD/MM/YYYY in the tenant time zone', () => {
    expect(dayLabel('2026-11-23T04:00:00Z', o)).toBe('Hoje');
    expect(dayLabel('2026-11-23T02:00:00Z', o)).toBe('Ontem'); // 23:00 on the 22nd in São Paulo
    expect(dayLabel('2026-11-20T12:00:00Z', o)).toBe('20/11/2026');
  });
});
