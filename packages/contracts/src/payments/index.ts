import { z } from 'zod';
import { anyJson, checkedByHandler, replies, reply } from '../http';
import { Centavos } from '../money';

/**
 * Wallet, PIX deposit, withdrawal and PIX key calls. Their bodies are checked by the handler, which reports every
 * field's message in the request's language (and `status: false` on the main-gateway calls, as the spec's client
 * reads it): the contract documents the fields, the replies are exact.
 */
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

const IdempotencyKeyHeader = checkedByHandler(
  z.object({
    'idempotency-key': z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,100}$/)
      .describe('Required: a repeat with the same key and body returns the first answer; another body is a 409.'),
  }),
);

export const walletCalls = {
  /** GET /api/profile/wallet */
  wallet: { response: replies({ 200: Wallet }) },
  /** GET /api/wallet/transactions: newest first, 15 a page; expired unpaid charges are not listed. */
  transactions: {
    querystring: checkedByHandler(
      z.object({
        page: z.string().optional().describe('1 to 10000; default 1.'),
        type: z
          .enum([...TRANSACTION_TYPES, 'all'])
          .optional()
          .describe('Empty or "all": every type.'),
      }),
    ),
    response: replies({ 200: TransactionsReply }),
  },
  /** GET /api/wallet/withdraw/methods: the player's PIX keys. */
  methods: {
    response: replies({ 200: reply({ data: z.array(PixKey), current_page: Count, last_page: Count }) }),
  },
  /** POST /api/wallet/withdraw/method: a PIX key of the player's own (at most 5). */
  addMethod: {
    body: checkedByHandler(z.object({ type: PixKeyType, key: z.string().max(77) })),
    response: replies({ 200: reply({ status: z.literal(true), method: PixKey }) }),
  },
  /** POST /api/wallet/withdraw/request: the amount moves from cash to pending in the same transaction. */
  requestWithdrawal: {
    headers: IdempotencyKeyHeader,
    body: checkedByHandler(z.object({ amount: Amount, method_id: Id.describe('A PIX key of the player.') })),
    response: replies({ 200: WithdrawalReply }),
  },
  /** POST /api/main-gateway/qrcode-pix: a 5-minute dynamic PIX charge. */
  createPix: {
    body: checkedByHandler(z.object({ amount: Amount.describe("Centavos, within the tenant's deposit limits.") })),
    response: replies({ 200: PixChargeReply }),
  },
  /** POST /api/main-gateway/consult-status-transaction: re-read from the PSP while the charge is open. */
  consultPix: {
    body: checkedByHandler(z.object({ txid: z.string().regex(/^[a-zA-Z0-9]{26,35}$/) })),
    response: replies({ 200: ChargeStatusReply }),
  },
  /** POST /api/main-gateway/user-cancel-withdrawal: only while status 0 or 5; the amount returns to cash. */
  cancelWithdrawal: {
    body: checkedByHandler(z.object({ id: Id })),
    response: replies({ 200: WithdrawalReply.omit({ replayed: true }) }),
  },
};

/**
 * POST /api/pix/webhook/:secret/pix: the PSP's notification (BCB API Pix shape). It is only a hint: each txid is
 * re-read from the PSP, so the handler reads the few fields it needs and nothing is validated before it.
 */
export const pixWebhookCall = {
  params: checkedByHandler(z.object({ secret: z.string().describe('The webhook secret; another is a 401.') })),
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
    params: checkedByHandler(z.object({ txid: Txid, action: z.enum(['pay', 'pay-other', 'expire']) })),
    response: replies({
      200: z.union([
        reply({ endToEndId: z.string(), webhook: anyJson }).describe('pay, pay-other: the payment and its webhook'),
        SandboxCob.describe('expire: the charge at the PSP'),
      ]),
    }),
  },
  /** PUT /api/dev/pix/next-payout: how the sandbox ends the next payout. */
  nextPayout: {
    body: checkedByHandler(z.object({ outcome: z.enum(['ok', 'fail', 'invalid_key']) })),
    response: replies({ 200: reply({ outcome: z.enum(['ok', 'fail', 'invalid_key']) }) }),
  },
  /** PUT /api/dev/pix/dict: make a PIX key the player's, someone else's, or unknown to the sandbox DICT. */
  dict: {
    body: checkedByHandler(z.object({ type: PixKeyType, key: z.string(), owner: z.enum(['me', 'other', 'none']) })),
    response: replies({ 200: reply({ key: z.string(), owner: z.enum(['me', 'other', 'none']) }) }),
  },
  /** POST /api/dev/wallet/run-jobs: payouts and charge expiry now. */
  runJobs: { response: replies({ 200: reply({ ok: z.literal(true) }) }) },
};
