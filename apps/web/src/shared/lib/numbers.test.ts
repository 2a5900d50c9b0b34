import { describe, expect, it } from 'vitest';
import {
  formatAmountField,
  formatMoney,
  formatMultiplier,
  formatNumber,
  formatPercent,
  formatRtp,
  parseAmount,
  parseDecimal,
} from './numbers';

// Intl writes a no-break space between "R$" and the amount in Portuguese.
const plain = (s: string) => s.replace(/\u00a0/g, ' ');

describe('numbers follow the page language', () => {
  it('writes decimal commas on Portuguese pages and points on English ones', () => {
    expect(formatNumber(53.54, { min: 2 }, 'pt')).toBe('53,54');
    expect(formatNumber(53.54, { min: 2 }, 'en')).toBe('53.54');
    expect(formatNumber(6.5, {}, 'pt')).toBe('6,5');
    expect(formatNumber(1000, {}, 'pt')).toBe('1.000');
    expect(formatNumber(1000, {}, 'en')).toBe('1,000');
  });

  it('writes multipliers, percentages and the RTP the same way everywhere', () => {
    expect(formatMultiplier(2, {}, 'pt')).toBe('2,00x');
    expect(formatMultiplier(2, {}, 'en')).toBe('2.00x');
    expect(formatMultiplier(3.5, { min: 0, max: 4 }, 'en')).toBe('3.5x');
    expect(formatMultiplier(1.0102, { max: 4 }, 'pt')).toBe('1,0102x');
    expect(formatPercent(49.5, { min: 0, max: 2 }, 'pt')).toBe('49,5%');
    expect(formatRtp(98.98, 'pt')).toBe('98,98%');
    expect(formatRtp(98.98, 'en')).toBe('98.98%');
    expect(formatRtp(99, 'pt')).toBe('99,00%');
  });

  it('writes money in the page language, from integer centavos', () => {
    expect(plain(formatMoney(123_456, 'pt'))).toBe('R$ 1.234,56');
    expect(formatMoney(123_456, 'en')).toBe('R$1,234.56');
    expect(formatAmountField(5_000, 'pt')).toBe('50,00');
    expect(formatAmountField(123_456, 'en')).toBe('1234.56');
  });

  it('reads amounts typed the way the page writes them', () => {
    expect(parseAmount('1.234,56', 'pt')).toBe(123_456);
    expect(parseAmount('R$ 50,5', 'pt')).toBe(5_050);
    expect(parseAmount('50', 'pt')).toBe(5_000);
    expect(parseAmount('1,234.56', 'en')).toBe(123_456);
    expect(parseAmount('50.5', 'en')).toBe(5_050);
    // A phone keyboard's other separator, alone, is the decimal one.
    expect(parseAmount('10.5', 'pt')).toBe(1_050);
    expect(parseAmount('10,50', 'en')).toBe(1_050);
    for (const bad of ['', 'abc', '1,2,3', '-5', '10,555']) expect(parseAmount(bad, 'pt')).toBeNull();
  });

  it('reads decimals typed in either language', () => {
    expect(parseDecimal('2,50', 'pt')).toBe(2.5);
    expect(parseDecimal('2.50', 'en')).toBe(2.5);
    expect(parseDecimal('1.000.000', 'pt')).toBe(1_000_000);
    expect(parseDecimal('1,000,000', 'en')).toBe(1_000_000);
    expect(parseDecimal('2.5', 'pt')).toBe(2.5);
    expect(parseDecimal('1.000,5', 'pt')).toBe(1000.5);
    for (const bad of ['', 'x', '2,5,0', '1.00.0', '-1']) expect(parseDecimal(bad, 'pt')).toBeNull();
  });
});
