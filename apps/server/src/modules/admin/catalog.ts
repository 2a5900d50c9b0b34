import type {
  AdminBookLimits,
  AdminBoxDetailReply,
  AdminBoxesReply,
  AdminBoxPreviewReply,
  AdminCategoriesReply,
  AdminEvent,
  AdminEventDetailReply,
  AdminEventsReply,
  AdminGame,
  AdminGamesReply,
  AdminProvider,
  AdminProvidersReply,
  AdminSettleReply,
  SetBookLimits,
  SettleEventBody,
  UpdateGameBody,
} from '@sorte/contracts';
import type { Db } from '../../platform/db/index';
import { AppError, type Localized } from '../../platform/errors';
import {
  boxTenant,
  createBox,
  listBoxes,
  listBoxVersions,
  loadVersion,
  previewBoxSpec,
  publishBox,
  retireBox,
} from '../boxes/index';
import {
  bumpCatalogRevision,
  findProviderAnyTenant,
  findStaffGame,
  listCategories,
  listStaffProviders,
  pageStaffGames,
  type StaffGameRow,
  setGameFields,
  setProviderFields,
} from '../casino/index';
import { connectSandbox } from '../providers/index';
import {
  type BookLimits,
  bookLimits,
  cancelBetsInWindow,
  type DeskEvent,
  DeskRefusal,
  deskMarkets,
  deskNames,
  eventLiability,
  findDeskEvent,
  holdEvent,
  listDeskEvents,
  rollbackEventSettlement,
  setBookLimits,
  settleEventScore,
  voidEvent,
} from '../sports/index';
import { auditStaffAct } from './audit';
import { tenantScope } from './permissions';
import type { StaffMember } from './staff';

/**
 * The back office's catalog over the casino, boxes and sports modules' own functions (the ones the ops CLI's
 * games:*, providers:*, box:* and sports:* commands call). A tenant's staff see their tenant's rows only: another
 * tenant's game, box or event is "not found".
 */

const BAD_CURSOR: Localized = {
  pt: 'Cursor de página inválido: use o next_cursor da página anterior.',
  en: 'Invalid page cursor: use the previous page’s next_cursor.',
};
const NO_GAME: Localized = { pt: 'Jogo não encontrado.', en: 'Game not found.' };
const NO_PROVIDER: Localized = { pt: 'Provedor não encontrado.', en: 'Provider not found.' };
const NO_BOX: Localized = { pt: 'Caixa não encontrada.', en: 'Box not found.' };
const NO_EVENT: Localized = { pt: 'Evento não encontrado.', en: 'Event not found.' };
const NO_CATEGORY: Localized = {
  pt: 'Categoria desconhecida nesta plataforma.',
  en: 'Unknown category on this platform.',
};
const PICK_TENANT: Localized = {
  pt: 'Escolha a plataforma (tenant) antes: as caixas são de uma plataforma.',
  en: 'Choose the platform (tenant) first: boxes belong to one platform.',
};

// A cursor is the last row's sort key and id as JSON in base64url: keys here are small integers or timestamps.
const encodeCursor = (key: number, id: number) => Buffer.from(JSON.stringify([key, id])).toString('base64url');
function decodeCursor(cursor: string): { key: number; id: number } {
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(v) && v.length === 2 && v.every((x) => Number.isSafeInteger(x))) return { key: v[0], id: v[1] };
  } catch {}
  throw new AppError('validation', BAD_CURSOR, { cursor: [BAD_CURSOR] });
}

// ---- Games and providers ---------------------------------------------------------------------------------------

const gameOf = (g: StaffGameRow): AdminGame => ({
  id: g.id,
  tenant_id: g.tenant_id,
  provider_id: g.provider_id,
  provider_code: g.provider_code,
  provider_name: g.provider_name,
  game_code: g.game_code,
  title: g.title,
  category: g.category_slug,
  rtp_bp: Number(g.rtp_bp),
  volatility: g.volatility,
  image: g.image,
  enabled: g.enabled,
  featured: g.featured,
  featured_home: g.featured_home,
  position: Number(g.sort),
  views: Number(g.views),
});

