import type { Locale } from '@sorte/contracts';

/** The promotions module's player-facing texts, pt-BR and en. */

export type Text = { pt: string; en: string };

export const brl = (centavos: number, locale: Locale = 'pt') =>
  new Intl.NumberFormat(locale === 'en' ? 'en-US' : 'pt-BR', { style: 'currency', currency: 'BRL' })
    .format(centavos / 100)
    .replace(/\u00a0/g, ' ');

export const MSG = {
  couponUnknown: { pt: 'Cupom não encontrado.', en: 'Coupon not found.' },
  couponExpired: {
    pt: 'Este cupom expirou ou ainda não está valendo.',
    en: 'This coupon has expired or is not valid yet.',
  },
  couponUsedUp: { pt: 'Este cupom já atingiu o limite de usos.', en: 'This coupon has reached its usage limit.' },
  couponAlreadyUsed: { pt: 'Você já usou este cupom.', en: 'You have already used this coupon.' },
  couponNewPlayers: {
    pt: 'Este cupom é só para novos jogadores (antes do primeiro depósito).',
    en: 'This coupon is for new players only (before the first deposit).',
  },
  couponOfferTaken: { pt: 'Você já recebeu esta oferta.', en: 'You have already received this offer.' },
  couponCpfTaken: {
    pt: 'Esta oferta já foi usada por uma conta com o seu CPF.',
    en: 'This offer has already been used by an account with your CPF.',
  },
  couponBudget: { pt: 'Esta oferta esgotou.', en: 'This offer has run out.' },
  couponNeedsDeposit: {
    pt: 'Este cupom vale para um depósito: informe-o ao gerar o PIX.',
    en: 'This coupon applies to a deposit: enter it when you create the PIX charge.',
  },
  couponNoDeposit: {
    pt: 'Este cupom não é de depósito: resgate-o na página de bônus.',
    en: 'This coupon is not for a deposit: redeem it on the bonus page.',
  },
  offerUnknown: { pt: 'Esta oferta não existe.', en: 'This offer does not exist.' },
  minDeposit: (min: number): Text => ({
    pt: `Este cupom exige um depósito de pelo menos ${brl(min, 'pt')}.`,
    en: `This coupon needs a deposit of at least ${brl(min, 'en')}.`,
  }),
  regulated: {
    pt: 'Este site segue as regras de apostas reguladas do Brasil: não concedemos bônus de depósito, bônus sem depósito nem giros grátis antes de uma aposta (Lei 14.790/2023, art. 29).',
    en: 'This site follows Brazil’s regulated betting rules: no deposit bonus, no-deposit bonus or free spins is given before a bet (Law 14,790/2023, art. 29).',
  },
  bonusActive: {
    pt: 'Você tem um bônus ativo. Se sacar agora, o bônus e o saldo de bônus serão perdidos. Confirme para perder o bônus e sacar.',
    en: 'You have an active bonus. If you withdraw now, the bonus and its balance will be lost. Confirm to forfeit the bonus and withdraw.',
  },
  redeemed: { pt: 'Bônus resgatado!', en: 'Bonus redeemed!' },
  redeemedQueued: {
    pt: 'Bônus resgatado! Ele começa quando o bônus ativo terminar.',
    en: 'Bonus redeemed! It starts when your active bonus ends.',
  },
  redeemedSpins: (n: number, game: string): Text => ({
    pt: `${n} giros grátis liberados em ${game}!`,
    en: `${n} free spins unlocked on ${game}!`,
  }),
  redeemedAgain: { pt: 'Este cupom já foi resgatado por você.', en: 'You have already redeemed this coupon.' },
} satisfies Record<string, Text | ((n: number) => Text) | ((n: number, game: string) => Text)>;
