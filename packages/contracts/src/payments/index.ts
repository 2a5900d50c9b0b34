import { z } from 'zod';
import { FIELD_MESSAGES, type FieldMessage, normalizeCpf, normalizeEmail, normalizePhone } from '../field-rules';
import { FORM_MESSAGES, type FormBody, fieldRulesForm, flagOf, rules as r, textOf } from '../forms';
import { anyJson, checkedByHandler, refusedWith, replies, reply } from '../http';
import { Centavos } from '../money';

/**
 * Wallet, PIX deposit, withdrawal and PIX key calls. Their bodies are checked as forms: every field's first failing
 * rule in the request's language (and `status: false` on the main-gateway calls, as the spec's client reads it).
 */

/** The messages of the wallet forms (the wallet's own rules, checked by the service, have theirs there). */
export const WALLET_FORM_MESSAGES = {
  required: FIELD_MESSAGES.required,
  amountInvalid: {
    pt: 'Informe um valor em centavos (número inteiro).',
    en: 'Enter an amount in centavos (a whole number).',
  },
  txidInvalid: { pt: 'Identificador de transação inválido.', en: 'Invalid transaction id.' },
  keyTypeInvalid: {
    pt: 'Tipo de chave inválido. Use CPF, e-mail, celular ou chave aleatória.',
    en: 'Invalid key type. Use CPF, e-mail, phone or random key.',
  },
  keyCpf: { pt: 'Chave CPF inválida.', en: 'Invalid CPF key.' },
  keyEmail: { pt: 'Chave e-mail inválida.', en: 'Invalid e-mail key.' },
  keyPhone: { pt: 'Chave celular inválida.', en: 'Invalid phone key.' },
  keyEvp: {
    pt: 'Chave aleatória inválida (formato 123e4567-e89b-12d3-a456-426614174000).',
    en: 'Invalid random key (format 123e4567-e89b-12d3-a456-426614174000).',
  },
  idempotencyRequired: {
    pt: 'O cabeçalho Idempotency-Key é obrigatório (1 a 100 caracteres: letras, números, - e _).',
    en: 'The Idempotency-Key header is required (1 to 100 characters: letters, digits, - and _).',
  },
  idInvalid: FORM_MESSAGES.id,
  typeFilter: {
    pt: 'Tipo inválido. Use deposit, withdraw, bonus, rollover, win ou bet.',
    en: 'Invalid type. Use deposit, withdraw, bonus, rollover, win or bet.',
  },
  pageInvalid: { pt: 'Página inválida.', en: 'Invalid page.' },
  couponInvalid: { pt: 'Informe um cupom válido.', en: 'Enter a valid coupon.' },
} as const satisfies Record<string, FieldMessage>;
const W = WALLET_FORM_MESSAGES;
const Count = z.number().int().nonnegative();
const Id = z.number().int().positive();
const Time = z.string().describe('ISO 8601 timestamp.');

/** A positive amount in centavos, as the handler takes it: a JSON integer (a string of digits is accepted too). */
const Amount = z.number().int().positive().describe('Centavos (a string of digits is accepted too).');

/** GET /api/profile/wallet: what the header and the wallet page show. */
export const Wallet = reply({
  balance: Centavos.describe('Cash.'),
  balance_withdrawal: Centavos.describe('Cash not locked by wagering rules (pending withdrawals have left cash).'),
  bonus: Centavos,
  pending_withdrawal: Centavos.describe('Withdrawals requested and not paid yet.'),
  deposit_count: Count,
});
export type Wallet = z.infer<typeof Wallet>;

/** The spec's payment status of a deposit (a charge that expired unpaid is "refused"). */
export const PaymentStatus = z.enum(['paid', 'waiting_payment', 'pending', 'refused', 'refunded', 'chargebacked']);
export type PaymentStatus = z.infer<typeof PaymentStatus>;

