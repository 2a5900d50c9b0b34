import { type ConsoleLocale, currentLocale } from './locale';

/** Every string of the console, in both languages; refine's own keys (buttons.*, pages.*) are here too. */
const PT = {
  app: { title: 'Sorte · Backoffice', language: 'Idioma' },
  nav: {
    payments: 'Pagamentos',
    withdrawals: 'Saques em análise',
    audit: 'Auditoria',
    sessions: 'Minhas sessões',
    events: 'Eventos com falha',
  },
  buttons: { logout: 'Sair', refresh: 'Atualizar', cancel: 'Cancelar', confirm: 'Confirmar' },
  login: {
    title: 'Entrar no backoffice',
    subtitle: 'Acesso da equipe da operadora',
    email: 'E-mail',
    password: 'Senha',
    totp: 'Código do autenticador (6 dígitos)',
    backup: 'Código de recuperação',
    useBackup: 'Usar um código de recuperação',
    useTotp: 'Usar o código do autenticador',
    submit: 'Entrar',
    required: 'Campo obrigatório.',
    sixDigits: 'O código tem 6 dígitos.',
  },
  roles: {
    owner: 'Proprietário',
    admin: 'Administrador',
    finance: 'Financeiro',
    kyc: 'KYC',
    risk: 'Risco',
    support: 'Suporte',
    marketing: 'Marketing',
    trader: 'Trader',
    auditor: 'Auditor',
  },
  platform: 'Plataforma (todas as operadoras)',
  withdrawals: {
    title: 'Saques',
    status: 'Situação',
    all: 'Todas',
    player: 'Jogador',
    amount: 'Valor',
    key: 'Chave PIX',
    requested: 'Pedido em',
    due: 'Prazo (120 min)',
    reason: 'Motivo',
    actions: 'Ações',
    approve: 'Aprovar',
    reject: 'Recusar',
    approveConfirm: 'Aprovar o saque de {{amount}} para {{player}}?',
    rejectTitle: 'Recusar o saque de {{amount}}',
    rejectReason: 'Motivo da recusa (o valor volta ao saldo do jogador)',
    approved: 'Saque aprovado.',
    rejected: 'Saque recusado.',
    left: 'faltam {{min}} min',
    late: 'atrasado {{min}} min',
    empty: 'Nenhum saque nesta fila.',
    reasons: { amount_above_threshold: 'Valor acima do limite de revisão', payout_failed: 'O pagamento falhou' },
    statuses: {
      pending: 'Pendente',
      approved: 'Aprovado',
      cancelled: 'Cancelado',
      invalid_key: 'Chave inválida',
      processing: 'Processando',
      under_review: 'Em análise',
    },
  },
  audit: {
    title: 'Auditoria',
    when: 'Quando',
    actor: 'Quem',
    action: 'Ação',
    player: 'Jogador',
    ip: 'IP',
    change: 'Antes → depois',
    from: 'De',
    to: 'Até',
    search: 'Filtrar',
    clear: 'Limpar',
    empty: 'Nenhum registro com esses filtros.',
  },
  events: {
    title: 'Eventos com falha',
    help: 'Trabalho que a plataforma desistiu de fazer depois das tentativas automáticas (uma recompensa VIP, o progresso de uma missão, uma notificação). Corrija a causa e tente de novo: cada consumidor é idempotente, então nada é feito duas vezes. Os eventos ainda em nova tentativa automática não aparecem aqui.',
    empty: 'Nenhum evento parado.',
    consumer: 'Consumidor',
    event: 'Evento',
    player: 'Jogador',
    tenant: 'Plataforma',
    attempts: 'Tentativas',
    error: 'Último erro',
    created: 'Publicado',
    parked: 'Parado em',
    retry: 'Tentar de novo',
    retryConfirm: 'Entregar o evento {{id}} de novo a {{consumer}}?',
    retried: 'Evento devolvido à fila.',
  },
  sessions: {
    title: 'Minhas sessões',
    started: 'Início',
    lastSeen: 'Último uso',
    expires: 'Expira',
    device: 'Navegador',
    current: 'Esta sessão',
    revoke: 'Encerrar',
    revoked: 'Sessão encerrada.',
  },
  stepUp: {
    title: 'Confirme com o autenticador',
    text: 'Esta ação pede um código novo do seu aplicativo autenticador.',
    code: 'Código de 6 dígitos',
  },
  table: { previous: 'Anterior', next: 'Próxima', page: 'Página {{page}}' },
  errors: { load: 'Não foi possível carregar.' },
};

type Messages = typeof PT;

