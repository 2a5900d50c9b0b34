import {
  CONTRIBUTION_CATEGORIES,
  type ContributionCategory,
  type Locale,
  OFFER_KINDS,
  type Offer,
  type OfferKind,
  WAGERING_BASES,
  type WageringBase,
} from '@sorte/contracts';
import type { Db, Sql } from '../../platform/db/index';
import { AppError } from '../../platform/errors';
import type { Tenant } from '../../platform/tenancy';
import { DEFAULT_CONTRIBUTIONS } from './bonuses';
import { brl, MSG } from './messages';
import { bonusPolicy, kindAllowed } from './policies';
import * as repo from './repo';
import { freeSpinsGameDto } from './spins-game';

/** Offer definitions: validated in full before anything is written (operator commands, the demo seed). */

export type OfferInput = {
  kind: string;
  name: string;
  nameEn?: string;
  termsPt?: string;
  termsEn?: string;
  percent?: number;
  maxBonus?: number;
  amount?: number;
  freeSpins?: number;
  freeSpinsGame?: string;
  /** Free spins: the stake of each spin (centavos). */
  freeSpinsBet?: number;
  minDeposit?: number;
  wagering?: number;
  wageringBase?: string;
  maxBet?: number;
  days?: number;
  maxConversion?: number;
  contributions?: Partial<Record<string, number>>;
  excludedGameIds?: number[];
  newPlayersOnly?: boolean;
  oncePerCpf?: boolean;
  budgetAmount?: number;
  budgetCount?: number;
  startsAt?: Date;
  endsAt?: Date;
};

const bad = (reason: string) => new AppError('bad_request', reason);
const centavos = (v: number | undefined, name: string) => {
  if (v === undefined) return null;
  if (!Number.isSafeInteger(v) || v <= 0 || v > 1_000_000_000)
    throw bad(`${name} must be a whole number of centavos between 1 and 1000000000`);
  return v;
};

/** Checks an offer's definition; the first problem found is the error. */
export function validateOffer(tenant: Tenant, i: OfferInput): repo.OfferInsert {
  if (!(OFFER_KINDS as readonly string[]).includes(i.kind))
    throw bad(`--kind must be one of ${OFFER_KINDS.join(', ')}`);
  const kind = i.kind as OfferKind;
  if (!kindAllowed(tenant.settings, kind)) throw bad(`${MSG.regulated.en} (${MSG.regulated.pt})`);
  const name = i.name.trim();
  const nameEn = (i.nameEn ?? i.name).trim();
  if (!name || name.length > 120 || !nameEn || nameEn.length > 120) throw bad('--name must be 1 to 120 characters');
  if ((i.termsPt ?? '').length > 2000 || (i.termsEn ?? '').length > 2000)
    throw bad('terms are at most 2000 characters');
  const percent = i.percent ?? null;
  if (
    percent !== null &&
    !(Number.isFinite(percent) && percent > 0 && percent <= 1000 && Math.round(percent * 100) === percent * 100)
  )
    throw bad('--percent must be above 0 and at most 1000, with at most 2 decimals');
  const maxBonus = centavos(i.maxBonus, '--max');
  const amount = centavos(i.amount, '--amount');
  const minDeposit = centavos(i.minDeposit, '--min-deposit');
  const maxBet = centavos(i.maxBet, '--max-bet');
  const maxConversion = centavos(i.maxConversion, '--max-conversion');
  const freeSpinsBet = centavos(i.freeSpinsBet, '--bet');
  const budgetAmount = centavos(i.budgetAmount, '--budget');
  const budgetCount = i.budgetCount ?? null;
  if (budgetCount !== null && !(Number.isSafeInteger(budgetCount) && budgetCount > 0))
    throw bad('--budget-count must be a positive whole number');
  const wagering = i.wagering ?? 0;
  if (!(Number.isFinite(wagering) && wagering >= 0 && wagering <= 200 && Math.round(wagering * 100) === wagering * 100))
    throw bad('--wagering must be between 0 and 200 (times), with at most 2 decimals');
  const base = i.wageringBase ?? 'bonus';
  if (!(WAGERING_BASES as readonly string[]).includes(base))
    throw bad(`--base must be one of ${WAGERING_BASES.join(', ')}`);
  const days = i.days ?? 30;
  if (!(Number.isSafeInteger(days) && days >= 1 && days <= 365))
    throw bad('--days must be a whole number from 1 to 365');
  const contributions = { ...DEFAULT_CONTRIBUTIONS };
  for (const [k, v] of Object.entries(i.contributions ?? {})) {
    if (!(CONTRIBUTION_CATEGORIES as readonly string[]).includes(k))
      throw bad(`contribution category must be one of ${CONTRIBUTION_CATEGORIES.join(', ')}`);
    if (v === undefined || !(Number.isFinite(v) && v >= 0 && v <= 100))
      throw bad(`contribution of ${k} must be 0 to 100`);
    contributions[k as ContributionCategory] = v;
  }
  if (i.startsAt && Number.isNaN(i.startsAt.getTime())) throw bad('--starts must be a date');
  if (i.endsAt && Number.isNaN(i.endsAt.getTime())) throw bad('--ends must be a date');
  if (i.startsAt && i.endsAt && i.endsAt <= i.startsAt) throw bad('--ends must be after --starts');

  if (kind === 'deposit_match') {
    if (percent === null) throw bad('a deposit_match offer needs --percent');
    if (maxBonus === null) throw bad('a deposit_match offer needs --max (the largest bonus, centavos)');
    if (amount !== null) throw bad('--amount is for no_deposit offers; a deposit_match uses --percent and --max');
  }
  if (kind === 'no_deposit') {
    if (amount === null) throw bad('a no_deposit offer needs --amount (centavos)');
    if (percent !== null || maxBonus !== null || minDeposit !== null)
      throw bad('--percent, --max and --min-deposit are for deposit_match offers');
  }
  if (kind === 'free_spins') {
    if (!i.freeSpins || !Number.isSafeInteger(i.freeSpins) || i.freeSpins < 1 || i.freeSpins > 1000)
      throw bad('a free_spins offer needs --spins (1 to 1000)');
    if (!i.freeSpinsGame || !/^[a-z0-9-]{1,100}$/.test(i.freeSpinsGame))
      throw bad('a free_spins offer needs --game CODE');
    if (freeSpinsBet === null) throw bad('a free_spins offer needs --bet (the stake of each spin, centavos)');
    if (amount !== null || percent !== null || maxBonus !== null || minDeposit !== null)
      throw bad('--amount, --percent, --max and --min-deposit are not for free_spins offers');
  }
  return {
    tenant_id: tenant.id,
    kind,
    name_pt: name,
    name_en: nameEn,
    terms_pt: i.termsPt ?? '',
    terms_en: i.termsEn ?? '',
    percent,
    max_bonus: maxBonus,
    amount,
    free_spins: kind === 'free_spins' ? i.freeSpins! : null,
    free_spins_game: kind === 'free_spins' ? i.freeSpinsGame! : null,
    free_spins_bet: kind === 'free_spins' ? freeSpinsBet : null,
    min_deposit: minDeposit,
    wagering,
    wagering_base: base as WageringBase,
    max_bet: maxBet,
    days,
    max_conversion: maxConversion,
    contributions,
    excluded_game_ids: i.excludedGameIds ?? [],
    new_players_only: i.newPlayersOnly ?? false,
    once_per_cpf: i.oncePerCpf ?? false,
    budget_amount: budgetAmount,
    budget_count: budgetCount,
    starts_at: i.startsAt ?? null,
    ends_at: i.endsAt ?? null,
  };
}

