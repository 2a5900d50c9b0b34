import type { Localized } from '../../platform/errors';

const brl = (centavos: number, locale: 'pt' | 'en') =>
  new Intl.NumberFormat(locale === 'pt' ? 'pt-BR' : 'en-US', { style: 'currency', currency: 'BRL' }).format(
    centavos / 100,
  );

/** Every player-facing wallet message, pt-BR and en. */
export const WMSG = {
  required: { pt: 'Este campo é obrigatório.', en: 'This field is required.' },
  depositMin: (min: number): Localized => ({
    pt: `O valor mínimo de depósito é ${brl(min, 'pt')}.`,
    en: `The minimum deposit is ${brl(min, 'en')}.`,
  }),
  depositMax: (max: number): Localized => ({
    pt: `O valor máximo de depósito é ${brl(max, 'pt')}.`,
    en: `The maximum deposit is ${brl(max, 'en')}.`,
  }),
  withdrawMin: (min: number): Localized => ({
    pt: `O valor mínimo de saque é ${brl(min, 'pt')}.`,
    en: `The minimum withdrawal is ${brl(min, 'en')}.`,
  }),
  withdrawMax: (max: number): Localized => ({
    pt: `O valor máximo de saque é ${brl(max, 'pt')}.`,
    en: `The maximum withdrawal is ${brl(max, 'en')}.`,
  }),
  withdrawAvailable: (available: number): Localized => ({
    pt: `Saldo disponível para saque insuficiente (disponível: ${brl(available, 'pt')}).`,
    en: `Not enough balance available to withdraw (available: ${brl(available, 'en')}).`,
  }),
  tooManyCharges: {
    pt: 'Você já tem muitos PIX aguardando pagamento. Pague ou aguarde alguns minutos.',
    en: 'You already have too many PIX charges waiting for payment. Pay one or wait a few minutes.',
  },
  couponUnknown: { pt: 'Cupom não encontrado.', en: 'Coupon not found.' },
  pspUnavailable: {
    pt: 'Não foi possível gerar o PIX agora. Tente novamente em instantes.',
    en: 'The PIX could not be generated right now. Please try again shortly.',
  },
  chargeNotFound: { pt: 'Transação não encontrada.', en: 'Transaction not found.' },
  keyTypeInvalid: {
    pt: 'Tipo de chave inválido. Use CPF, e-mail, celular ou chave aleatória.',
    en: 'Invalid key type. Use CPF, e-mail, phone or random key.',
  },
  keyCpf: { pt: 'Chave CPF inválida.', en: 'Invalid CPF key.' },
  keyCpfNotOwn: {
    pt: 'A chave CPF precisa ser o seu próprio CPF.',
    en: 'The CPF key must be your own CPF.',
  },
  keyNoCpf: {
    pt: 'Cadastre seu CPF no perfil antes de usar uma chave CPF.',
    en: 'Add your CPF to your profile before using a CPF key.',
  },
  keyNoCpfLookup: {
    pt: 'Cadastre seu CPF no perfil antes de adicionar uma chave PIX: conferimos que a chave é sua pelo CPF.',
    en: 'Add your CPF to your profile before adding a PIX key: we check the key is yours by your CPF.',
  },
  keyNotFound: {
    pt: 'Esta chave PIX não foi encontrada. Confira a chave ou cadastre-a no seu banco.',
    en: 'This PIX key was not found. Check the key or register it at your bank.',
  },
  keyNotOwn: {
    pt: 'Esta chave PIX não está no seu CPF. Use uma chave PIX sua.',
    en: 'This PIX key is not registered to your CPF. Use a PIX key of your own.',
  },
  keyLookupUnavailable: {
    pt: 'Não foi possível conferir a chave PIX agora. Tente novamente em instantes.',
    en: 'The PIX key could not be checked right now. Please try again shortly.',
  },
  keyEmail: { pt: 'Chave e-mail inválida.', en: 'Invalid e-mail key.' },
  keyPhone: { pt: 'Chave celular inválida.', en: 'Invalid phone key.' },
  keyEvp: {
    pt: 'Chave aleatória inválida (formato 123e4567-e89b-12d3-a456-426614174000).',
    en: 'Invalid random key (format 123e4567-e89b-12d3-a456-426614174000).',
  },
  keyRegulated: {
    pt: 'Saques só podem ser feitos para uma chave PIX comprovadamente sua (do seu CPF).',
    en: 'Withdrawals can only go to a PIX key proven to be yours (registered to your CPF).',
  },
  keyDuplicate: { pt: 'Esta chave PIX já está cadastrada.', en: 'This PIX key is already registered.' },
  keyLimit: { pt: 'Você pode cadastrar no máximo 5 chaves PIX.', en: 'You can register at most 5 PIX keys.' },
  methodInvalid: { pt: 'Escolha uma chave PIX cadastrada.', en: 'Choose a registered PIX key.' },
  emailNotVerified: {
    pt: 'Verifique seu e-mail antes de sacar.',
    en: 'Verify your e-mail before withdrawing.',
  },
  phoneNotVerified: {
    pt: 'Verifique seu celular antes de sacar.',
    en: 'Verify your phone before withdrawing.',
  },
  withdrawalNotFound: { pt: 'Saque não encontrado.', en: 'Withdrawal not found.' },
  withdrawalNotCancellable: {
    pt: 'Este saque não pode mais ser cancelado.',
    en: 'This withdrawal can no longer be cancelled.',
  },
  sameApprover: {
    pt: 'Este saque precisa da aprovação de duas pessoas diferentes: a sua já foi registrada; outra pessoa deve aprovar.',
    en: 'This withdrawal needs the approval of two different people: yours is recorded; someone else must approve.',
  },
  depositNotFound: { pt: 'Depósito não encontrado.', en: 'Deposit not found.' },
  depositNotRefundable: {
    pt: 'Só um depósito pago pode ser devolvido.',
    en: 'Only a paid deposit can be refunded.',
  },
  refundBalance: (balance: number): Localized => ({
    pt: `O saldo do jogador (${brl(balance, 'pt')}) não cobre mais o valor do depósito: a devolução foi recusada.`,
    en: `The player's balance (${brl(balance, 'en')}) no longer covers the deposit: the refund was refused.`,
  }),
  refundPsp: {
    pt: 'O saldo já foi debitado, mas o PSP não respondeu à devolução: tente de novo (a devolução não será duplicada).',
    en: 'The balance was debited but the PSP did not answer the refund: try again (it will not be refunded twice).',
  },
  withdrawalNotUnderReview: {
    pt: 'Este saque não está mais em análise: outra decisão já foi tomada.',
    en: 'This withdrawal is no longer under review: a decision was already made.',
  },
} as const;