const EN: Messages = {
  app: { title: 'Sorte · Back office', language: 'Language' },
  nav: {
    payments: 'Payments',
    withdrawals: 'Withdrawals review',
    audit: 'Audit log',
    sessions: 'My sessions',
    events: 'Failed events',
  },
  buttons: { logout: 'Log out', refresh: 'Refresh', cancel: 'Cancel', confirm: 'Confirm' },
  login: {
    title: 'Log in to the back office',
    subtitle: 'Operator staff access',
    email: 'E-mail',
    password: 'Password',
    totp: 'Authenticator code (6 digits)',
    backup: 'Backup code',
    useBackup: 'Use a backup code',
    useTotp: 'Use the authenticator code',
    submit: 'Log in',
    required: 'Required.',
    sixDigits: 'The code has 6 digits.',
  },
  roles: {
    owner: 'Owner',
    admin: 'Admin',
    finance: 'Finance',
    kyc: 'KYC',
    risk: 'Risk',
    support: 'Support',
    marketing: 'Marketing',
    trader: 'Trader',
    auditor: 'Auditor',
  },
  platform: 'Platform (every operator)',
  withdrawals: {
    title: 'Withdrawals',
    status: 'Status',
    all: 'All',
    player: 'Player',
    amount: 'Amount',
    key: 'PIX key',
    requested: 'Requested',
    due: 'Deadline (120 min)',
    reason: 'Reason',
    actions: 'Actions',
    approve: 'Approve',
    reject: 'Reject',
    approveConfirm: 'Approve the withdrawal of {{amount}} to {{player}}?',
    rejectTitle: 'Reject the withdrawal of {{amount}}',
    rejectReason: 'Reason for the rejection (the amount returns to the player’s balance)',
    approved: 'Withdrawal approved.',
    rejected: 'Withdrawal rejected.',
    left: '{{min}} min left',
    late: '{{min}} min late',
    empty: 'No withdrawal in this queue.',
    reasons: { amount_above_threshold: 'Amount above the review threshold', payout_failed: 'The payout failed' },
    statuses: {
      pending: 'Pending',
      approved: 'Approved',
      cancelled: 'Cancelled',
      invalid_key: 'Invalid key',
      processing: 'Processing',
      under_review: 'Under review',
    },
  },
  audit: {
    title: 'Audit log',
    when: 'When',
    actor: 'Who',
    action: 'Action',
    player: 'Player',
    ip: 'IP',
    change: 'Before → after',
    from: 'From',
    to: 'To',
    search: 'Filter',
    clear: 'Clear',
    empty: 'No entry with these filters.',
  },
  events: {
    title: 'Failed events',
    help: 'Work the platform gave up on after its automatic attempts (a VIP reward, a mission’s progress, a notification). Fix the cause and retry: every consumer is idempotent, so nothing is done twice. Events still being retried automatically are not listed here.',
    empty: 'No parked event.',
    consumer: 'Consumer',
    event: 'Event',
    player: 'Player',
    tenant: 'Platform',
    attempts: 'Attempts',
    error: 'Last error',
    created: 'Published',
    parked: 'Parked at',
    retry: 'Retry',
    retryConfirm: 'Deliver event {{id}} to {{consumer}} again?',
    retried: 'Event back in the queue.',
  },
  sessions: {
    title: 'My sessions',
    started: 'Started',
    lastSeen: 'Last used',
    expires: 'Expires',
    device: 'Browser',
    current: 'This session',
    revoke: 'End',
    revoked: 'Session ended.',
  },
  stepUp: {
    title: 'Confirm with your authenticator',
    text: 'This action needs a new code from your authenticator app.',
    code: '6-digit code',
  },
  table: { previous: 'Previous', next: 'Next', page: 'Page {{page}}' },
  errors: { load: 'Could not load.' },
};

export const MESSAGES: Record<ConsoleLocale, Messages> = { 'pt-BR': PT, en: EN };

/** The sections' own strings, each section under its own top-level keys (registered once by app.tsx). */
const SECTION_MESSAGES: Record<ConsoleLocale, Record<string, unknown>[]> = { 'pt-BR': [], en: [] };

export function addMessages(messages: Record<ConsoleLocale, Record<string, unknown>>) {
  SECTION_MESSAGES['pt-BR'].push(messages['pt-BR']);
  SECTION_MESSAGES.en.push(messages.en);
}

function lookup(tree: unknown, key: string): string | undefined {
  let node = tree;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : undefined;
}

/** "a.b.c" in the locale's messages, with {{name}} filled from `params`; undefined when missing. */
export function translate(locale: ConsoleLocale, key: string, params?: Record<string, unknown>): string | undefined {
  let text = lookup(MESSAGES[locale], key);
  for (const tree of SECTION_MESSAGES[locale]) text ??= lookup(tree, key);
  return text?.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params?.[name] ?? ''));
}

/** A sider label read in the console's current language each time the sider draws it. */
export function navLabel(key: string) {
  return Object.defineProperty({} as { label: string }, 'label', {
    enumerable: true,
    get: () => translate(currentLocale(), key) ?? key,
  });
}