export async function createOffer(sql: Sql, tenant: Tenant, i: OfferInput): Promise<repo.OfferRow> {
  return repo.insertOffer(sql, validateOffer(tenant, i));
}

/** The offer's rules in one line per language, for the operator's list and for offers without written terms. */
export function describeOffer(o: repo.OfferRow, locale: Locale): string {
  const head =
    o.kind === 'deposit_match'
      ? locale === 'en'
        ? `${o.percent}% of the deposit up to ${brl(o.max_bonus ?? 0, locale)}`
        : `${o.percent}% do depósito até ${brl(o.max_bonus ?? 0, locale)}`
      : o.kind === 'no_deposit'
        ? `${brl(o.amount ?? 0, locale)}`
        : locale === 'en'
          ? `${o.free_spins} free spins of ${brl(o.free_spins_bet ?? 0, locale)} on ${o.free_spins_game}`
          : `${o.free_spins} giros grátis de ${brl(o.free_spins_bet ?? 0, locale)} em ${o.free_spins_game}`;
  const base =
    o.kind === 'free_spins'
      ? locale === 'en'
        ? 'winnings'
        : 'ganhos'
      : locale === 'en'
        ? o.wagering_base.replace('_', ' + ')
        : o.wagering_base === 'bonus'
          ? 'bônus'
          : 'bônus + depósito';
  const wager = locale === 'en' ? `wagering ${o.wagering}x ${base}` : `rollover ${o.wagering}x ${base}`;
  return `${head}; ${wager}; ${o.days} ${locale === 'en' ? 'days' : 'dias'}`;
}

/** The games the free-spins offers among `offers` name, read once. */
export const gamesOf = (sql: Sql, tenantId: number, offers: (repo.OfferRow | undefined)[]) =>
  repo.freeSpinsGames(
    sql,
    tenantId,
    offers.flatMap((o) => (o?.free_spins_game ? [o.free_spins_game] : [])),
  );

export function offerDto(o: repo.OfferRow, locale: Locale, games?: Map<string, repo.FreeSpinsGame>): Offer {
  return {
    id: o.id,
    kind: o.kind,
    name: locale === 'en' ? o.name_en : o.name_pt,
    names: { pt: o.name_pt, en: o.name_en },
    terms: { pt: o.terms_pt, en: o.terms_en },
    percent: o.percent,
    max_bonus: o.max_bonus,
    amount: o.amount,
    free_spins: o.free_spins,
    free_spins_bet: o.free_spins_bet,
    free_spins_game: o.free_spins_game ? freeSpinsGameDto(games?.get(o.free_spins_game)) : null,
    min_deposit: o.min_deposit,
    wagering: o.wagering,
    wagering_base: o.wagering_base,
    max_bet: o.max_bet,
    days: o.days,
    max_conversion: o.max_conversion,
    contributions: CONTRIBUTION_CATEGORIES.map((category) => ({
      category,
      percent: o.contributions[category] ?? DEFAULT_CONTRIBUTIONS[category],
    })),
    new_players_only: o.new_players_only,
    starts_at: o.starts_at?.toISOString() ?? null,
    ends_at: o.ends_at?.toISOString() ?? null,
  };
}

/** GET /promotions/offers: the tenant's live offers of the kinds its rules allow (none on a regulated tenant). */
export async function listLiveOffers(db: Db, tenant: Tenant, locale: Locale, now: Date) {
  const allowed = bonusPolicy(tenant.settings).preBetKinds;
  const offers = (await repo.listOffers(db, tenant.id, { liveAt: now })).filter((o) => allowed.includes(o.kind));
  const games = await gamesOf(db, tenant.id, offers);
  return { offers: offers.map((o) => offerDto(o, locale, games)) };
}