export async function listGames(
  db: Db,
  staff: StaffMember,
  q: {
    provider?: number;
    category?: string;
    enabled?: boolean;
    featured?: boolean;
    q?: string;
    sort: 'position' | 'newest';
    cursor?: string;
    limit: number;
    tenant?: number;
  },
): Promise<AdminGamesReply> {
  const after = q.cursor ? decodeCursor(q.cursor) : undefined;
  const rows = await pageStaffGames(db, {
    tenantId: tenantScope(staff, q.tenant),
    providerId: q.provider,
    category: q.category,
    enabled: q.enabled,
    featured: q.featured,
    search: q.q,
    sort: q.sort,
    after,
    limit: q.limit,
  });
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    data: page.map(gameOf),
    next_cursor:
      rows.length > q.limit && last ? encodeCursor(q.sort === 'position' ? Number(last.sort) : last.id, last.id) : null,
  };
}

/** games:set / games:feature from the console: the lobby changes at once (the catalog revision is bumped). */
export async function updateGame(
  db: Db,
  staff: StaffMember,
  o: { id: number; body: UpdateGameBody; ip: string | null },
): Promise<{ game: AdminGame }> {
  return db.transaction(async (tx) => {
    const before = await findStaffGame(tx, o.id, tenantScope(staff));
    if (!before) throw new AppError('not_found', NO_GAME);
    const b = o.body;
    if (b.category !== undefined && !(await listCategories(tx, before.tenant_id)).some((c) => c.slug === b.category))
      throw new AppError('validation', NO_CATEGORY, { category: [NO_CATEGORY] });
    await setGameFields(tx, before.tenant_id, before.id, {
      enabled: b.enabled,
      featured: b.featured,
      featured_home: b.featured_home,
      sort: b.position,
      category_slug: b.category,
    });
    await bumpCatalogRevision(tx, before.tenant_id);
    const after = (await findStaffGame(tx, o.id))!;
    await auditStaffAct(tx, {
      staff,
      action: 'game.update',
      tenantId: before.tenant_id,
      userId: null,
      before: gameOf(before),
      after: gameOf(after),
      ip: o.ip,
    });
    return { game: gameOf(after) };
  });
}

export async function listGameCategories(db: Db, staff: StaffMember, tenant?: number): Promise<AdminCategoriesReply> {
  const tenantId = tenantScope(staff, tenant);
  if (tenantId === undefined) return { data: [] };
  const rows = await listCategories(db, tenantId);
  return { data: rows.map((c) => ({ slug: c.slug, name_pt: c.name_pt, name_en: c.name_en })) };
}

const providerOf = (p: {
  id: number;
  tenant_id: number;
  code: string;
  name: string;
  protocol: string;
  enabled: boolean;
  max_single_win: number;
  games?: number;
}): AdminProvider => ({
  id: p.id,
  tenant_id: p.tenant_id,
  code: p.code,
  name: p.name,
  protocol: p.protocol,
  enabled: p.enabled,
  max_single_win: Number(p.max_single_win),
  games: p.games ?? 0,
});

export async function listProviders(db: Db, staff: StaffMember, tenant?: number): Promise<AdminProvidersReply> {
  return { data: (await listStaffProviders(db, tenantScope(staff, tenant))).map(providerOf) };
}

/** providers:set --enabled from the console: a disabled provider's games leave the lobby. */
export async function updateProvider(
  db: Db,
  staff: StaffMember,
  o: { id: number; enabled: boolean; ip: string | null },
): Promise<{ provider: AdminProvider }> {
  return db.transaction(async (tx) => {
    const before = await findProviderAnyTenant(tx, o.id, tenantScope(staff));
    if (!before) throw new AppError('not_found', NO_PROVIDER);
    await setProviderFields(tx, before.tenant_id, before.id, { enabled: o.enabled });
    await bumpCatalogRevision(tx, before.tenant_id);
    const after = (await listStaffProviders(tx, before.tenant_id)).find((p) => p.id === before.id)!;
    await auditStaffAct(tx, {
      staff,
      action: 'provider.update',
      tenantId: before.tenant_id,
      userId: null,
      before: providerOf(before),
      after: providerOf(after),
      ip: o.ip,
    });
    return { provider: providerOf(after) };
  });
}

const PICK_TENANT_IMPORT: Localized = {
  pt: 'Escolha a plataforma (tenant) que recebe os jogos.',
  en: 'Choose the platform (tenant) that gets the games.',
};

