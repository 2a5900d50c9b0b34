import { z } from 'zod';
import { Int, IsoTime, localized, replies, reply } from '../http';
import { Centavos } from '../money';

/**
 * Responsible gaming: limits that bind every money path, the session's reality check, pauses, both kinds of
 * self-exclusion, account closure and the national self-exclusion list. The server enforces every rule; these
 * calls let the player see and change them. Money in centavos; time limits in minutes.
 */

export const LIMIT_KINDS = ['deposit', 'loss', 'wager', 'time'] as const;
export const LimitKind = z.enum(LIMIT_KINDS, {
  error: localized({ pt: 'Escolha um tipo de limite válido.', en: 'Choose a valid limit type.' }),
});
export type LimitKind = z.infer<typeof LimitKind>;

export const LIMIT_PERIODS = ['day', 'week', 'month'] as const;
/** Rolling windows: the last 24 hours, 7 days or 30 days. */
export const LimitPeriod = z.enum(LIMIT_PERIODS, {
  error: localized({ pt: 'Escolha um período válido.', en: 'Choose a valid period.' }),
});
export type LimitPeriod = z.infer<typeof LimitPeriod>;

/** Minutes in each period's rolling window (a time limit cannot exceed its window). */
export const PERIOD_MINUTES: Record<LimitPeriod, number> = { day: 1440, week: 10_080, month: 43_200 };
/** Largest money limit a player may set (R$ 10 million), far above any real use; keeps sums in safe integers. */
export const MAX_LIMIT_CENTAVOS = 1_000_000_000;

export const REALITY_CHECK_INTERVALS = [15, 30, 60] as const;
export const PAUSE_PERIODS = ['24h', '7d', '30d'] as const;
export const SELF_EXCLUSION_PERIODS = ['30d', '90d', '180d', '365d', 'indefinite'] as const;

/**
 * Error codes of a refused deposit or bet (the `code` of the error reply; its `message` says, in the player's
 * language, which limit and when it resets). `rg_limits_required`: a regulated tenant's player must set loss and
 * time limits before the first deposit (the web opens the limit form with GET /limits' `suggested`).
 */
export const RG_ERROR_CODES = [
  'limit_deposit',
  'limit_loss',
  'limit_wager',
  'limit_time',
  'rg_limits_required',
  'rg_paused',
  'rg_self_excluded',
  'rg_closed',
  'rg_national_list',
] as const;
export type RgErrorCode = (typeof RG_ERROR_CODES)[number];

const Minutes = Int.describe('Minutes.');
const AmountOrMinutes = Int.describe('Centavos; minutes for a time limit.');

export const RgLimit = reply({
  kind: LimitKind,
  period: LimitPeriod,
  amount: AmountOrMinutes,
  used: AmountOrMinutes.describe(
    'What the rolling window has used: deposits, stakes, net loss (stakes minus wins, never below 0) or minutes played.',
  ),
  resets_at: IsoTime.nullable().describe('When the oldest use still counted leaves the window; null when none counts.'),
});
export type RgLimit = z.infer<typeof RgLimit>;

export const RgPendingLimit = reply({
  kind: LimitKind,
  period: LimitPeriod,
  amount: AmountOrMinutes.nullable().describe('The new amount; null removes the limit.'),
  requested_at: IsoTime,
  effective_at: IsoTime.describe('From then the player may confirm it; until confirmed the current limit stays.'),
  confirmable: z.boolean().describe('effective_at has passed: POST /limits/confirm applies it.'),
});
export type RgPendingLimit = z.infer<typeof RgPendingLimit>;

export const RgSuggestedLimit = reply({ kind: LimitKind, period: LimitPeriod, amount: AmountOrMinutes });

/** GET /api/responsible-gaming/limits, and the reply of every change. */
export const RgLimitsReply = reply({
  limits: z.array(RgLimit),
  pending: z.array(RgPendingLimit),
  required: z
    .array(LimitKind)
    .describe('Kinds a regulated tenant requires before the first deposit that the player has not set yet.'),
  suggested: z.array(RgSuggestedLimit).describe('Values the limit form offers (the tenant may tune them).'),
});
export type RgLimitsReply = z.infer<typeof RgLimitsReply>;

