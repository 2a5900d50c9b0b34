import type { Mission } from '@sorte/contracts';
import { formatMoney } from '../../../shared/lib/money';

const number = (n: number, locale: string) =>
  new Intl.NumberFormat(locale === 'en' ? 'en-US' : 'pt-BR', { maximumFractionDigits: 2 }).format(n);

/** A figure of a mission in its unit: money for wager and deposit, "5x" for a multiplier, a count otherwise. */
export function figure(m: Pick<Mission, 'goal'>, n: number, locale: string): string {
  if (m.goal === 'wager' || m.goal === 'deposit') return formatMoney(n, locale === 'en' ? 'en' : 'pt');
  if (m.goal === 'multiplier') return `${number(n, locale)}x`;
  return number(n, locale);
}

/** 0..100, the share of the target reached. */
export const percent = (m: Pick<Mission, 'progress' | 'target'>): number =>
  m.target > 0 ? Math.max(0, Math.min(100, Math.floor((m.progress * 100) / m.target))) : 0;

/** The missions a floating widget is shown for: what can still be done, accepted or claimed. */
export const hasWidget = (m: Pick<Mission, 'state'>): boolean =>
  m.state === 'active' || m.state === 'completed' || m.state === 'available';
