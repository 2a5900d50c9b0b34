import type { Locale } from '@sorte/contracts';

/** Server-side message catalogue. The web has its own; these are what the API puts in error bodies. */
const MESSAGES = {
  pt: {
    bad_request: 'Requisição inválida.',
    invalid_body: 'O corpo da requisição não é um JSON válido.',
    invalid_host: 'Cabeçalho Host ausente ou inválido.',
    invalid_domain: 'Domínio inválido.',
    unauthorized: 'Sua sessão expirou. Faça login novamente.',
    maintenance: 'Fazendo uma pausa para melhorar! Para descobrir mais, entre em contato com um administrador!',
    insufficient_funds: 'Saldo insuficiente.',
    forbidden: 'Você não tem permissão para fazer isso.',
    step_up_required: 'Confirme com um novo código do autenticador para continuar.',
    not_found: 'Não encontrado.',
    route_not_found: 'Rota não encontrada.',
    tenant_not_found: 'Plataforma não encontrada.',
    page_not_found: 'Página não encontrada.',
    method_not_allowed: 'Método não permitido.',
    conflict: 'Conflito com o estado atual do recurso.',
    payload_too_large: 'O conteúdo enviado é grande demais.',
    uri_too_long: 'O endereço da requisição é longo demais.',
    unsupported_media_type: 'Tipo de conteúdo não suportado.',
    validation: 'Os dados enviados são inválidos.',
    limit_deposit: 'Este depósito passaria do seu limite de depósito.',
    limit_loss: 'Esta aposta poderia passar do seu limite de perdas.',
    limit_wager: 'Esta aposta passaria do seu limite de apostas.',
    limit_time: 'Você atingiu seu limite de tempo de jogo.',
    rg_limits_required: 'Defina seus limites de perdas e de tempo antes do primeiro depósito.',
    rg_paused: 'Sua conta está em pausa: apostas e depósitos estão bloqueados.',
    rg_self_excluded: 'Sua conta está autoexcluída: apostas e depósitos estão bloqueados.',
    rg_closed: 'Sua conta foi encerrada: apostas e depósitos estão bloqueados.',
    rg_national_list: 'Seu CPF consta na plataforma nacional de autoexclusão: apostas e depósitos estão bloqueados.',
    cashback_not_available: 'Nenhum resgate deste cashback está liberado agora.',
    cashback_claimed: 'Este cashback já foi resgatado por completo.',
    coupon_unknown: 'Cupom não encontrado.',
    coupon_expired: 'Este cupom expirou.',
    coupon_used_up: 'Este cupom já atingiu o limite de usos.',
    coupon_already_used: 'Você já usou este cupom.',
    coupon_not_eligible: 'Você não pode usar este cupom.',
    coupon_min_deposit: 'O depósito é menor que o mínimo deste cupom.',
    bonus_regulated: 'Este site não concede bônus antes de uma aposta.',
    bonus_active: 'Você tem um bônus ativo: sacar agora cancela o bônus.',
    rate_limited: 'Muitas requisições. Tente novamente em instantes.',
    internal: 'Ops! Algo deu errado. Tente novamente.',
    unavailable: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
  },
  en: {
    bad_request: 'Invalid request.',
    invalid_body: 'The request body is not valid JSON.',
    invalid_host: 'Missing or invalid Host header.',
    invalid_domain: 'Invalid domain.',
    unauthorized: 'Your session has expired. Please log in again.',
    maintenance: 'Taking a break to improve! To find out more, contact an administrator!',
    insufficient_funds: 'Insufficient balance.',
    forbidden: 'You are not allowed to do that.',
    step_up_required: 'Confirm with a new authenticator code to continue.',
    not_found: 'Not found.',
    route_not_found: 'Route not found.',
    tenant_not_found: 'Platform not found.',
    page_not_found: 'Page not found.',
    method_not_allowed: 'Method not allowed.',
    conflict: 'Conflict with the current state of the resource.',
    payload_too_large: 'The content sent is too large.',
    uri_too_long: 'The request address is too long.',
    unsupported_media_type: 'Unsupported content type.',
    validation: 'The data sent is invalid.',
    limit_deposit: 'This deposit would go over your deposit limit.',
    limit_loss: 'This bet could go over your loss limit.',
    limit_wager: 'This bet would go over your wager limit.',
    limit_time: 'You have reached your play time limit.',
    rg_limits_required: 'Set your loss and time limits before your first deposit.',
    rg_paused: 'Your account is on a break: bets and deposits are blocked.',
    rg_self_excluded: 'Your account is self-excluded: bets and deposits are blocked.',
    rg_closed: 'Your account is closed: bets and deposits are blocked.',
    rg_national_list: 'Your CPF is on the national self-exclusion platform: bets and deposits are blocked.',
    cashback_not_available: 'No claim of this cashback is open right now.',
    cashback_claimed: 'This cashback has already been claimed in full.',
    coupon_unknown: 'Coupon not found.',
    coupon_expired: 'This coupon has expired.',
    coupon_used_up: 'This coupon has reached its usage limit.',
    coupon_already_used: 'You have already used this coupon.',
    coupon_not_eligible: 'You cannot use this coupon.',
    coupon_min_deposit: 'The deposit is below this coupon’s minimum.',
    bonus_regulated: 'This site gives no bonus before a bet.',
    bonus_active: 'You have an active bonus: withdrawing now forfeits it.',
    rate_limited: 'Too many requests. Please try again shortly.',
    internal: 'Oops! Something went wrong. Please try again.',
    unavailable: 'Service temporarily unavailable. Please try again shortly.',
  },
} as const;

export type MessageKey = keyof (typeof MESSAGES)['pt'];

export function message(locale: Locale, key: MessageKey): string {
  return MESSAGES[locale][key];
}

/** The request's language: en when the first preferred tag is English, else Portuguese. */
export function localeFromHeader(acceptLanguage: string | undefined): Locale {
  if (!acceptLanguage) return 'pt';
  const first = acceptLanguage.split(',')[0]?.trim().toLowerCase() ?? '';
  return first === 'en' || first.startsWith('en-') || first.startsWith('en;') ? 'en' : 'pt';
}
