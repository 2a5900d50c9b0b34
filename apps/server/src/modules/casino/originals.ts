import { randomBytes } from 'node:crypto';
import type { TenantSettings } from '@sorte/contracts';
import { type OriginalsCode, originalsExactRtp, rtpBasisPoints } from '@sorte/fairness';
import type { Db, Sql } from '../../platform/db/index';
import * as repo from './repo';

/**
 * Sorte Originals as a provider of the casino catalog, so the lobby, search and history treat them like any other
 * provider's games. Every tenant has the provider row and the eight games; they launch in-site (the provider's
 * protocol 'originals', modules/providers/originals.ts) and settle in modules/originals, which writes the casino
 * round, the recent game and the settled-round events with the game's catalog id in the same statement as the
 * money (platform/db/functions/originals_place_bet.sql, originals/events.ts).
 */
export const ORIGINALS_PROVIDER_CODE = 'sorte-originals';
export const ORIGINALS_PROTOCOL = 'originals';
export const ORIGINALS_CATEGORY: repo.CategoryRow = {
  slug: 'originals',
  name_pt: 'Originais',
  name_en: 'Originals',
  icon: 'originals',
  sort: 0,
};
/** Hidden from the catalog of a regulated tenant that did not opt in (see originals_multiplayer in the settings). */
export const MULTIPLAYER_CODES: ReadonlySet<string> = new Set(['crash', 'double']);

type Def = { code: OriginalsCode; title: string; type: string; volatility: repo.GameRow['volatility'] };

/**
 * The games. RTP shown is the exact theoretical RTP from packages/fairness; where the player picks the odds (target,
 * mines, rows, risk, picks, colour) it is the LOWEST over every choice the game offers, so the figure holds for
 * every bet. Volatility follows the spread of the payouts the game allows: dice and double pay small multiples
 * most of the time (medium); limbo, crash, mines, plinko and keno reach hundreds to millions of times the stake on
 * rare outcomes (high to very high); the slot's variance comes from slotExactStats (second moment).
 */
export const ORIGINALS_GAMES: readonly Def[] = [
  { code: 'dice', title: 'Dice', type: 'instant', volatility: 'medium' },
  { code: 'limbo', title: 'Limbo', type: 'instant', volatility: 'very_high' },
  { code: 'mines', title: 'Mines', type: 'instant', volatility: 'high' },
  { code: 'plinko', title: 'Plinko', type: 'instant', volatility: 'high' },
  { code: 'keno', title: 'Keno', type: 'instant', volatility: 'high' },
  { code: 'slot', title: 'Onça Dourada', type: 'slots', volatility: 'medium' },
  { code: 'crash', title: 'Crash', type: 'crash', volatility: 'very_high' },
  { code: 'double', title: 'Double', type: 'roulette', volatility: 'medium' },
];

/**
 * Mystery box openings (modules/boxes) are recorded as rounds of this game, so the bet history and recent games name
 * them. Kept disabled: the lobby never lists or launches it (boxes have their own pages). Its RTP is the floor every
 * published box meets; each box shows its own.
 */
export const BOX_GAME = { code: 'box', title: 'Caixas', type: 'boxes', rtp_bp: 5000 } as const;

let rtpMemo: Map<string, number> | null = null;
/** The games' RTP in basis points (computed once per process: the slot enumerates its whole cycle, ~0.1 s). */
export function originalsRtpBp(): Map<string, number> {
  rtpMemo ??= new Map(ORIGINALS_GAMES.map((g) => [g.code, rtpBasisPoints(originalsExactRtp(g.code))]));
  return rtpMemo;
}

/** Whether a tenant offers Crash and Double: off for a regulated tenant unless it opted in. */
export function multiplayerOffered(s: Pick<TenantSettings, 'is_regulated' | 'originals_multiplayer'>): boolean {
  return !s.is_regulated || s.originals_multiplayer?.regulated_opt_in === true;
}

/** The in-site page of an Originals game ('/originals/dice', '/en/originals/dice'). */
export function originalsPath(code: string, locale: 'pt' | 'en'): string {
  return `${locale === 'en' ? '/en' : ''}/originals/${code}`;
}

/**
 * Writes (or brings up to date) the Originals provider, its category and its eight games for one tenant, in the
 * caller's transaction; idempotent and safe to run from several nodes at once. An operator's choices (enabled,
 * featured, order, title) are kept; only the facts of the games (RTP, volatility, art, type) are refreshed.
 */