/** providers:connect-sandbox from the console: the stand-in's studios and games, audited in the same transaction. */
export async function importProviders(
  db: Db,
  staff: StaffMember,
  o: { tenant?: number; ip: string | null },
): Promise<{ games: number }> {
  const tenantId = tenantScope(staff, o.tenant);
  if (tenantId === undefined) throw new AppError('validation', PICK_TENANT_IMPORT, { tenant: [PICK_TENANT_IMPORT] });
  return db.transaction(async (tx) => {
    const games = await connectSandbox(tx, tenantId);
    await auditStaffAct(tx, {
      staff,
      action: 'provider.import',
      tenantId,
      userId: null,
      before: null,
      after: { source: 'sandbox', games },
      ip: o.ip,
    });
    return { games };
  });
}

// ---- Boxes -----------------------------------------------------------------------------------------------------

/** The tenant a box act runs on: the staff member's own, or the one platform staff name (required: boxes are a tenant's). */
function boxTenantOf(staff: StaffMember, tenant?: number): number {
  const t = tenantScope(staff, tenant);
  if (t === undefined) throw new AppError('validation', PICK_TENANT, { tenant: [PICK_TENANT] });
  return t;
}

/** A box id in the staff member's scope: its tenant, or 404 (another tenant's box is not found). */
async function boxInScope(db: Db, staff: StaffMember, id: number): Promise<number> {
  const t = await boxTenant(db, id);
  if (t === null || (staff.tenantId !== null && staff.tenantId !== t)) throw new AppError('not_found', NO_BOX);
  return t;
}

export async function boxes(db: Db, staff: StaffMember, tenant?: number): Promise<AdminBoxesReply> {
  const t = tenantScope(staff, tenant);
  if (t === undefined) return { data: [] };
  return { data: await listBoxes(db, t) };
}

export async function boxDetail(db: Db, staff: StaffMember, id: number): Promise<AdminBoxDetailReply> {
  const tenantId = await boxInScope(db, staff, id);
  const versions = await listBoxVersions(db, tenantId, id);
  const loaded = await Promise.all(versions.map((v) => loadVersion(db, tenantId, id, v.version)));
  const box = loaded[0]?.box;
  if (!box) throw new AppError('not_found', NO_BOX);
  return {
    box: {
      id: box.id,
      tenant_id: box.tenant_id,
      name: box.name,
      titles: box.titles,
      image: box.image,
      status: box.status,
      live_version: box.live_version,
    },
    versions: loaded.map((v) => ({
      version: v!.version.version,
      price: v!.version.price,
      sell_price: v!.version.sell_price,
      rtp_e6: v!.version.rtp_e6,
      published_at: v!.version.published_at ? new Date(v!.version.published_at).toISOString() : null,
      prizes: v!.prizes.map((p) => ({
        position: p.position,
        names: p.names,
        kind: p.kind,
        value: p.value,
        ticket_from: p.ticket_from,
        ticket_to: p.ticket_to,
        offer_id: p.offer_id,
        rarity: p.rarity,
      })),
    })),
  };
}

// The boxes module refuses in plain English (its callers are the ops CLI); the console shows the same refusal in
// Portuguese too, word for word where the pattern is known, else the English text behind a Portuguese lead.
const PT_RULES: [RegExp, (...m: string[]) => string][] = [
  [/^box spec: (.+?): (.+)$/, (path, msg) => `especificação da caixa: ${path}: ${msg}`],
  [
    /^box (\S+): the prize table does not cover tickets 1-(\d+) exactly: tickets (\d+)-(\d+) belong to no prize$/,
    (n, t, a, b) =>
      `caixa ${n}: a tabela de prêmios não cobre exatamente os bilhetes 1-${t}: os bilhetes ${a}-${b} não pertencem a nenhum prêmio`,
  ],
  [
    /^box (\S+): the prize table does not cover tickets 1-(\d+) exactly: range (\d+)-(\d+) overlaps the range before it$/,
    (n, t, a, b) =>
      `caixa ${n}: a tabela de prêmios não cobre exatamente os bilhetes 1-${t}: a faixa ${a}-${b} sobrepõe a anterior`,
  ],
  [
    /^box (\S+): the prize table does not cover tickets 1-(\d+) exactly: range (\d+)-(\d+) is not within 1-\d+$/,
    (n, t, a, b) =>
      `caixa ${n}: a tabela de prêmios não cobre exatamente os bilhetes 1-${t}: a faixa ${a}-${b} está fora de 1-${t}`,
  ],
  [
    /^box (\S+): the RTP is ([\d.]+)%, outside ([\d.]+)%-([\d.]+)%$/,
    (n, r, a, b) => `caixa ${n}: o RTP é ${r}%, fora de ${a}%-${b}%`,
  ],
  [
    /^box (\S+): the sell-back price (\d+) must be between 0 and the price (\d+)$/,
    (n, s, p) => `caixa ${n}: o preço de revenda ${s} deve ficar entre 0 e o preço ${p}`,
  ],
  [
    /^box (\S+): prize (\d+): the value must be positive$/,
    (n, i) => `caixa ${n}: prêmio ${i}: o valor deve ser positivo`,
  ],
  [
    /^box (\S+): prize (\d+): a (\S+) prize needs an "offer_id"$/,
    (n, i, k) => `caixa ${n}: prêmio ${i}: um prêmio ${k} precisa de "offer_id"`,
  ],
  [
    /^box (\S+): prize (\d+): a (\S+) prize takes no "offer_id"$/,
    (n, i, k) => `caixa ${n}: prêmio ${i}: um prêmio ${k} não leva "offer_id"`,
  ],
];