/** Spec section 3: 0 pending, 1 approved (paid), 2 cancelled, 3 invalid PIX key, 4 processing, 5 under review. */
export const WithdrawStatus = z.number().int().min(0).max(5);
export type WithdrawStatus = z.infer<typeof WithdrawStatus>;

export const PixChargeReply = reply({
  status: z.literal(true),
  txid: z.string(),
  qrcode: z.string().describe('The dynamic BR Code ("copia e cola").'),
  qrcode_image: z.string().describe('A PNG data URL of the QR code.'),
  amount: Centavos,
  expires_at: Time,
  expires_in: Count.describe('Seconds.'),
  show: z.literal(true),
});
export type PixChargeReply = z.infer<typeof PixChargeReply>;

export const ChargeStatusReply = reply({
  status: PaymentStatus,
  txid: z.string(),
  amount: Centavos,
  expires_at: Time,
  expired: z.boolean(),
  paid_at: Time.nullable(),
  balance: Centavos.describe('Cash after the charge.'),
  bonus: Centavos,
});
export type ChargeStatusReply = z.infer<typeof ChargeStatusReply>;

export const Withdrawal = reply({
  id: Id,
  amount: Centavos,
  status: WithdrawStatus,
  method_id: Id,
  created_at: Time,
  updated_at: Time,
});
export type Withdrawal = z.infer<typeof Withdrawal>;

export const WithdrawalReply = reply({
  status: z.literal(true),
  withdrawal: Withdrawal,
  balance: Centavos.describe('Cash after the call.'),
  replayed: z.literal(true).optional().describe('The first answer to this Idempotency-Key, given again.'),
});
export type WithdrawalReply = z.infer<typeof WithdrawalReply>;

export const PixKeyType = z.enum(['cpf', 'email', 'phone', 'evp']);
export type PixKeyType = z.infer<typeof PixKeyType>;

const EVP = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const isKeyType = (v: unknown): v is PixKeyType => v === 'cpf' || v === 'email' || v === 'phone' || v === 'evp';

/** A PIX key in its canonical form for its type (CPF digits, e-mail lower-cased, phone E.164, EVP lower-cased). */
export function canonicalPixKey(type: PixKeyType, raw: string): string | null {
  const key = raw.trim();
  switch (type) {
    case 'cpf':
      return normalizeCpf(key);
    case 'email': {
      const e = normalizeEmail(key);
      return e && e.length <= 77 ? e : null;
    }
    case 'phone':
      return normalizePhone(key);
    case 'evp':
      return EVP.test(key.toLowerCase()) ? key.toLowerCase() : null;
  }
}

const KEY_MESSAGE: Record<PixKeyType, FieldMessage> = {
  cpf: W.keyCpf,
  email: W.keyEmail,
  phone: W.keyPhone,
  evp: W.keyEvp,
};

/** The rules of a PIX key's type and key fields, checked one after the other. */
const pixKeyRules = {
  type: [r.check(isKeyType, W.keyTypeInvalid)],
  key: [
    r.check((v) => typeof v === 'string' && v.trim() !== '', W.required),
    (v: unknown, b: FormBody) => {
      const type = b.type as PixKeyType;
      if ((v as string).trim().length > 77) return type === 'email' ? W.keyEmail : W.keyEvp;
      return canonicalPixKey(type, v as string) ? null : KEY_MESSAGE[type];
    },
  ],
};
const readPixKey = (b: FormBody) => {
  const type = b.type as PixKeyType;
  return { type, key: canonicalPixKey(type, b.key as string)! };
};

/** A positive whole number of centavos from JSON (a number, or a string of its digits). */
const centavosOf = (v: unknown) =>
  typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,15}$/.test(v.trim()) ? Number(v) : Number.NaN;
const amountRules = [
  r.present,
  r.check((v) => Number.isSafeInteger(centavosOf(v)) && centavosOf(v) > 0, W.amountInvalid),
];
const idRules = [r.present, r.id];

