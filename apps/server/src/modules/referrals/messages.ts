import type { Locale } from '@sorte/contracts';

/** The refer-a-friend module's texts, pt-BR and en. */

export type Text = { pt: string; en: string };

export const brl = (centavos: number, locale: Locale = 'pt') =>
  new Intl.NumberFormat(locale === 'en' ? 'en-US' : 'pt-BR', { style: 'currency', currency: 'BRL' })
    .format(centavos / 100)
    .replace(/\u00a0/g, ' ');

export const MSG = {
  qualified: (name: string, amount: number, days: number) => ({
    title: { pt: 'Seu amigo se qualificou!', en: 'Your friend qualified!' },
    description: {
      pt:
        days > 0
          ? `${name} cumpriu as condições da indicação. Você ganhou ${brl(amount, 'pt')}, que serão pagos após ${days} dia${days === 1 ? '' : 's'} de análise.`
          : `${name} cumpriu as condições da indicação. Você ganhou ${brl(amount, 'pt')}, que serão pagos em instantes.`,
      en:
        days > 0
          ? `${name} met the referral conditions. You earned ${brl(amount, 'en')}, paid after a ${days}-day review.`
          : `${name} met the referral conditions. You earned ${brl(amount, 'en')}, paid in a moment.`,
    },
  }),
  paid: (name: string, amount: number) => ({
    title: { pt: 'Indicação paga', en: 'Referral paid' },
    description: {
      pt: `${brl(amount, 'pt')} da indicação de ${name} foram creditados no seu saldo.`,
      en: `${brl(amount, 'en')} for referring ${name} was credited to your balance.`,
    },
  }),
  notFound: { pt: 'Indicação não encontrada.', en: 'Referral not found.' },
} as const;
