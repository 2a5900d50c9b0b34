import { describe, expect, it } from 'vitest';
import { translate } from '../../../shared/lib/i18n';
import '../locales/register';
import { type OfferRules, offerHeadline, offerTerms } from './offer-terms';

const pt = (key: string, params?: Record<string, string | number>) => translate('pt', key, params);
const en = (key: string, params?: Record<string, string | number>) => translate('en', key, params);
const plain = (s: string | null) => (s ?? '').replace(/\s/g, ' ');

const welcome: OfferRules = {
  kind: 'deposit_match',
  percent: 100,
  maxBonus: 50_000,
  amount: null,
  freeSpins: null,
  minDeposit: 2_000,
  wagering: 30,
  wageringBase: 'bonus',
  maxBet: 2_500,
  days: 7,
  maxConversion: 100_000,
  contributions: [
    { category: 'Slots', percent: 100 },
    { category: 'Mesa', percent: 10 },
    { category: 'Originals', percent: 100, byEdge: true },
  ],
};

describe('offer rules in plain language', () => {
  it('writes a deposit match in Portuguese with money and percent as a Brazilian reads them', () => {
    expect(plain(offerHeadline(welcome, pt, 'pt'))).toBe('100% do depósito em bônus, até R$ 500,00');
    expect(offerTerms(welcome, pt, 'pt').map(plain)).toEqual([
      'Depósito mínimo de R$ 20,00',
      'Aposte 30 vezes o valor do bônus para liberar',
      'Aposta máxima de R$ 25,00 enquanto o bônus estiver ativo',
      '7 dias para cumprir as apostas',
      'Máximo de R$ 1.000,00 convertido em saldo real',
      'Quanto cada aposta conta: Slots 100%, Mesa 10%, Originals até 100%, conforme a vantagem da casa do jogo',
    ]);
  });

  it('writes the same offer in English', () => {
    expect(plain(offerHeadline(welcome, en, 'en'))).toBe('100% of your deposit as bonus, up to R$500.00');
    expect(offerTerms({ ...welcome, wageringBase: 'bonus_deposit', days: 1 }, en, 'en').map(plain)).toContain(
      'Wager 30 times the bonus plus deposit to release it',
    );
    expect(offerTerms({ ...welcome, days: 1 }, en, 'en')).toContain('1 day to complete the wagering');
    expect(offerHeadline({ ...welcome, maxBonus: null }, en, 'en')).toBe('100% of your deposit as bonus');
  });

  it('leaves out what an offer does not have, and heads a no-deposit offer with its amount', () => {
    const free: OfferRules = {
      ...welcome,
      kind: 'no_deposit',
      percent: null,
      maxBonus: null,
      amount: 2_000,
      minDeposit: null,
      maxBet: null,
      maxConversion: null,
      contributions: [],
    };
    expect(plain(offerHeadline(free, pt, 'pt'))).toBe('Bônus de R$ 20,00');
    expect(offerHeadline({ ...free, kind: 'free_spins', amount: null, freeSpins: 50 }, pt, 'pt')).toBe(
      '50 giros grátis',
    );
    expect(offerTerms(free, pt, 'pt').map(plain)).toEqual([
      'Aposte 30 vezes o valor do bônus para liberar',
      '7 dias para cumprir as apostas',
    ]);
  });

  it('describes free spins: how many on which game, the stake of each, where the wins go, 20x the winnings', () => {
    const spins: OfferRules = {
      ...welcome,
      kind: 'free_spins',
      percent: null,
      maxBonus: null,
      freeSpins: 10,
      freeSpinsBet: 50,
      freeSpinsGame: 'Tigre da Fortuna',
      minDeposit: null,
      wagering: 20,
      wageringBase: 'winnings',
      maxBet: null,
      maxConversion: null,
      contributions: [],
    };
    expect(offerHeadline(spins, pt, 'pt')).toBe('10 giros grátis no Tigre da Fortuna');
    expect(offerTerms(spins, pt, 'pt').map(plain)).toEqual([
      'Cada giro vale R$ 0,50 e não custa nada para você',
      'O que os giros ganharem vai para o saldo de bônus',
      'Aposte 20 vezes o valor ganho nos giros para liberar',
      '7 dias para cumprir as apostas',
    ]);
    expect(offerHeadline(spins, en, 'en')).toBe('10 free spins on Tigre da Fortuna');
    expect(offerTerms(spins, en, 'en').map(plain)[2]).toBe('Wager 20 times the amount the spins won to release it');
  });

  it('writes a fractional wagering multiplier with the page language separator', () => {
    expect(offerTerms({ ...welcome, wagering: 2.5 }, pt, 'pt')[1]).toBe(
      'Aposte 2,5 vezes o valor do bônus para liberar',
    );
  });
});