export const PixKey = reply({
  id: Id,
  type: PixKeyType,
  key: z.string().describe('CPF keys masked: ***.456.789-**'),
  verified: z.boolean().describe("Proven the player's, by their CPF or a DICT lookup."),
  created_at: Time,
});
export type PixKey = z.infer<typeof PixKey>;

export const TRANSACTION_TYPES = ['deposit', 'withdraw', 'bonus', 'rollover', 'win', 'bet'] as const;
export const TransactionType = z.enum(TRANSACTION_TYPES);
export type TransactionType = z.infer<typeof TransactionType>;

export const Transaction = reply({
  id: z.string().describe('pix-<n> (deposit), wd-<n> (withdrawal) or tx-<n> (ledger).'),
  type: TransactionType,
  value: Centavos,
  status: z
    .union([PaymentStatus, WithdrawStatus, z.literal('completed')])
    .describe('The payment status of a deposit, the status code of a withdrawal, "completed" otherwise.'),
  date: Time,
  created_at: Time,
  actions: z.array(z.literal('cancel')).describe('["cancel"] on a withdrawal still cancellable.'),
  withdrawal_id: Id.nullable(),
});
export type Transaction = z.infer<typeof Transaction>;

export const TransactionsReply = reply({
  transactions: reply({
    data: z.array(Transaction),
    current_page: Count,
    last_page: Count,
    per_page: Count,
    total: Count,
  }),
});
export type TransactionsReply = z.infer<typeof TransactionsReply>;

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{1,100}$/;
/** The header as a field of the reply (`idempotency_key`), as the spec's client shows it beside the form's. */
const IdempotencyKeyHeader = fieldRulesForm(
  z.looseObject({
    'idempotency-key': z
      .string()
      .regex(IDEMPOTENCY_KEY)
      .describe('Required: a repeat with the same key and body returns the first answer; another body is a 409.'),
  }),
  {
    idempotency_key: [
      (_v, h) =>
        typeof h['idempotency-key'] === 'string' && IDEMPOTENCY_KEY.test(h['idempotency-key'])
          ? null
          : W.idempotencyRequired,
    ],
  },
  (h) => ({ ...h, 'idempotency-key': h['idempotency-key'] as string }),
);

const TransactionsQuery = fieldRulesForm(
  z.object({
    page: z
      .string()
      .optional()
      .describe('1 to 10000; default 1.')
      .transform((p) => (p ? Number(p) : 1)),
    type: z
      .enum([...TRANSACTION_TYPES, 'all'])
      .optional()
      .describe('Empty or "all": every type.')
      .transform((t) => (t === undefined || t === 'all' ? null : t)),
  }),
  {
    page: [
      r.check(
        (v) =>
          v === undefined || v === '' || (Number.isSafeInteger(Number(v)) && Number(v) >= 1 && Number(v) <= 10_000),
        W.pageInvalid,
      ),
    ],
    type: [
      r.check(
        (v) => v === undefined || v === '' || v === 'all' || (TRANSACTION_TYPES as readonly unknown[]).includes(v),
        W.typeFilter,
      ),
    ],
  },
  (q) => ({
    page: q.page === undefined || q.page === '' ? 1 : Number(q.page),
    type: q.type === undefined || q.type === '' || q.type === 'all' ? null : (q.type as TransactionType),
  }),
  { firstFieldOnly: true },
);

