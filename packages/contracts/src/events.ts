import { z } from 'zod';
import { BOXES_EVENT_PAYLOADS } from './boxes';
import { MISSIONS_EVENT_PAYLOADS } from './missions';
import { Centavos } from './money';
import { PROMOTIONS_EVENT_PAYLOADS } from './promotions';
import { CASHBACK_EVENT_PAYLOADS } from './promotions/cashback';
import { RG_EVENT_PAYLOADS } from './responsible-gaming';
import { SPORTS_EVENT_PAYLOADS } from './sports';
import { VIP_EVENT_PAYLOADS } from './vip';

/**
 * Domain events: what happened, published by a module in the same transaction as the change and delivered to every
 * consumer that handles it (apps/server/src/platform/events). Names are `<domain>.<what_happened>`, past tense.
 * A payload only grows: consumers of older events must keep parsing, so new fields are optional.
 */

const Id = z.number().int().positive();
const IsoDate = z.string().min(1);
/** Withdrawal status codes as the wallet stores them: 0 pending, 1 approved, 2 cancelled, 3 invalid key, 4 processing, 5 under review. */
const WithdrawalStatus = z.number().int().min(0).max(5);
const Balances = { balance: Centavos, bonus: Centavos };

const RoundSettled = z.object({
  provider: z.string().min(1),
  round_id: z.string().min(1),
  transaction: z.string().optional(),
  game_id: Id.nullable(),
  // The catalog's title; null when the round's game is not in the catalog.
  game: z.string().nullable(),
  game_code: z.string().optional(),
  user_id: Id,
  bet: Centavos,
  win: Centavos,
  /** win / bet, for display only (the money is in bet and win). */
  multiplier: z.number().nonnegative(),
});

export const EVENT_PAYLOADS = {
  /** A casino or Originals round closed: the bet feed, missions, rankings and wagering read it. */
  'casino.round_settled': RoundSettled,
  /** A provider rolled back every bet of a round that paid nothing. */
  'casino.round_rolled_back': z.object({
    provider: z.string().min(1),
    round_id: z.string().nullable(),
    transaction: z.string(),
    game_id: Id.nullable(),
    user_id: Id,
    amount: Centavos,
  }),
  /** A PIX deposit was paid and credited; the balances are the player's after the credit. */
  'payments.deposit_approved': z.object({
    txid: z.string().min(1),
    amount: Centavos,
    ...Balances,
    deposit_count: z.number().int().nonnegative(),
  }),
  /** The player's first approved deposit (also published as deposit_approved). */
  'payments.first_deposit': z.object({ txid: z.string().min(1), amount: Centavos }),
  /** A paid charge was sent back to the payer instead of credited (e.g. paid from someone else's CPF). */
  'payments.deposit_refunded': z.object({ txid: z.string().min(1), amount: Centavos, reason: z.string() }),
  'payments.withdrawal_requested': z.object({ id: Id, amount: Centavos, status: WithdrawalStatus }),
  'payments.withdrawal_updated': z.object({
    id: Id,
    status: WithdrawalStatus,
    reason: z.string().nullable().optional(),
  }),
  /** Operators' warning: a regulated tenant's withdrawal nears its payout deadline (no player user). */
  'payments.withdrawal_due_soon': z.object({ id: Id, user_id: Id, due_at: IsoDate, status: WithdrawalStatus }),
  /** The player's cash and bonus balances after any movement the player should see at once. */
  'wallet.balance_updated': z.object(Balances),
  /**
   * A process that runs no realtime server (the ops CLI) asks the running nodes to push a message to a channel;
   * the realtime relay consumer publishes it once.
   */
  'realtime.push_requested': z.object({
    channel: z.string().min(1).max(164),
    event: z.string().min(1).max(200),
    data: z.unknown(),
  }),
  'kyc.document_reviewed': z.object({
    id: Id,
    type: z.string().min(1),
    status: z.enum(['approved', 'rejected']),
    reason: z.string().nullable(),
  }),
  /** A player logged in (a new session: password, code, Google or registration); missions count login days. */
  'auth.logged_in': z.object({}),
  ...RG_EVENT_PAYLOADS,
  ...CASHBACK_EVENT_PAYLOADS,
  ...MISSIONS_EVENT_PAYLOADS,
  ...PROMOTIONS_EVENT_PAYLOADS,
  ...VIP_EVENT_PAYLOADS,
  ...SPORTS_EVENT_PAYLOADS,
  ...BOXES_EVENT_PAYLOADS,
} as const;

export type EventName = keyof typeof EVENT_PAYLOADS;
export type EventPayload<N extends EventName> = z.infer<(typeof EVENT_PAYLOADS)[N]>;
export const EVENT_NAMES = Object.keys(EVENT_PAYLOADS) as EventName[];

/** What a publisher hands to `publish`: the event's name, payload and whose it is. */
export type DomainEventInput<N extends EventName = EventName> = {
  [K in N]: { name: K; tenantId: number; userId: number | null; payload: EventPayload<K> };
}[N];

/** What a handler receives: the published event with its id (unique; with the consumer, the idempotency key). */
export type DomainEventOf<N extends EventName = EventName> = {
  [K in N]: {
    id: number;
    name: K;
    tenantId: number;
    userId: number | null;
    payload: EventPayload<K>;
    createdAt: Date;
  };
}[N];

/** The names the modules write to domain_events today, and the event each becomes on the bus. */
export const LEGACY_EVENT_NAMES: Record<string, EventName> = {
  'casino.round_settled': 'casino.round_settled',
  'casino.round_rolled_back': 'casino.round_rolled_back',
  PaymentApproved: 'payments.deposit_approved',
  FirstDeposit: 'payments.first_deposit',
  DepositRefunded: 'payments.deposit_refunded',
  WithdrawalRequested: 'payments.withdrawal_requested',
  WithdrawalUpdated: 'payments.withdrawal_updated',
  WithdrawalDueSoon: 'payments.withdrawal_due_soon',
  BalanceUpdated: 'wallet.balance_updated',
  DocumentReviewed: 'kyc.document_reviewed',
};

/** Checks an event against the map; the error names the event and the bad fields. */
export function parseDomainEvent<N extends EventName>(e: DomainEventInput<N>): DomainEventInput<N> {
  const schema = EVENT_PAYLOADS[e.name] as z.ZodType | undefined;
  if (!schema) throw new Error(`unknown domain event "${String(e.name)}"`);
  const r = schema.safeParse(e.payload);
  if (!r.success) throw new Error(`domain event ${e.name}: ${z.prettifyError(r.error)}`);
  return { ...e, payload: r.data } as DomainEventInput<N>;
}
