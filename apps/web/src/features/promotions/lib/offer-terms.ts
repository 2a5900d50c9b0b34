import type { Locale } from '../../../shared/lib/locale';
import { formatMoney, formatMultiplier, formatPercent } from '../../../shared/lib/numbers';

/** What an offer's rules are made of, in the units the server sends (centavos, percent, days). */
export type OfferRules = {
  kind: string;
  /** Deposit match: percent of the deposit given as bonus, and its cap in centavos. */
  percent: number | null;
  maxBonus: number | null;
  /** No-deposit: the amount credited, in centavos. */
  amount: number | null;
  /** Free spins: how many, the stake of each (centavos) and the game's name. */
  freeSpins: number | null;
  freeSpinsBet?: number | null;
  freeSpinsGame?: string | null;
  minDeposit: number | null;
  /** Wagering: times the base (the bonus, or the bonus plus the deposit). */
  wagering: number | null;
  wageringBase: 'bonus' | 'bonus_deposit' | 'winnings' | null;
  maxBet: number | null;
  days: number | null;
  maxConversion: number | null;
  /**
   * Percent each game category counts towards the wagering, by category name in the page's language. `byEdge`: the
   * server scales it by each game's house edge (Sorte Originals), so it is the most a stake there counts.
   */
  contributions: { category: string; percent: number; byEdge?: boolean }[];
};

type T = (key: string, params?: Record<string, string | number>) => string;

/** The offer's headline: "100% do depósito em bônus, até R$ 500,00" or "Bônus de R$ 20,00". */
export function offerHeadline(r: OfferRules, t: T, locale: Locale): string | null {
  if (r.kind === 'deposit_match' && r.percent !== null) {
    const percent = formatPercent(r.percent, { min: 0, max: 2 }, locale);
    return r.maxBonus !== null
      ? t('promo.offers.match', { percent, max: formatMoney(r.maxBonus, locale) })
      : t('promo.offers.matchNoCap', { percent });
  }
  if (r.kind === 'free_spins' && r.freeSpins !== null && r.freeSpins > 0)
    return r.freeSpinsGame
      ? t('promo.offers.spinsOn', { count: r.freeSpins, game: r.freeSpinsGame })
      : t('promo.offers.spins', { count: r.freeSpins });
  if (r.amount !== null && r.amount > 0) return t('promo.offers.amount', { amount: formatMoney(r.amount, locale) });
  return null;
}

/**
 * The rules in plain language, one line each, in the order a player asks them: how much to deposit, how many times
 * to bet it, the largest bet allowed meanwhile, the time to do it, what can become cash, and what each game counts.
 */
export function offerTerms(r: OfferRules, t: T, locale: Locale): string[] {
  const lines: string[] = [];
  if (r.kind === 'free_spins' && r.freeSpinsBet) {
    lines.push(t('promo.offers.spinBet', { amount: formatMoney(r.freeSpinsBet, locale) }));
    lines.push(t('promo.offers.spinWins'));
  }
  if (r.minDeposit !== null && r.minDeposit > 0)
    lines.push(t('promo.offers.minDeposit', { amount: formatMoney(r.minDeposit, locale) }));
  if (r.wagering !== null && r.wagering > 0)
    lines.push(
      t('promo.offers.wagering', {
        times: formatMultiplier(r.wagering, { min: 0, max: 2 }, locale).replace(/x$/, ''),
        base: t(`promo.offers.wageringBase.${r.wageringBase ?? 'bonus'}`),
      }),
    );
  if (r.maxBet !== null && r.maxBet > 0)
    lines.push(t('promo.offers.maxBet', { amount: formatMoney(r.maxBet, locale) }));
  if (r.days !== null && r.days > 0)
    lines.push(r.days === 1 ? t('promo.offers.oneDay') : t('promo.offers.days', { days: r.days }));
  if (r.maxConversion !== null && r.maxConversion > 0)
    lines.push(t('promo.offers.maxConversion', { amount: formatMoney(r.maxConversion, locale) }));
  if (r.contributions.length > 0) {
    const list = r.contributions
      .map((c) =>
        t(c.byEdge ? 'promo.offers.contributionByEdge' : 'promo.offers.contribution', {
          category: c.category,
          percent: formatPercent(c.percent, { min: 0, max: 1 }, locale),
        }),
      )
      .join(', ');
    lines.push(t('promo.offers.contributions', { list }));
  }
  return lines;
}