export const walletCalls = {
  /** GET /api/profile/wallet */
  wallet: { response: replies({ 200: Wallet }) },
  /** GET /api/wallet/transactions: newest first, 15 a page; expired unpaid charges are not listed. */
  transactions: {
    querystring: TransactionsQuery,
    response: replies({ 200: TransactionsReply }),
  },
  /** GET /api/wallet/withdraw/methods: the player's PIX keys. */
  methods: {
    response: replies({ 200: reply({ data: z.array(PixKey), current_page: Count, last_page: Count }) }),
  },
  /** POST /api/wallet/withdraw/method: a PIX key of the player's own (at most 5). */
  addMethod: {
    body: fieldRulesForm(z.object({ type: PixKeyType, key: z.string().max(77) }), pixKeyRules, readPixKey, {
      firstFieldOnly: true,
    }),
    response: replies({ 200: reply({ status: z.literal(true), method: PixKey }) }),
  },
  /** POST /api/wallet/withdraw/method/own-cpf: the player's own CPF as a PIX key, without sending the number. */
  addOwnCpfMethod: {
    response: replies({ 200: reply({ status: z.literal(true), method: PixKey }) }),
  },
  /** POST /api/wallet/withdraw/request: the amount moves from cash to pending in the same transaction. */
  requestWithdrawal: {
    headers: IdempotencyKeyHeader,
    body: fieldRulesForm(
      z.object({
        amount: Amount,
        method_id: Id.describe('A PIX key of the player.'),
        forfeit_bonus: z
          .boolean()
          .optional()
          .describe('true: forfeit the active bonus first (else a 422 bonus_active while one is active).'),
      }),
      { amount: amountRules, method_id: idRules, forfeit_bonus: [r.flag] },
      (b) => ({
        amount: centavosOf(b.amount),
        method_id: Number(textOf(b.method_id)),
        forfeit_bonus: flagOf(b.forfeit_bonus) === true,
      }),
    ),
    response: replies({ 200: WithdrawalReply }),
  },
  /** POST /api/main-gateway/qrcode-pix: a 5-minute dynamic PIX charge. */
  createPix: {
    body: fieldRulesForm(
      z.object({
        amount: Amount.describe("Centavos, within the tenant's deposit limits."),
        coupon: z
          .string()
          .optional()
          .describe('A deposit-match coupon: checked before the charge is made, its bonus granted when it is paid.'),
      }),
      { amount: amountRules, coupon: [r.optional(r.pattern(/^[A-Za-z0-9_-]{1,40}$/, W.couponInvalid))] },
      (b) => ({
        amount: centavosOf(b.amount),
        ...(typeof b.coupon === 'string' && b.coupon.trim() !== '' ? { coupon: b.coupon.trim().toUpperCase() } : {}),
      }),
    ),
    response: replies({ 200: PixChargeReply }),
  },
  /** POST /api/main-gateway/consult-status-transaction: re-read from the PSP while the charge is open. */
  consultPix: {
    body: fieldRulesForm(
      z.object({ txid: z.string().regex(/^[a-zA-Z0-9]{26,35}$/) }),
      {
        txid: [
          r.check((v) => typeof v === 'string' && v.trim() !== '', W.required),
          r.check((v) => /^[a-zA-Z0-9]{26,35}$/.test((v as string).trim()), W.txidInvalid),
        ],
      },
      (b) => ({ txid: (b.txid as string).trim() }),
    ),
    response: replies({ 200: ChargeStatusReply }),
  },
  /** POST /api/main-gateway/user-cancel-withdrawal: only while status 0 or 5; the amount returns to cash. */
  cancelWithdrawal: {
    body: fieldRulesForm(z.object({ id: Id }), { id: idRules }, (b) => ({ id: Number(textOf(b.id)) })),
    response: replies({ 200: WithdrawalReply.omit({ replayed: true }) }),
  },
};

/**
 * POST /api/pix/webhook/:secret/pix: the PSP's notification (BCB API Pix shape). It is only a hint: each txid is
 * re-read from the PSP.
 */