/** A refusal of the boxes module in both languages. */
export function boxProblem(en: string): { pt: string; en: string } {
  for (const [re, pt] of PT_RULES) {
    const m = re.exec(en);
    if (m) return { pt: pt(...m.slice(1)), en };
  }
  return { pt: `A caixa foi recusada: ${en}`, en };
}

export async function previewBox(
  db: Db,
  staff: StaffMember,
  o: { spec: unknown; tenant?: number },
): Promise<AdminBoxPreviewReply> {
  const p = await previewBoxSpec(db, boxTenantOf(staff, o.tenant), o.spec);
  return {
    ok: p.problem === null,
    problem: p.problem ? boxProblem(p.problem) : null,
    ranges: p.ranges,
    rtp_e6: p.rtp_e6,
  };
}

/** A module refusal (AppError with English text) as a 4xx in both languages. */
async function boxAct<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof AppError && typeof err.detail === 'string') throw new AppError(err.code, boxProblem(err.detail));
    throw err;
  }
}

export async function saveBox(
  db: Db,
  staff: StaffMember,
  o: { spec: unknown; tenant?: number; ip: string | null },
): Promise<{ id: number; name: string; version: number; created: boolean }> {
  const tenantId = boxTenantOf(staff, o.tenant);
  return boxAct(() =>
    db.transaction(async (tx) => {
      const saved = await createBox(tx, tenantId, o.spec);
      await auditStaffAct(tx, {
        staff,
        action: saved.created ? 'box.create' : 'box.revise',
        tenantId,
        userId: null,
        before: null,
        after: { ...saved, spec: o.spec },
        ip: o.ip,
      });
      return saved;
    }),
  );
}

export async function actOnBox(
  db: Db,
  staff: StaffMember,
  o: { id: number; act: 'publish' | 'retire'; ip: string | null },
): Promise<{ id: number; status: 'draft' | 'published' | 'retired'; version: number | null; rtp_e6: number | null }> {
  const tenantId = await boxInScope(db, staff, o.id);
  return boxAct(() =>
    db.transaction(async (tx) => {
      if (o.act === 'publish') {
        const p = await publishBox(tx, tenantId, o.id);
        const out = { id: p.id, status: 'published' as const, version: p.version, rtp_e6: p.rtpE6 };
        await auditStaffAct(tx, {
          staff,
          action: 'box.publish',
          tenantId,
          userId: null,
          before: null,
          after: out,
          ip: o.ip,
        });
        return out;
      }
      const r = await retireBox(tx, tenantId, o.id);
      const out = { id: r.id, status: r.status, version: r.live_version, rtp_e6: null };
      await auditStaffAct(tx, {
        staff,
        action: 'box.retire',
        tenantId,
        userId: null,
        before: null,
        after: out,
        ip: o.ip,
      });
      return out;
    }),
  );
}

// ---- Sportsbook ------------------------------------------------------------------------------------------------

const eventOf = (e: DeskEvent): AdminEvent => ({
  id: e.id,
  tenant_id: e.tenant_id,
  tournament_id: e.tournament_id,
  tournament: e.tournament,
  home: e.home,
  away: e.away,
  starts_at: new Date(e.starts_at).toISOString(),
  status: e.status as AdminEvent['status'],
  period: e.period,
  minute: Number(e.minute),
  score_home: Number(e.score_home),
  score_away: Number(e.score_away),
  result_home: e.result_home === null ? null : Number(e.result_home),
  result_away: e.result_away === null ? null : Number(e.result_away),
  operator_hold: e.operator_hold,
  bet_stop: e.bet_stop_until !== null && new Date(e.bet_stop_until).getTime() > Date.now(),
  settled_at: e.settled_at ? new Date(e.settled_at).toISOString() : null,
  active_markets: Number(e.active),
  markets: Number(e.markets),
});