export async function syncOriginals(tx: Sql, tenantId: number): Promise<void> {
  await tx.query(
    `insert into game_providers (tenant_id, code, name, protocol, api_url, operator_id, secret, sort)
      values ($1, $2, 'Sorte Originals', $3, 'originals:', 'sorte', $4, -1)
      on conflict (tenant_id, code) do nothing`,
    [tenantId, ORIGINALS_PROVIDER_CODE, ORIGINALS_PROTOCOL, randomBytes(32).toString('hex')],
  );
  const provider = (await repo.findProviderByCode(tx, tenantId, ORIGINALS_PROVIDER_CODE))!;
  await tx.query(
    `insert into game_categories (tenant_id, slug, name_pt, name_en, icon, sort) values ($1, $2, $3, $4, $5, $6)
      on conflict (tenant_id, slug) do nothing`,
    [
      tenantId,
      ORIGINALS_CATEGORY.slug,
      ORIGINALS_CATEGORY.name_pt,
      ORIGINALS_CATEGORY.name_en,
      ORIGINALS_CATEGORY.icon,
      ORIGINALS_CATEGORY.sort,
    ],
  );
  const rtp = originalsRtpBp();
  const existing = new Map(
    (
      await tx.query<{ provider_game_id: string; title: string; category_slug: string }>(
        'select provider_game_id, title, category_slug from games where tenant_id = $1 and provider_id = $2',
        [tenantId, provider.id],
      )
    ).rows.map((r) => [r.provider_game_id, r]),
  );
  for (const [i, g] of ORIGINALS_GAMES.entries()) {
    const had = existing.get(g.code);
    await repo.upsertGame(tx, tenantId, {
      provider_id: provider.id,
      provider_game_id: g.code,
      game_code: g.code,
      title: had?.title ?? g.title,
      category_slug: had?.category_slug ?? ORIGINALS_CATEGORY.slug,
      type: g.type,
      has_tables: false,
      only_demo: false,
      demo_allowed: true,
      // Bonus money may be staked: the wallet takes cash first, then bonus (ledger_debit_bet).
      bonus_allowed: true,
      rtp_bp: rtp.get(g.code)!,
      volatility: g.volatility,
      image: `/static/games/originals-${g.code}.svg`,
      image_mobile: `/static/games/originals-${g.code}.svg`,
      ...(had ? {} : { sort: i }),
    });
  }
  await tx.query(
    `insert into games (tenant_id, provider_id, provider_game_id, game_code, title, category_slug, type, rtp_bp,
        volatility, image, image_mobile, enabled, sort)
      values ($1, $2, $3, $3, $4, $5, $6, $7, 'high', '/static/boxes/caixa-ouro.svg', null, false, 100)
      on conflict (tenant_id, provider_id, provider_game_id) do nothing`,
    [tenantId, provider.id, BOX_GAME.code, BOX_GAME.title, ORIGINALS_CATEGORY.slug, BOX_GAME.type, BOX_GAME.rtp_bp],
  );
  await repo.bumpCatalogRevision(tx, tenantId);
}

/** Whether a tenant's catalog rows already match what syncOriginals would write (no write needed). */
export function originalsUpToDate(providers: repo.ProviderRow[], games: repo.GameRow[]): boolean {
  const p = providers.find((x) => x.code === ORIGINALS_PROVIDER_CODE);
  if (!p) return false;
  const rtp = originalsRtpBp();
  const mine = new Map(games.filter((g) => g.provider_id === p.id).map((g) => [g.provider_game_id, g]));
  if (!mine.has(BOX_GAME.code)) return false;
  return ORIGINALS_GAMES.every((d) => {
    const g = mine.get(d.code);
    return g && g.rtp_bp === rtp.get(d.code) && g.volatility === d.volatility && g.type === d.type;
  });
}

/** At start: every tenant's Originals (existing tenants); a tenant created later gets them on its first catalog load. */
export async function syncOriginalsAllTenants(db: Db): Promise<number> {
  const { rows } = await db.query<{ id: number }>('select id from tenants order by id');
  let n = 0;
  for (const t of rows) {
    const [providers, games] = await Promise.all([repo.listProviders(db, t.id), repo.listGames(db, t.id)]);
    if (originalsUpToDate(providers, games)) continue;
    await db.transaction((tx) => syncOriginals(tx, t.id));
    n++;
  }
  return n;
}