export const pixWebhookCall = {
  // The secret is compared in constant time by the handler: any other is a 401, never a validation reply.
  params: checkedByHandler(z.object({ secret: z.string().describe('The webhook secret; another is a 401.') })),
  // The PSP's own protocol: its adapter (one per PSP in the registry) reads the few fields it needs.
  body: checkedByHandler(
    z.looseObject({
      pix: z.array(
        z.looseObject({
          endToEndId: z.string().regex(/^[A-Za-z0-9]{32}$/),
          txid: z.string().regex(/^[A-Za-z0-9]{26,35}$/),
          valor: z.string().optional(),
          horario: z.string().optional(),
        }),
      ),
    }),
  ),
  response: replies({
    200: reply({ received: Count.describe('The payments of the notification, each confirmed with the PSP.') }),
  }),
};

const Txid = z.string().describe('A charge of this tenant.');

/** A charge as the sandbox PSP answers it (the BCB API Pix `cob`). */
const SandboxCob = reply({
  txid: z.string(),
  status: z.enum(['ATIVA', 'CONCLUIDA', 'REMOVIDA_PELO_USUARIO_RECEBEDOR', 'REMOVIDA_PELO_PSP']),
  calendario: reply({ criacao: Time, expiracao: Count.describe('Seconds.') }),
  valor: reply({ original: z.string().describe('Reais with two decimals: "20.00".') }),
  chave: z.string(),
  devedor: reply({ cpf: z.string().optional(), nome: z.string().optional() }).optional(),
  location: z.string(),
  pixCopiaECola: z.string(),
  pix: z.array(anyJson).describe('The payments received for it.'),
});

/** Dev tools under /api (embedded default and tests, never in production): the sandbox PSP's buttons. */
export const devPixCalls = {
  /** GET /api/dev/pix: the tenant's latest 50 charges. */
  list: {
    response: replies({
      200: z.array(
        reply({
          txid: z.string(),
          amount: Centavos,
          status: z.string(),
          expires_at: Time,
          created_at: Time,
          email: z.string(),
          cpf: z.string().nullable(),
        }),
      ),
    }),
  },
  /** POST /api/dev/pix/:txid/pay|pay-other|expire: what the payer's bank would do, through the sandbox PSP. */
  act: {
    params: refusedWith(z.object({ txid: Txid, action: z.enum(['pay', 'pay-other', 'expire']) }), {
      code: 'not_found',
    }),
    response: replies({
      200: z.union([
        reply({ endToEndId: z.string(), webhook: anyJson }).describe('pay, pay-other: the payment and its webhook'),
        SandboxCob.describe('expire: the charge at the PSP'),
      ]),
    }),
  },
  /** PUT /api/dev/pix/next-payout: how the sandbox ends the next payout. */
  nextPayout: {
    body: refusedWith(z.object({ outcome: z.enum(['ok', 'fail', 'invalid_key']) }), {
      code: 'bad_request',
      message: { pt: 'outcome deve ser ok, fail ou invalid_key.', en: 'outcome must be ok, fail or invalid_key.' },
    }),
    response: replies({ 200: reply({ outcome: z.enum(['ok', 'fail', 'invalid_key']) }) }),
  },
  /** PUT /api/dev/pix/dict: make a PIX key the player's, someone else's, or unknown to the sandbox DICT. */
  dict: {
    body: fieldRulesForm(
      z.object({ type: PixKeyType, key: z.string(), owner: z.enum(['me', 'other', 'none']) }),
      {
        ...pixKeyRules,
        owner: [
          r.check((v) => v === 'me' || v === 'other' || v === 'none', {
            pt: 'owner deve ser me, other ou none.',
            en: 'owner must be me, other or none.',
          }),
        ],
      },
      (b) => ({ ...readPixKey(b), owner: b.owner as 'me' | 'other' | 'none' }),
      { firstFieldOnly: true },
    ),
    response: replies({ 200: reply({ key: z.string(), owner: z.enum(['me', 'other', 'none']) }) }),
  },
  /** POST /api/dev/wallet/run-jobs: payouts and charge expiry now. */
  runJobs: { response: replies({ 200: reply({ ok: z.literal(true) }) }) },
};