export async function listEvents(
  db: Db,
  staff: StaffMember,
  q: {
    live?: boolean;
    status?: AdminEvent['status'];
    tournament?: number;
    cursor?: string;
    limit: number;
    tenant?: number;
  },
): Promise<AdminEventsReply> {
  const after = q.cursor ? decodeCursor(q.cursor) : undefined;
  const rows = await listDeskEvents(db, {
    tenantId: tenantScope(staff, q.tenant),
    live: q.live,
    status: q.status ?? null,
    tournamentId: q.tournament,
    after: after ? { startsAt: new Date(after.key), id: after.id } : undefined,
    limit: q.limit,
  });
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    data: page.map(eventOf),
    next_cursor: rows.length > q.limit && last ? encodeCursor(new Date(last.starts_at).getTime(), last.id) : null,
  };
}

async function eventInScope(db: Db, staff: StaffMember, id: number): Promise<DeskEvent> {
  const e = await findDeskEvent(db, id, tenantScope(staff));
  if (!e) throw new AppError('not_found', NO_EVENT);
  return e;
}

export async function eventDetail(
  db: Db,
  staff: StaffMember,
  id: number,
  lang: 'pt' | 'en' = 'pt',
): Promise<AdminEventDetailReply> {
  const e = await eventInScope(db, staff, id);
  const [markets, liability] = await Promise.all([deskMarkets(db, e.id), eventLiability(db, e.id)]);
  const teams = { home: e.home, away: e.away };
  return {
    event: eventOf(e),
    markets: markets.map((m) => {
      const names = deskNames(m, teams, lang);
      return {
        id: m.id,
        kind: m.kind,
        specifiers: m.specifiers,
        name: names.market,
        status: m.status,
        outcomes: m.outcomes.map((o) => ({ ...o, name: names.outcome(o.code) })),
      };
    }),
    liability: liability.map((l) => {
      // The liability names a market as "kind specifiers" (sports:liability's column).
      const [kind = '', specifiers = ''] = l.market.split(' ');
      const names = deskNames({ kind, specifiers }, teams, lang);
      return { ...l, market_name: names.market, outcome_name: names.outcome(l.outcome) };
    }),
  };
}

const NOT_OPEN: Localized = {
  pt: 'Somente um evento aberto (não iniciado ou ao vivo) pode ser suspenso ou retomado.',
  en: 'Only an open event (not started or live) can be suspended or resumed.',
};
const CANCELLED: Localized = {
  pt: 'O evento está cancelado: desfaça a liquidação (rollback) antes.',
  en: 'The event is cancelled: roll it back first.',
};

/** sports:suspend [--resume] from the console, audited in the hold's own transaction. */
export async function holdEventAct(
  db: Db,
  staff: StaffMember,
  o: { id: number; resume: boolean; ip: string | null },
): Promise<{ event: AdminEvent; changed: number }> {
  try {
    const r = await holdEvent(db, {
      eventId: o.id,
      tenantId: tenantScope(staff),
      resume: o.resume,
      within: (tx, { before, after }) =>
        auditStaffAct(tx, {
          staff,
          action: o.resume ? 'sports_event.resume' : 'sports_event.suspend',
          tenantId: after.tenant_id,
          userId: null,
          before: eventOf(before),
          after: eventOf(after),
          ip: o.ip,
        }),
    });
    return { event: eventOf(r.event), changed: r.changed };
  } catch (err) {
    if (err instanceof DeskRefusal)
      throw err.code === 'not_found' ? new AppError('not_found', NO_EVENT) : new AppError('conflict', NOT_OPEN);
    throw err;
  }
}

const score = (s: string): [number, number] => s.split('-').map(Number) as [number, number];

/**
 * sports:settle from the console. Settlement runs in its own batched transactions (it pays through the ledger bet by
 * bet), so the audit row is written right after it succeeds, with what it closed; a failed settlement leaves none.
 */