const LimitAmount = z
  .number({ error: localized({ pt: 'Informe um valor inteiro.', en: 'Enter a whole number.' }) })
  .int({ error: localized({ pt: 'Informe um valor inteiro.', en: 'Enter a whole number.' }) })
  .min(1, { error: localized({ pt: 'O limite deve ser maior que zero.', en: 'The limit must be above zero.' }) })
  .max(MAX_LIMIT_CENTAVOS, {
    error: localized({ pt: 'O limite é maior que o permitido.', en: 'The limit is above the maximum allowed.' }),
  });

export const SetLimitBody = z.object({
  kind: LimitKind,
  period: LimitPeriod,
  amount: LimitAmount.nullable().describe(
    'Centavos (minutes for time, at most the window); null removes the limit. A decrease applies at once; an ' +
      'increase or removal waits 24 hours and then a confirmation.',
  ),
});
export type SetLimitBody = z.infer<typeof SetLimitBody>;

export const RgLimitChange = reply({
  kind: LimitKind,
  period: LimitPeriod,
  amount: AmountOrMinutes.nullable(),
  status: z.enum(['applied', 'pending', 'unchanged']),
  effective_at: IsoTime,
});

/** POST /api/responsible-gaming/limits */
export const setLimitCall = {
  body: SetLimitBody,
  response: replies({ 200: RgLimitsReply.extend({ change: RgLimitChange }) }),
};

export const ConfirmLimitBody = z.object({ kind: LimitKind, period: LimitPeriod });
export type ConfirmLimitBody = z.infer<typeof ConfirmLimitBody>;

/** POST /api/responsible-gaming/limits/confirm: 404 when nothing is pending, 409 before its effective_at. */
export const confirmLimitCall = { body: ConfirmLimitBody, response: replies({ 200: RgLimitsReply }) };
export const getLimitsCall = { response: replies({ 200: RgLimitsReply }) };

const Interval = z
  .union([z.literal(15), z.literal(30), z.literal(60)], {
    error: localized({ pt: 'Escolha 15, 30 ou 60 minutos.', en: 'Choose 15, 30 or 60 minutes.' }),
  })
  .nullable();

export const RgRealityCheckSettings = reply({
  interval: Interval.describe('Minutes between reminders; null: no reminder.'),
});
/** GET and POST /api/responsible-gaming/reality-check */
export const getRealityCheckCall = { response: replies({ 200: RgRealityCheckSettings }) };
export const setRealityCheckCall = {
  body: z.object({ interval: Interval }),
  response: replies({ 200: RgRealityCheckSettings }),
};

/** The figures of the current login session, as the reality check shows them. */
export const RgSessionFigures = reply({
  started_at: IsoTime,
  last_activity_at: IsoTime,
  elapsed_seconds: Int,
  wagered: Centavos.describe('Stakes placed in this session.'),
  won: Centavos.describe('Wins paid in this session.'),
  net: Int.describe('won - wagered (negative: a loss).'),
  bets: Int,
});
export type RgSessionFigures = z.infer<typeof RgSessionFigures>;

export const RgSessionStatus = reply({
  session: RgSessionFigures,
  reality_check: reply({
    interval: Interval,
    next_at: IsoTime.nullable().describe('When the next reminder is due; null without an interval.'),
  }),
  time_limit: reply({
    minutes: Minutes,
    used: Minutes,
    ends_at: IsoTime.describe('When play must stop at the current pace (the binding time limit runs out).'),
  })
    .nullable()
    .describe('The binding time limit, or null.'),
  idle_timeout_minutes: Minutes.nullable().describe('A regulated tenant closes a session idle this long.'),
});
export type RgSessionStatus = z.infer<typeof RgSessionStatus>;

