import { BOX_TICKETS } from '@sorte/contracts';
import type { Locale } from '../../../shared/lib/locale';
import { formatMoney, formatMultiplier, formatPercent } from '../../../shared/lib/numbers';

/**
 * A prize's chance as published: its ticket count out of 100,000, in percent with every decimal it has (at most
 * three: one ticket is 0,001%), so the page shows exactly the odds the draw uses and never rounds a rare prize to 0.
 */
export function formatChance(tickets: { from: number; to: number }, locale?: Locale): string {
  const count = tickets.to - tickets.from + 1;
  // count / 100000 as a percent is count / 1000: three decimals at most, computed on integers.
  const pct = count / (BOX_TICKETS / 100);
  return formatPercent(pct, { min: 2, max: 3 }, locale);
}

/** The box's RTP as "RTP 93,12%": the reply's fraction of 1, two decimals. */
export function formatBoxRtp(rtp: number, locale?: Locale): string {
  return formatPercent(Math.round(rtp * 10_000) / 100, { min: 2, max: 2 }, locale);
}

export const formatTimes = (m: number, locale?: Locale): string => formatMultiplier(m, { min: 2 }, locale);

/** Money where space is short (a top-prize chip): whole reais without the ",00" ("R$ 10.000"), else as usual. */
export function formatMoneyShort(centavos: number, locale?: Locale): string {
  if (centavos % 100 !== 0) return formatMoney(centavos, locale);
  return formatMoney(centavos, locale).replace(/[.,]00(?=\D*$)/, '');
}
