import { describe, expect, it } from 'vitest';
import { formatOdds, potentialWin, totalOdds } from './odds';
import {
  acceptChanges,
  applyEventStop,
  applyMarket,
  betsToPlace,
  EMPTY_SLIP,
  parseSlip,
  type SlipSelection,
  slipBlock,
  slipTotals,
  toggleSelection,
  withoutPlaced,
} from './slip';

const pick = (outcomeId: number, o: Partial<SlipSelection> = {}): SlipSelection => ({
  outcomeId,
  eventId: 1,
  marketId: 10,
  eventName: 'Flamengo x Palmeiras',
  marketName: 'Resultado final',
  outcomeName: 'Flamengo',
  odds: 20_000,
  current: 20_000,
  version: 1,
  suspended: false,
  live: false,
  ...o,
});

describe('bet slip', () => {
  it('adds a pick, takes it off on a second tap, and replaces another outcome of the same market', () => {
    let s = toggleSelection(EMPTY_SLIP, pick(1), 1_000);
    expect(s.selections.map((x) => x.outcomeId)).toEqual([1]);
    expect(s.stakes['1']).toBe(1_000);
    s = toggleSelection(s, pick(2, { outcomeName: 'Empate' }), 1_000);
    expect(s.selections.map((x) => x.outcomeId)).toEqual([2]);
    expect(s.stakes).toEqual({ '2': 1_000 });
    s = toggleSelection(s, pick(2));
    expect(s.selections).toEqual([]);
  });

  it('becomes an accumulator with the second pick and a single again with one', () => {
    let s = toggleSelection(EMPTY_SLIP, pick(1));
    s = toggleSelection(s, pick(5, { eventId: 2, marketId: 20 }));
    expect(s.mode).toBe('multi');
    s = toggleSelection(s, pick(5, { eventId: 2, marketId: 20 }));
    expect(s.mode).toBe('single');
  });

  it('refuses an accumulator with two legs of one event, but places them as singles', () => {
    let s = toggleSelection(EMPTY_SLIP, pick(1), 500);
    s = toggleSelection(s, pick(7, { marketId: 11 }), 500);
    s = { ...s, multiStake: 500 };
    expect(slipBlock(s)).toBe('conflict');
    expect(slipBlock({ ...s, mode: 'single' })).toBeNull();
    expect(betsToPlace({ ...s, mode: 'single' })).toHaveLength(2);
  });

  it('applies a price push by outcome id and market version, never an older one', () => {
    const s = toggleSelection(EMPTY_SLIP, pick(1), 500);
    const moved = applyMarket(
      s,
      {
        id: 10,
        status: 'active',
        version: 3,
        outcomes: [
          { id: 2, odds: 33_000, active: true },
          { id: 1, odds: 18_000, active: true },
        ],
      },
      'none',
    );
    expect(moved.selections[0]).toMatchObject({ odds: 20_000, current: 18_000, version: 3 });
    expect(slipBlock(moved)).toBe('changed');
    const stale = applyMarket(
      moved,
      { id: 10, status: 'active', version: 2, outcomes: [{ id: 1, odds: 25_000, active: true }] },
      'none',
    );
    expect(stale).toBe(moved);
    const ok = acceptChanges(moved);
    expect(ok.selections[0]?.odds).toBe(18_000);
    expect(slipBlock(ok)).toBeNull();
  });

  it('takes a higher price by itself under "higher", any price under "any", and asks for a lower one', () => {
    const s = toggleSelection(EMPTY_SLIP, pick(1), 500);
    const push = (odds: number) => ({
      id: 10,
      status: 'active',
      version: 2,
      outcomes: [{ id: 1, odds, active: true }],
    });
    expect(applyMarket(s, push(21_000), 'higher').selections[0]?.odds).toBe(21_000);
    expect(applyMarket(s, push(19_000), 'higher').selections[0]?.odds).toBe(20_000);
    expect(applyMarket(s, push(19_000), 'any').selections[0]?.odds).toBe(19_000);
  });

  it('blocks placing while a market is suspended or the event is on a bet stop', () => {
    const s = toggleSelection(EMPTY_SLIP, pick(1), 500);
    const off = applyMarket(s, { id: 10, status: 'suspended', version: 2, outcomes: [] }, 'any');
    expect(slipBlock(off)).toBe('suspended');
    expect(slipBlock(applyEventStop(s, 1, true))).toBe('suspended');
    expect(applyEventStop(s, 1, false)).toBe(s);
  });

  it('asks for a stake before placing', () => {
    const s = toggleSelection(EMPTY_SLIP, pick(1));
    expect(slipBlock(s)).toBe('stake');
    expect(slipBlock(EMPTY_SLIP)).toBe('empty');
  });

  it('totals: an accumulator multiplies the legs (rounded down) and a single pays stake x odds', () => {
    let s = toggleSelection(EMPTY_SLIP, pick(1, { odds: 16_500, current: 16_500 }));
    s = toggleSelection(s, pick(2, { eventId: 2, marketId: 20, odds: 21_000, current: 21_000 }));
    s = toggleSelection(s, pick(3, { eventId: 3, marketId: 30, odds: 18_700, current: 18_700 }));
    s = { ...s, multiStake: 1_000 };
    // 1.65 x 2.10 x 1.87 = 6.47955
    expect(slipTotals(s)).toEqual({ stake: 1_000, win: 6_479, odds: 64_795 });
    const singles = { ...s, mode: 'single' as const, stakes: { '1': 1_000, '2': 0, '3': 200 } };
    expect(slipTotals(singles).stake).toBe(1_200);
    expect(slipTotals(singles).win).toBe(1_650 + 374);
    expect(withoutPlaced(singles, ['1']).selections.map((x) => x.outcomeId)).toEqual([2, 3]);
    expect(withoutPlaced(s, ['multi'])).toEqual(EMPTY_SLIP);
  });

  it('reads back a stored slip and drops anything malformed', () => {
    const s = toggleSelection(EMPTY_SLIP, pick(1), 700);
    expect(parseSlip(JSON.stringify(s))).toEqual(s);
    expect(parseSlip('{bad')).toEqual(EMPTY_SLIP);
    expect(parseSlip(JSON.stringify({ selections: [{ outcomeId: 'x' }], mode: 'multi' }))).toEqual(EMPTY_SLIP);
  });
});

describe('odds display', () => {
  it('shows decimal (comma in Portuguese), fractional and american prices', () => {
    expect(formatOdds(16_500, 'decimal', 'pt')).toBe('1,65');
    expect(formatOdds(16_500, 'decimal', 'en')).toBe('1.65');
    expect(formatOdds(16_500, 'fractional')).toBe('13/20');
    expect(formatOdds(30_000, 'fractional')).toBe('2/1');
    expect(formatOdds(25_000, 'american')).toBe('+150');
    expect(formatOdds(15_000, 'american')).toBe('-200');
    expect(formatOdds(null)).toBe('–');
  });

  it('multiplies prices exactly', () => {
    expect(totalOdds([16_500, 21_000])).toBe(34_650);
    expect(potentialWin(1_000, [16_500, 21_000])).toBe(3_465);
    expect(potentialWin(0, [16_500])).toBe(0);
  });
});
