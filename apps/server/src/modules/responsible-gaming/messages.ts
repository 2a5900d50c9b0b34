import type { LimitKind, LimitPeriod, Locale } from '@sorte/contracts';
import type { Localized } from '../../platform/errors';

/** The module's player-facing texts, pt-BR and en; amounts and times as the player reads them. */

const brl = (centavos: number, locale: Locale) =>
  new Intl.NumberFormat(locale === 'en' ? 'en-US' : 'pt-BR', { style: 'currency', currency: 'BRL' })
    .format(centavos / 100)
    .replace(/\u00a0/g, ' ');

export function when(d: Date, timeZone: string, locale: Locale): string {
  const f = new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'pt-BR', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
  const parts = Object.fromEntries(f.formatToParts(d).map((p) => [p.type, p.value]));
  const date = `${parts.day}/${parts.month}/${parts.year}`;
  const time = `${parts.hour}:${parts.minute}`;
  return locale === 'en' ? `${date} at ${time}` : `${date} às ${time}`;
}

const PERIOD: Record<LimitPeriod, Localized & object> = {
  day: { pt: 'a cada 24 horas', en: 'per 24 hours' },
  week: { pt: 'a cada 7 dias', en: 'per 7 days' },
  month: { pt: 'a cada 30 dias', en: 'per 30 days' },
};

const KIND: Record<LimitKind, { pt: string; en: string }> = {
  deposit: { pt: 'depósito', en: 'deposit' },
  loss: { pt: 'perdas', en: 'loss' },
  wager: { pt: 'apostas', en: 'wager' },
  time: { pt: 'tempo de jogo', en: 'play time' },
};

const amountOf = (kind: LimitKind, amount: number, locale: Locale) =>
  kind === 'time' ? (locale === 'en' ? `${amount} minutes` : `${amount} minutos`) : brl(amount, locale);

/** A refusal by a limit: which limit, how much, and when room opens again. */
export function limitRefusal(
  o: { kind: LimitKind; period: LimitPeriod; amount: number; resetsAt: Date | null },
  timeZone: string,
): { pt: string; en: string } {
  const lead = {
    deposit: {
      pt: 'Este depósito passaria do seu limite de depósito',
      en: 'This deposit would go over your deposit limit',
    },
    loss: { pt: 'Esta aposta poderia passar do seu limite de perdas', en: 'This bet could go over your loss limit' },
    wager: { pt: 'Esta aposta passaria do seu limite de apostas', en: 'This bet would go over your wager limit' },
    time: { pt: 'Você atingiu seu limite de tempo de jogo', en: 'You have reached your play time limit' },
  }[o.kind];
  const of = (l: Locale) => `${l === 'en' ? 'of' : 'de'} ${amountOf(o.kind, o.amount, l)} ${PERIOD[o.period][l]}`;
  const reset = (l: Locale) =>
    o.resetsAt
      ? l === 'en'
        ? ` It resets on ${when(o.resetsAt, timeZone, l)}.`
        : ` Ele se renova em ${when(o.resetsAt, timeZone, l)}.`
      : '';
  return { pt: `${lead.pt} ${of('pt')}.${reset('pt')}`, en: `${lead.en} ${of('en')}.${reset('en')}` };
}

export function blockRefusal(
  reason: 'pause' | 'self_exclusion' | 'national_list' | 'closed',
  until: Date | null,
  timeZone: string,
): { pt: string; en: string } {
  const till = (l: Locale) =>
    until ? (l === 'en' ? ` until ${when(until, timeZone, l)}` : ` até ${when(until, timeZone, l)}`) : '';
  switch (reason) {
    case 'pause':
      return {
        pt: `Sua conta está em pausa${till('pt')}: apostas e depósitos estão bloqueados. Saques continuam disponíveis.`,
        en: `Your account is on a break${till('en')}: bets and deposits are blocked. Withdrawals remain available.`,
      };
    case 'self_exclusion':
      return {
        pt: `Sua conta está autoexcluída${till('pt')}: apostas e depósitos estão bloqueados. Você pode sacar seu saldo.`,
        en: `Your account is self-excluded${till('en')}: bets and deposits are blocked. You may withdraw your balance.`,
      };
    case 'national_list':
      return {
        pt: 'Seu CPF consta na plataforma nacional de autoexclusão: apostas e depósitos estão bloqueados. Você pode sacar seu saldo.',
        en: 'Your CPF is on the national self-exclusion platform: bets and deposits are blocked. You may withdraw your balance.',
      };
    default:
      return {
        pt: 'Sua conta foi encerrada: apostas e depósitos estão bloqueados. Você pode sacar seu saldo.',
        en: 'Your account is closed: bets and deposits are blocked. You may withdraw your balance.',
      };
  }
}