/** GET /api/responsible-gaming/session */
export const sessionStatusCall = { response: replies({ 200: RgSessionStatus }) };
/** POST /api/responsible-gaming/reality-check/continue: the player read the reminder; the next is one interval on. */
export const continueSessionCall = { response: replies({ 200: RgSessionStatus }) };
/** POST /api/responsible-gaming/session/end ("encerrar sessão"): logs out and returns the session's figures. */
export const endSessionCall = {
  response: replies({ 200: reply({ logged_out: z.literal(true), session: RgSessionFigures }) }),
};

export const PausePeriod = z.enum(PAUSE_PERIODS, {
  error: localized({ pt: 'Escolha 24 horas, 7 dias ou 30 dias.', en: 'Choose 24 hours, 7 days or 30 days.' }),
});
export const RgPause = reply({ period: PausePeriod, start_at: IsoTime, end_at: IsoTime });
export type RgPause = z.infer<typeof RgPause>;
/**
 * POST /api/responsible-gaming/pause: a cool-off that cannot be undone. The player may still log in and withdraw;
 * bets and deposits are refused (`rg_paused`) until end_at. A shorter pause than the one running is refused (409).
 */
export const rgPauseCall = {
  body: z.object({ period: PausePeriod }),
  response: replies({ 200: reply({ pause: RgPause }) }),
};

export const SelfExclusionPeriodChoice = z.enum(SELF_EXCLUSION_PERIODS, {
  error: localized({ pt: 'Escolha um período válido.', en: 'Choose a valid period.' }),
});

/** What the money rules did when play stopped (self-exclusion, closure, national list). */
export const RgSettlement = reply({
  refunded_bets: Int.describe('Open bets cancelled and their stakes returned.'),
  refunded: Centavos,
  balance: Centavos.describe('Cash left, withdrawable.'),
});

export const RgSelfExclusion = reply({
  kind: z.enum(['operator', 'national']),
  period: z.string().nullable().describe('30d, 90d, 180d, 365d, indefinite; or days / custom from /profile.'),
  start_at: IsoTime,
  end_at: IsoTime.nullable().describe('null: indefinite.'),
});
export type RgSelfExclusion = z.infer<typeof RgSelfExclusion>;

/**
 * POST /api/responsible-gaming/self-exclusion: this operator's self-exclusion, not cancellable before its end. Every
 * session ends; open bets are refunded; marketing stops. The player may still log in only to withdraw the balance.
 */
export const rgSelfExcludeCall = {
  body: z.object({ period: SelfExclusionPeriodChoice }),
  response: replies({
    200: reply({ self_exclusion: RgSelfExclusion, logged_out: z.literal(true), settlement: RgSettlement }),
  }),
};

/** POST /api/responsible-gaming/close-account: the player closes the account (same money rules as exclusion). */
export const closeAccountCall = {
  body: z.object({
    confirm: z.literal(true, {
      error: localized({ pt: 'Confirme o encerramento da conta.', en: 'Confirm closing the account.' }),
    }),
    reason: z.string().max(500).optional().describe('Free text, kept with the closure.'),
  }),
  response: replies({
    200: reply({ closed_at: IsoTime, logged_out: z.literal(true), settlement: RgSettlement }),
  }),
};

/** A stop on the account: what the player can still do is withdraw (and log in for that). */
export const RgRestriction = reply({
  reason: z.enum(['pause', 'self_exclusion', 'national_list', 'closed']),
  since: IsoTime,
  until: IsoTime.nullable().describe('null: indefinite (or, for the national list, while listed).'),
  withdraw_only: z.literal(true),
});
export type RgRestriction = z.infer<typeof RgRestriction>;

/** The notice given to a player found on the national self-exclusion list (every notice is also recorded). */
export const RgNationalNotice = reply({
  listed_at: IsoTime.describe('When the list was found to name the player.'),
  notified_at: IsoTime,
  withdraw_until: IsoTime.describe('Until then the player may withdraw; afterwards the operator returns the money.'),
  close_at: IsoTime.describe('When the account is closed.'),
  message: z.string(),
});
export type RgNationalNotice = z.infer<typeof RgNationalNotice>;