export async function settleEventAct(
  db: Db,
  staff: StaffMember,
  o: { id: number; body: SettleEventBody; ip: string | null },
): Promise<AdminSettleReply> {
  const before = await eventInScope(db, staff, o.id);
  const ref = { tenantId: before.tenant_id, eventId: before.id };
  const b = o.body;
  const reason = (b.reason ?? 'operator').slice(0, 200);
  const out = { settled: 0, won: 0, paid: 0, reopened: 0, voided: 0, kept: [] as number[] };
  try {
    if (b.mode === 'score') {
      const r = await settleEventScore(db, { ...ref, score: score(b.score), ht: b.ht ? score(b.ht) : null, reason });
      Object.assign(out, { settled: r.settled.settled, won: r.settled.won, paid: r.settled.paid });
      if (r.rolledBack) Object.assign(out, { reopened: r.rolledBack.reopened, kept: r.rolledBack.kept });
    } else if (b.mode === 'void') {
      const s = await voidEvent(db, { ...ref, reason });
      Object.assign(out, { settled: s.settled, won: s.won, paid: s.paid });
    } else if (b.mode === 'rollback') {
      const r = await rollbackEventSettlement(db, { ...ref, reason });
      Object.assign(out, { reopened: r.reopened, kept: r.kept });
    } else {
      const w = await cancelBetsInWindow(db, { ...ref, from: new Date(b.from), to: new Date(b.to), reason });
      Object.assign(out, { voided: w.voided, reopened: w.reopened, settled: w.settled, kept: w.kept });
    }
  } catch (err) {
    if (err instanceof DeskRefusal)
      throw err.code === 'not_found' ? new AppError('not_found', NO_EVENT) : new AppError('conflict', CANCELLED);
    throw err;
  }
  const after = (await findDeskEvent(db, before.id))!;
  const reply = { event: eventOf(after), ...out };
  await db.transaction((tx) =>
    auditStaffAct(tx, {
      staff,
      action: `sports_event.${b.mode}`,
      tenantId: before.tenant_id,
      userId: null,
      before: eventOf(before),
      after: { ...reply, request: b },
      ip: o.ip,
    }),
  );
  return reply;
}

const NO_TENANT_BOOK: Localized = {
  pt: 'Escolha a plataforma (tenant): os limites são de uma plataforma.',
  en: 'Choose the platform (tenant): limits belong to one platform.',
};
const BAD_LIMITS: Localized = {
  pt: 'A aposta máxima não pode ser menor que a aposta mínima.',
  en: 'The maximum stake cannot be below the minimum stake.',
};

const limitsOf = (l: BookLimits): AdminBookLimits => ({
  min_stake: l.minStake,
  max_stake: l.maxStake,
  max_payout: l.maxPayout,
  market_liability: l.marketLiability,
  live_delay_ms: l.liveDelayMs,
  margins: l.margins,
});

function bookTenant(staff: StaffMember, tenant?: number): number {
  const t = tenantScope(staff, tenant);
  if (t === undefined) throw new AppError('validation', NO_TENANT_BOOK, { tenant: [NO_TENANT_BOOK] });
  return t;
}

export async function limits(db: Db, staff: StaffMember, tenant?: number): Promise<{ limits: AdminBookLimits }> {
  return { limits: limitsOf(await bookLimits(db, bookTenant(staff, tenant))) };
}

/** sports:limits from the console, audited in the change's own transaction. */
export async function changeLimits(
  db: Db,
  staff: StaffMember,
  o: { body: SetBookLimits; ip: string | null },
): Promise<{ limits: AdminBookLimits }> {
  const tenantId = bookTenant(staff, o.body.tenant);
  const b = o.body;
  try {
    const after = await setBookLimits(
      db,
      tenantId,
      {
        minStake: b.min_stake,
        maxStake: b.max_stake,
        maxPayout: b.max_payout,
        marketLiability: b.market_liability,
        liveDelayMs: b.live_delay_ms,
        margins: b.margins,
      },
      (tx, { before, after }) =>
        auditStaffAct(tx, {
          staff,
          action: 'sports_limits.update',
          tenantId,
          userId: null,
          before: limitsOf(before),
          after: limitsOf(after),
          ip: o.ip,
        }),
    );
    return { limits: limitsOf(after) };
  } catch (err) {
    if (err instanceof DeskRefusal) throw new AppError('validation', BAD_LIMITS, { max_stake: [BAD_LIMITS] });
    throw err;
  }
}