export function limitsRequired(kinds: LimitKind[]): { pt: string; en: string } {
  const list = (l: Locale) => kinds.map((k) => KIND[k][l]).join(l === 'en' ? ' and ' : ' e ');
  return {
    pt: `Antes do primeiro depósito, defina seus limites de ${list('pt')}.`,
    en: `Before your first deposit, set your ${list('en')} limits.`,
  };
}

export const MSG = {
  timeTooLong: {
    pt: 'O limite de tempo não pode passar da duração do período.',
    en: 'The time limit cannot be longer than its period.',
  },
  nothingPending: {
    pt: 'Não há alteração pendente para este limite.',
    en: 'There is no pending change for this limit.',
  },
  confirmFrom: (at: Date, tz: string) => ({
    pt: `Você poderá confirmar esta alteração a partir de ${when(at, tz, 'pt')}.`,
    en: `You can confirm this change from ${when(at, tz, 'en')}.`,
  }),
  pauseShorter: (until: Date, tz: string) => ({
    pt: `Você já está em pausa até ${when(until, tz, 'pt')}. Uma pausa não pode ser encurtada.`,
    en: `You are already on a break until ${when(until, tz, 'en')}. A break cannot be shortened.`,
  }),
  alreadyExcluded: {
    pt: 'Sua conta já está autoexcluída por mais tempo.',
    en: 'Your account is already self-excluded for longer.',
  },
  alreadyClosed: { pt: 'Sua conta já está encerrada.', en: 'Your account is already closed.' },
  registrationListed: {
    pt: 'Não é possível criar a conta: este CPF consta na plataforma nacional de autoexclusão de apostas.',
    en: 'The account cannot be created: this CPF is on the national betting self-exclusion platform.',
  },
  loginClosed: {
    pt: 'Esta conta foi encerrada e não tem saldo a sacar.',
    en: 'This account is closed and has no balance to withdraw.',
  },
  loginNational: {
    pt: 'Seu CPF consta na plataforma nacional de autoexclusão e esta conta não tem saldo a sacar.',
    en: 'Your CPF is on the national self-exclusion platform and this account has no balance to withdraw.',
  },
  nationalNotice: (withdrawUntil: Date, closeAt: Date, tz: string) => ({
    pt: `Seu CPF consta na plataforma nacional de autoexclusão de apostas. Apostas e depósitos foram bloqueados e apostas em aberto foram devolvidas. Você pode sacar seu saldo até ${when(withdrawUntil, tz, 'pt')}; depois disso o valor será devolvido a uma conta no seu CPF. A conta será encerrada em ${when(closeAt, tz, 'pt')}.`,
    en: `Your CPF is on the national betting self-exclusion platform. Bets and deposits were blocked and open bets refunded. You may withdraw your balance until ${when(withdrawUntil, tz, 'en')}; after that it will be returned to an account in your CPF. The account will be closed on ${when(closeAt, tz, 'en')}.`,
  }),
  nationalTitle: { pt: 'Autoexclusão nacional', en: 'National self-exclusion' },
  sessionEnded: {
    limit_time: {
      pt: 'Você atingiu seu limite de tempo de jogo. Sua sessão foi encerrada.',
      en: 'You reached your play time limit. Your session was ended.',
    },
    idle: {
      pt: 'Sua sessão foi encerrada após 30 minutos sem atividade.',
      en: 'Your session was ended after 30 minutes without activity.',
    },
  },
};
