import type { Sql } from '../../../platform/db/index';
import { AppError } from '../../../platform/errors';
import { MSG } from './messages';

/**
 * The book's limits per tenant (sports_settings; a tenant without a row has the column defaults) and its exposure:
 * per outcome, what open bets would pay beyond their stakes if it won. A market's liability is its largest
 * outcome's, so holding every outcome row at or under the limit holds the market there too.
 */

export type BookSettings = {
  minStake: number;
  maxStake: number;
  maxPayout: number;
  marketLiability: number;
  liveDelayMs: number;
};

/** The column defaults of sports_settings, for a tenant that never saved its own. */
export const DEFAULT_SETTINGS: BookSettings = {
  minStake: 100,
  maxStake: 500_000,
  maxPayout: 10_000_000,
  marketLiability: 5_000_000,
  liveDelayMs: 5_000,
};

/**
 * A live event whose feed has said nothing for this long is not priced: its markets take no bets. An event without
 * a heartbeat at all is fed by hand (an operator, a test): the catalog never expects one from it.
 */
export const HEARTBEAT_STALE_MS = 15_000;

export async function bookSettings(sql: Sql, tenantId: number): Promise<BookSettings> {
  const { rows } = await sql.query<{
    min_stake: string;
    max_stake: string;
    max_payout: string;
    market_liability: string;
    live_delay_ms: number;
  }>(
    'select min_stake, max_stake, max_payout, market_liability, live_delay_ms from sports_settings where tenant_id = $1',
    [tenantId],
    'sports_settings',
  );
  const r = rows[0];
  if (!r) return DEFAULT_SETTINGS;
  return {
    minStake: Number(r.min_stake),
    maxStake: Number(r.max_stake),
    maxPayout: Number(r.max_payout),
    marketLiability: Number(r.market_liability),
    liveDelayMs: r.live_delay_ms,
  };
}

/** What a bet adds to each of its legs' outcomes: its win beyond the stake it still has riding. */
export const exposureOf = (b: { potential_payout: number; stake: number }) => Math.max(0, b.potential_payout - b.stake);

export type ExposureLeg = { outcome_id: number; market_id: number };

/**
 * Adds `change` (negative to release) to each leg's outcome, in outcome id order so two placements never wait on
 * each other crosswise. With `limit`, throws a 422 when an outcome would go past it; the caller's transaction rolls
 * back. The row lock held until commit is what makes concurrent placements see each other's exposure.
 */
export async function addExposure(
  tx: Sql,
  tenantId: number,
  legs: readonly ExposureLeg[],
  change: { liability: number; stakes: number; bets: number },
  limit: number | null,
): Promise<void> {
  if (legs.length === 0) return;
  const sorted = [...legs].sort((a, b) => a.outcome_id - b.outcome_id);
  const { rows } = await tx.query<{ liability: string }>(
    `insert into sports_exposure (outcome_id, tenant_id, market_id, liability, stakes, bets)
       select o, $1::bigint, m, $4::bigint, $5::bigint, $6::int from unnest($2::bigint[], $3::bigint[]) with ordinality as x(o, m, n) order by n
     on conflict (outcome_id) do update set liability = sports_exposure.liability + excluded.liability,
       stakes = sports_exposure.stakes + excluded.stakes, bets = sports_exposure.bets + excluded.bets
     returning liability`,
    [
      tenantId,
      sorted.map((l) => l.outcome_id),
      sorted.map((l) => l.market_id),
      change.liability,
      change.stakes,
      change.bets,
    ],
    'sports_exposure_add',
  );
  if (limit !== null && change.liability > 0 && rows.some((r) => Number(r.liability) > limit))
    throw new AppError('validation', MSG.liability);
}