/** GET /api/responsible-gaming/status: the player's restriction and national-list notice, if any. */
export const RgStatusReply = reply({
  regulated: z.boolean(),
  restriction: RgRestriction.nullable(),
  pause: RgPause.nullable(),
  self_exclusion: RgSelfExclusion.nullable(),
  national_notice: RgNationalNotice.nullable(),
  limits_required: z.array(LimitKind).describe('Kinds to set before the first deposit (regulated tenants).'),
});
export type RgStatusReply = z.infer<typeof RgStatusReply>;
export const rgStatusCall = { response: replies({ 200: RgStatusReply }) };

/**
 * GET /api/responsible-gaming/info (no login): what registration, login, the footer and the page show before the
 * player is known: the tenant's mode, the risk warning, help contacts and the choices each form offers.
 */
export const RgInfoReply = reply({
  regulated: z.boolean(),
  risk_warning: z
    .string()
    .nullable()
    .describe('Shown at registration and every login in regulated mode, in the request language.'),
  national_platform_url: z.string().describe('The national (centralised) self-exclusion platform.'),
  help: reply({ cvv_phone: z.string(), cvv_url: z.string() }),
  limit_kinds: z.array(LimitKind),
  limit_periods: z.array(LimitPeriod),
  reality_check_intervals: z.array(Int),
  pause_periods: z.array(PausePeriod),
  self_exclusion_periods: z.array(SelfExclusionPeriodChoice),
  idle_timeout_minutes: Minutes.nullable(),
  required_limits: z.array(LimitKind).describe('Kinds required before the first deposit.'),
  suggested_limits: z.array(RgSuggestedLimit),
});
export type RgInfoReply = z.infer<typeof RgInfoReply>;
export const rgInfoCall = { response: replies({ 200: RgInfoReply }) };

/**
 * Realtime event `ResponsibleGaming.SessionEnded` on the player's private channel (private-user.{id}):
 * the session was ended by a time limit, idleness, a pause, an exclusion or closure; the web logs out and shows it.
 */
export const RG_SESSION_ENDED_EVENT = 'ResponsibleGaming.SessionEnded';
export const RgSessionEndedEvent = z.object({
  reason: z.enum(['limit_time', 'idle', 'pause', 'self_exclusion', 'national_list', 'closed']),
  message: z.string(),
  session: RgSessionFigures.nullable(),
});
export type RgSessionEndedEvent = z.infer<typeof RgSessionEndedEvent>;

/** Domain event payloads (packages/contracts/src/events.ts maps their names); the player is the event's user. */
export const RG_EVENT_PAYLOADS = {
  /** A limit was set, lowered, asked to rise or be removed (pending), or a pending change confirmed. */
  'responsible_gaming.limit_changed': z.object({
    kind: LimitKind,
    period: LimitPeriod,
    before: Int.nullable(),
    after: Int.nullable(),
    status: z.enum(['applied', 'pending', 'confirmed']),
  }),
  /**
   * Play stopped for the player: a pause, a self-exclusion, a national-list hit or a closure. Marketing stops;
   * only withdrawals remain. `until` null: indefinite.
   */
  'responsible_gaming.restricted': z.object({
    reason: z.enum(['pause', 'self_exclusion', 'national_list', 'closed']),
    since: z.string().min(1),
    until: z.string().nullable(),
  }),
  /** A session was ended by a time limit or idleness (the player is told and logged out). */
  'responsible_gaming.session_ended': z.object({
    reason: z.enum(['limit_time', 'idle']),
    session_id: z.number().int().positive(),
  }),
  /** The national self-exclusion list names the player (at registration there is no user yet: user null). */
  'responsible_gaming.national_list_hit': z.object({
    moment: z.enum(['registration', 'login', 'scheduled']),
    cpf_masked: z.string(),
    /** The notice given to an existing player, word for word (none at registration, where the reply says it). */
    notice: z.object({ pt: z.string(), en: z.string() }).optional(),
  }),
} as const;
