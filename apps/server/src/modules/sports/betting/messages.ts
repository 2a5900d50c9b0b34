import type { Locale } from '@sorte/contracts';

/** The bet slip's and my bets' player-facing texts, pt-BR and en. */

export type Text = { pt: string; en: string };

export const brl = (centavos: number, locale: Locale = 'pt') =>
  new Intl.NumberFormat(locale === 'en' ? 'en-US' : 'pt-BR', { style: 'currency', currency: 'BRL' })
    .format(centavos / 100)
    .replace(/\u00a0/g, ' ');

const odds = (x10k: number, locale: Locale) =>
  new Intl.NumberFormat(locale === 'en' ? 'en-US' : 'pt-BR', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(Math.floor(x10k / 100) / 100);

const both = (f: (l: Locale) => string): Text => ({ pt: f('pt'), en: f('en') });

export const MSG = {
  keyReused: {
    pt: 'Esta Idempotency-Key já foi usada com outra aposta.',
    en: 'This Idempotency-Key was already used for another bet.',
  },
  betNotFound: { pt: 'Aposta não encontrada.', en: 'Bet not found.' },
  outcomeNotFound: {
    pt: 'Esta seleção não existe ou não está mais disponível.',
    en: 'This selection does not exist or is no longer available.',
  },
  sameEvent: {
    pt: 'Uma múltipla não pode ter duas seleções do mesmo jogo.',
    en: 'An accumulator cannot have two selections from the same match.',
  },
  suspended: {
    pt: 'Mercado suspenso no momento. Tente de novo em instantes.',
    en: 'This market is suspended right now. Try again in a moment.',
  },
  betStop: {
    pt: 'Apostas paradas neste jogo por um lance perigoso. Tente de novo em instantes.',
    en: 'Betting is paused on this match for a dangerous moment. Try again in a moment.',
  },
  feedDown: {
    pt: 'As cotações ao vivo deste jogo estão paradas. Tente de novo em instantes.',
    en: 'Live prices for this match are paused. Try again in a moment.',
  },
  started: {
    pt: 'Este jogo já começou: a cotação pré-jogo não vale mais.',
    en: 'This match has started: the pre-match price no longer stands.',
  },
  closed: { pt: 'Este jogo não aceita mais apostas.', en: 'This match no longer takes bets.' },
  oddsChanged: (current: number): Text =>
    both((l) =>
      l === 'pt'
        ? `A cotação mudou para ${odds(current, l)}. Confira e aposte de novo.`
        : `The odds changed to ${odds(current, l)}. Check and place the bet again.`,
    ),
  minStake: (min: number): Text =>
    both((l) => (l === 'pt' ? `A aposta mínima é ${brl(min, l)}.` : `The minimum stake is ${brl(min, l)}.`)),
  maxStake: (max: number): Text =>
    both((l) => (l === 'pt' ? `A aposta máxima é ${brl(max, l)}.` : `The maximum stake is ${brl(max, l)}.`)),
  maxPayout: (max: number, stake: number): Text =>
    both((l) =>
      l === 'pt'
        ? `O ganho máximo por aposta é ${brl(max, l)}: aposte até ${brl(stake, l)} com estas cotações.`
        : `The maximum win per bet is ${brl(max, l)}: stake up to ${brl(stake, l)} at these odds.`,
    ),
  oddsTooLong: (max: number): Text =>
    both((l) =>
      l === 'pt'
        ? `Cotação alta demais: com a aposta mínima o ganho passaria do máximo de ${brl(max, l)}. Tire seleções do bilhete.`
        : `The odds are too long: even the minimum stake would win more than the maximum of ${brl(max, l)}. Remove selections.`,
    ),
  liability: {
    pt: 'Limite de apostas deste mercado atingido. Tente um valor menor ou outro mercado.',
    en: 'This market has reached its betting limit. Try a smaller stake or another market.',
  },
  // Why a live bet was not accepted after its delay (stored as the code, shown in the player's language).
  rejected: {
    odds_changed: {
      pt: 'Aposta recusada: a cotação mudou durante a confirmação. O valor voltou para o seu saldo.',
      en: 'Bet rejected: the odds changed while it was being confirmed. The stake is back in your balance.',
    },
    suspended: {
      pt: 'Aposta recusada: o mercado foi suspenso durante a confirmação. O valor voltou para o seu saldo.',
      en: 'Bet rejected: the market was suspended while it was being confirmed. The stake is back in your balance.',
    },
    bet_stop: {
      pt: 'Aposta recusada: lance perigoso durante a confirmação. O valor voltou para o seu saldo.',
      en: 'Bet rejected: a dangerous moment happened while it was being confirmed. The stake is back in your balance.',
    },
    feed_down: {
      pt: 'Aposta recusada: as cotações ao vivo pararam durante a confirmação. O valor voltou para o seu saldo.',
      en: 'Bet rejected: live prices paused while it was being confirmed. The stake is back in your balance.',
    },
    closed: {
      pt: 'Aposta recusada: o jogo não aceita mais apostas. O valor voltou para o seu saldo.',
      en: 'Bet rejected: the match no longer takes bets. The stake is back in your balance.',
    },
    limit: {
      pt: 'Aposta recusada: limite do mercado atingido. O valor voltou para o seu saldo.',
      en: 'Bet rejected: the market reached its limit. The stake is back in your balance.',
    },
  },
  cashoutUnavailable: {
    pt: 'Encerrar aposta não está disponível agora. Tente de novo em instantes.',
    en: 'Cash out is not available right now. Try again in a moment.',
  },
  cashoutNotOpen: {
    pt: 'Só é possível encerrar uma aposta em aberto.',
    en: 'Only an open bet can be cashed out.',
  },
  quoteNotFound: { pt: 'Oferta de encerramento não encontrada.', en: 'Cash-out offer not found.' },
  quoteExpired: {
    pt: 'A oferta de encerramento expirou. Peça uma nova.',
    en: 'The cash-out offer has expired. Ask for a new one.',
  },
  quoteUsed: { pt: 'Esta oferta de encerramento já foi usada.', en: 'This cash-out offer was already used.' },
  quoteMoved: {
    pt: 'As cotações mudaram e a oferta não vale mais. Peça uma nova.',
    en: 'The odds moved and the offer no longer stands. Ask for a new one.',
  },
  cashoutTooSmall: {
    pt: 'O valor a encerrar é pequeno demais. Escolha uma porcentagem maior.',
    en: 'The amount to cash out is too small. Choose a larger percentage.',
  },
  cashoutKeyReused: {
    pt: 'Esta Idempotency-Key já foi usada com outro encerramento.',
    en: 'This Idempotency-Key was already used for another cash-out.',
  },
} as const;

export type RejectReason = keyof typeof MSG.rejected;
