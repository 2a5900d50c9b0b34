import {
  LIMIT_KINDS,
  type LimitKind,
  type LimitPeriod,
  PAUSE_PERIODS,
  REALITY_CHECK_INTERVALS,
  SELF_EXCLUSION_PERIODS,
  type TenantSettings,
} from '@sorte/contracts';

/**
 * Every responsible-gaming rule as a named policy, in one place: the code asks `policiesFor(settings)` instead of
 * testing `is_regulated` wherever a rule applies, and `npm run ops -- rg:policies --host H` lists them with their
 * sources. Values that differ between modes are decided here only.
 */
export type Policies = {
  regulated: boolean;
  /** Limit kinds a player must set before the first deposit (Portaria SPA/MF 2.579/2025: loss and time). */
  limitsRequiredBeforeDeposit: LimitKind[];
  /** An increase or removal of a limit waits this long, then needs the player's confirmation (RTS 12). */
  limitIncreaseDelayMs: number;
  /** Close a session after this long without a bet or a login (Portaria 1.207/2024); null: never. */
  idleCloseMs: number | null;
  /** Show the risk warning at registration and at every login (Portaria 1.231/2024 arts. 3-4). */
  riskWarning: boolean;
  /** Consult the national self-exclusion list (IN SPA/MF 31/2025). */
  nationalList: boolean;
  /** Every account is checked against the national list at least this often. */
  nationalRecheckMs: number;
  /** A listed player may withdraw for this long after the notice; then the operator returns the money. */
  nationalWithdrawMs: number;
  /** A listed player's account is closed this long after the notice. */
  nationalCloseMs: number;
  suggested: { kind: LimitKind; period: LimitPeriod; amount: number }[];
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const WINDOW_MS: Record<LimitPeriod, number> = { day: DAY, week: 7 * DAY, month: 30 * DAY };
export const PAUSE_MS: Record<(typeof PAUSE_PERIODS)[number], number> = { '24h': DAY, '7d': 7 * DAY, '30d': 30 * DAY };
export const SELF_EXCLUSION_MS: Record<(typeof SELF_EXCLUSION_PERIODS)[number], number | null> = {
  '30d': 30 * DAY,
  '90d': 90 * DAY,
  '180d': 180 * DAY,
  '365d': 365 * DAY,
  indefinite: null,
};

export const CVV = { phone: '188', url: 'https://cvv.org.br' } as const;
/** The Secretaria de Prêmios e Apostas (SPA/MF), whose platform takes the centralised self-exclusion. */
export const NATIONAL_PLATFORM_URL =
  'https://www.gov.br/fazenda/pt-br/composicao/orgaos/secretaria-de-premios-e-apostas';

export const RISK_WARNING = {
  pt: 'Jogar pode causar dependência. Aposte com responsabilidade: defina limites e faça pausas. Proibido para menores de 18 anos.',
  en: 'Gambling can be addictive. Bet responsibly: set limits and take breaks. Under-18s are not allowed.',
} as const;

const SUGGESTED: Policies['suggested'] = [
  { kind: 'loss', period: 'month', amount: 50_000 },
  { kind: 'time', period: 'day', amount: 120 },
  { kind: 'deposit', period: 'month', amount: 100_000 },
];

export function policiesFor(settings: Pick<TenantSettings, 'is_regulated'>): Policies {
  const regulated = settings.is_regulated === true;
  return {
    regulated,
    limitsRequiredBeforeDeposit: regulated ? ['loss', 'time'] : [],
    limitIncreaseDelayMs: DAY,
    idleCloseMs: regulated ? 30 * 60_000 : null,
    riskWarning: regulated,
    nationalList: regulated,
    nationalRecheckMs: 15 * DAY,
    nationalWithdrawMs: 2 * DAY,
    nationalCloseMs: 3 * DAY,
    suggested: SUGGESTED,
  };
}

/** The named list `rg:policies` prints: each rule, whether it applies to this tenant, its value and its source. */
export function describePolicies(settings: Pick<TenantSettings, 'is_regulated'>) {
  const p = policiesFor(settings);
  const on = (b: boolean) => (b ? 'on' : 'off');
  const list = (xs: readonly (string | number)[]) => (xs.length ? xs.join(', ') : '-');
  return [
    { name: 'limits.kinds', state: 'on', value: list(LIMIT_KINDS), source: 'RTS 12; Portaria 1.231/2024' },
    { name: 'limits.periods', state: 'on', value: 'rolling 24 h, 7 days, 30 days', source: 'RTS 12' },
    { name: 'limits.decrease', state: 'on', value: 'at once', source: 'RTS 12' },
    { name: 'limits.increase', state: 'on', value: 'after 24 h and a confirmation', source: 'RTS 12' },
    {
      name: 'limits.required_before_first_deposit',
      state: on(p.limitsRequiredBeforeDeposit.length > 0),
      value: list(p.limitsRequiredBeforeDeposit),
      source: 'Portaria SPA/MF 2.579/2025',
    },
    {
      name: 'limits.bind_every_money_path',
      state: 'on',
      value: 'deposits, Originals, provider games (and every product that stakes through the module)',
      source: 'Portaria 1.231/2024',
    },
    {
      name: 'session.reality_check',
      state: 'on',
      value: `${list(REALITY_CHECK_INTERVALS)} minutes`,
      source: 'Portaria SPA/MF 2.579/2025',
    },
    {
      name: 'session.idle_close',
      state: on(p.idleCloseMs !== null),
      value: p.idleCloseMs === null ? '-' : `${p.idleCloseMs / 60_000} minutes`,
      source: 'Portaria 1.207/2024',
    },
    { name: 'pause', state: 'on', value: `${list(PAUSE_PERIODS)}, irrevocable`, source: 'Portaria 1.231/2024' },
    {
      name: 'self_exclusion.operator',
      state: 'on',
      value: `${list(SELF_EXCLUSION_PERIODS)}; open bets refunded, marketing stops, balance withdrawable`,
      source: 'Portaria SPA/MF 2.579/2025',
    },
    {
      name: 'self_exclusion.national_link',
      state: 'on',
      value: NATIONAL_PLATFORM_URL,
      source: 'Portaria SPA/MF 2.579/2025',
    },
    {
      name: 'self_exclusion.national_list',
      state: on(p.nationalList),
      value: `at registration, first login of each day, every ${p.nationalRecheckMs / DAY} days; withdraw ${p.nationalWithdrawMs / DAY} days, closed after ${p.nationalCloseMs / DAY} days`,
      source: 'IN SPA/MF 31/2025',
    },
    {
      name: 'account.closure',
      state: 'on',
      value: 'at the player request; open bets refunded, balance withdrawable',
      source: 'Portaria 1.231/2024',
    },
    {
      name: 'risk_warning',
      state: on(p.riskWarning),
      value: 'at registration and every login',
      source: 'Portaria 1.231/2024 arts. 3-4',
    },
    {
      name: 'audit.append_only',
      state: 'on',
      value: 'limit changes, pauses, exclusions, closures, list hits, notices',
      source: 'IN SPA/MF 31/2025 (5-year records)',
    },
    {
      name: 'registration.cpf_required',
      state: on(p.regulated),
      value: 'CPF at sign-up',
      source: 'Lei 14.790/2023 (enforced by the accounts module)',
    },
    {
      name: 'originals.multiplayer',
      state: p.regulated ? 'operator opt-in' : 'on',
      value: 'Crash and Double',
      source: 'Portaria 1.207/2024 (enforced by the Originals module)',
    },
  ];
}
