import type { Locale } from '@sorte/contracts';
import type { DefinitionRow } from './repo';

/** The missions module's player-facing texts, pt-BR and en. */

export type Text = { pt: string; en: string };

export const brl = (centavos: number, locale: Locale = 'pt') =>
  new Intl.NumberFormat(locale === 'en' ? 'en-US' : 'pt-BR', { style: 'currency', currency: 'BRL' })
    .format(centavos / 100)
    .replace(/\u00a0/g, ' ');

const times = (hundredths: number, locale: Locale) =>
  `${new Intl.NumberFormat(locale === 'en' ? 'en-US' : 'pt-BR', { maximumFractionDigits: 2 }).format(hundredths / 100)}x`;

export const MSG = {
  notFound: { pt: 'Missão não encontrada.', en: 'Mission not found.' },
  notCompleted: {
    pt: 'Complete a missão antes de resgatar a recompensa.',
    en: 'Complete the mission before claiming its reward.',
  },
  expired: { pt: 'Esta missão já terminou.', en: 'This mission has ended.' },
  alreadyClaimed: { pt: 'Você já resgatou a recompensa desta missão.', en: 'You have already claimed this reward.' },
  notForYou: { pt: 'Esta missão não está disponível para você.', en: 'This mission is not available to you.' },
  notOptIn: {
    pt: 'Esta missão é automática: ela já conta sem precisar aceitar.',
    en: 'This mission is automatic: it counts without accepting it.',
  },
  accepted: { pt: 'Missão aceita! Boa sorte.', en: 'Mission accepted! Good luck.' },
  claimedCash: (c: number): Text => ({
    pt: `Recompensa de ${brl(c, 'pt')} creditada no seu saldo.`,
    en: `Reward of ${brl(c, 'en')} credited to your balance.`,
  }),
  claimedOffer: { pt: 'Bônus da missão concedido!', en: 'Mission bonus granted!' },
  claimedBox: {
    pt: 'Sua caixa está em Minhas caixas. Abra quando quiser!',
    en: 'Your box is in My boxes. Open it whenever you like!',
  },
  regulatedDeposit: {
    pt: 'Este site segue as regras de apostas reguladas do Brasil: não há recompensa condicionada a depósito (Lei 14.790/2023, art. 29).',
    en: 'This site follows Brazil’s regulated betting rules: no reward may depend on a deposit (Law 14,790/2023, art. 29).',
  },
} as const;

type Labels = { games: Map<string, string>; categories: Map<string, Text> };

/** The goal in plain words ("Jogue 10 rodadas no Dice hoje"). */
export function describe(d: DefinitionRow, labels: Labels): Text {
  const game = d.game_code ? (labels.games.get(d.game_code) ?? d.game_code) : null;
  const cat = d.category ? (labels.categories.get(d.category) ?? { pt: d.category, en: d.category }) : null;
  const where = (l: Locale) =>
    game
      ? l === 'pt'
        ? ` no ${game}`
        : ` on ${game}`
      : cat
        ? l === 'pt'
          ? ` em ${cat.pt.toLowerCase()}`
          : ` on ${cat.en.toLowerCase()}`
        : '';
  const when = (l: Locale) =>
    d.time_window === 'daily'
      ? l === 'pt'
        ? ' hoje'
        : ' today'
      : d.time_window === 'weekly'
        ? l === 'pt'
          ? ' esta semana'
          : ' this week'
        : '';
  const one = (l: Locale): string => {
    switch (d.goal) {
      case 'wager':
        return (l === 'pt' ? `Aposte ${brl(d.target, l)}` : `Wager ${brl(d.target, l)}`) + where(l) + when(l);
      case 'rounds':
        return (l === 'pt' ? `Jogue ${d.target} rodadas` : `Play ${d.target} rounds`) + where(l) + when(l);
      case 'multiplier':
        return (
          (l === 'pt'
            ? `Ganhe com multiplicador de ${times(d.target, l)} ou mais`
            : `Win at ${times(d.target, l)} or more`) +
          where(l) +
          when(l)
        );
      case 'deposit':
        return (l === 'pt' ? `Deposite ${brl(d.target, l)}` : `Deposit ${brl(d.target, l)}`) + when(l);
      case 'login_days':
        return l === 'pt' ? `Entre em ${d.target} dias diferentes` : `Log in on ${d.target} different days`;
    }
  };
  return { pt: one('pt'), en: one('en') };
}
