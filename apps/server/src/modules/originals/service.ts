import { createHash } from 'node:crypto';
import { CLIENT_SEED_MAX_LENGTH, fromE4, MINES_TILES, minesMultiplierE4, payoutFor } from '@sorte/fairness';
import type { Db, Sql } from '../../platform/db/index';
import { AppError, type Localized } from '../../platform/errors';
import * as wallet from '../ledger/index';
import * as rg from '../responsible-gaming/index';
import { recordSettledRound, settledRoundEventBase } from './events';
import { amountMessage, GAMES, type GameCode, LIMITS, maxWinMessage } from './games';
import type { BetRow, SeedPairRow, Who } from './repo';
import * as repo from './repo';

export type Fairness = { server_seed_hash: string; client_seed: string; nonce: number };
export type SeedsView = Fairness;

const CLIENT_SEED = /^[\x21-\x7e]{1,64}$/;
export const CLIENT_SEED_MESSAGE: Localized = {
  pt: `A semente do cliente deve ter de 1 a ${CLIENT_SEED_MAX_LENGTH} caracteres, sem espaços nem acentos.`,
  en: `The client seed must have 1 to ${CLIENT_SEED_MAX_LENGTH} characters, without spaces or accents.`,
};
const OPEN_GAME: Localized = {
  pt: 'Termine sua rodada de Mines antes de trocar as sementes.',
  en: 'Finish your Mines round before changing the seeds.',
};
const NO_OPEN_GAME: Localized = {
  pt: 'Você não tem uma rodada de Mines em andamento.',
  en: 'You have no Mines round in play.',
};
const ALREADY_OPEN: Localized = {
  pt: 'Você já tem uma rodada de Mines em andamento.',
  en: 'You already have a Mines round in play.',
};
const TILE_TAKEN: Localized = { pt: 'Esta casa já foi revelada.', en: 'This tile was already revealed.' };
const NEED_REVEAL: Localized = {
  pt: 'Revele ao menos uma casa antes de retirar.',
  en: 'Reveal at least one tile before cashing out.',
};
const KEY_REUSED: Localized = {
  pt: 'Esta Idempotency-Key já foi usada com outra aposta.',
  en: 'This Idempotency-Key was already used for another bet.',
};

const seedsView = (p: Pick<SeedPairRow, 'server_seed_hash' | 'client_seed' | 'nonce'>): SeedsView => ({
  server_seed_hash: p.server_seed_hash,
  client_seed: p.client_seed,
  nonce: Number(p.nonce),
});

export function checkClientSeed(v: unknown): string {
  if (typeof v !== 'string' || !CLIENT_SEED.test(v))
    throw new AppError('validation', undefined, { client_seed: [CLIENT_SEED_MESSAGE] });
  return v;
}

/** The player's current pair (created on first sight): the hash of the secret server seed, client seed, next nonce. */
export async function getSeeds(db: Db, w: Who): Promise<SeedsView> {
  let pair = await repo.findActivePair(db, w);
  if (!pair) {
    await repo.ensureSeedPair(db, w);
    pair = await repo.findActivePair(db, w);
  }
  return seedsView(pair!);
}

/**
 * Reveals the current server seed and starts a new pair (new server seed; the given client seed or a fresh one).
 * Refused while a Mines round of the current pair is open: revealing the seed would reveal its board.
 */
export async function rotateSeeds(db: Db, w: Who, clientSeed?: string) {
  if (clientSeed !== undefined) checkClientSeed(clientSeed);
  rememberPair(w, null);
  return db.transaction(async (tx) => {
    await repo.ensureSeedPair(tx, w);
    const old = (await repo.findActivePair(tx, w, true))!;
    if (await repo.hasOpenBetOnPair(tx, old.id)) throw new AppError('conflict', OPEN_GAME);
    await repo.revealPair(tx, old.id);
    await repo.ensureSeedPair(tx, w, clientSeed);
    const current = (await repo.findActivePair(tx, w))!;
    return {
      previous: {
        server_seed: old.server_seed,
        server_seed_hash: old.server_seed_hash,
        client_seed: old.client_seed,
        nonce: Number(old.nonce),
      },
      current: seedsView(current),
    };
  });
}

function hashRequest(parts: unknown): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/**
 * Runs a money-moving call once per Idempotency-Key: in one SQL transaction it claims the key, runs `fn` and stores
 * its answer. A repeat with the same request gets the stored answer (replayed); with another request, 409.
 */
async function once<T>(
  db: Db,
  w: Who,
  key: string,
  request: unknown,
  fn: (tx: Sql) => Promise<T>,
): Promise<{ body: T; replayed: boolean }> {
  const hash = hashRequest(request);
  return db.transaction(async (tx) => {
    const claim = await repo.claimRequest(tx, w, key, hash);
    if (!claim.owned) {
      if (claim.hash !== hash) throw new AppError('conflict', KEY_REUSED);
      return { body: claim.response as T, replayed: true };
    }
    const body = await fn(tx);
    await repo.storeResponse(tx, w, key, body);
    return { body, replayed: false };
  });
}

function checkAmount(amount: unknown): number {
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < LIMITS.minBet || amount > LIMITS.maxBet)
    throw new AppError('validation', undefined, { amount: [amountMessage()] });
  return amount;
}

const total = (b: wallet.Balance) => b.cash + b.bonus;

export type BetView = {
  id: number;
  game: GameCode;
  amount: number;
  payout: number;
  multiplier: number;
  win: boolean;
  status: 'open' | 'settled';
  result: Record<string, unknown>;
  created_at: string;
  fairness: Fairness & { server_seed: string | null };
};

/** What a player may see of a bet: an open mines round hides its board. */
export function betView(b: BetRow): BetView {
  const outcome = { ...b.outcome };
  if (b.game === 'mines' && b.status === 'open') delete outcome.board;
  return {
    id: b.id,
    game: b.game,
    amount: b.amount,
    payout: b.payout,
    multiplier: fromE4(b.multiplier_e4),
    win: b.payout > 0,
    status: b.status,
    result: { ...b.params, ...outcome },
    created_at: new Date(b.created_at).toISOString(),
    fairness: {
      server_seed_hash: b.server_seed_hash,
      client_seed: b.client_seed,
      nonce: Number(b.nonce),
      server_seed: b.server_seed,
    },
  };
}

export type PlaceBet = Who & {
  game: Exclude<GameCode, 'mines'>;
  amount: unknown;
  params: unknown;
  idempotencyKey: string;
};

type CachedPair = Pick<SeedPairRow, 'id' | 'server_seed' | 'server_seed_hash' | 'client_seed' | 'nonce'>;

/**
 * The active seed pair of recently seen players (bounded, oldest out first). Only a hint: originals_place_bet takes
 * the nonce with a conditional UPDATE (this pair, this nonce), so a stale entry (a rotation, a Mines round, another
 * server) costs one more round trip, never a wrong nonce.
 */
const PAIRS = new Map<string, CachedPair>();
const PAIR_CACHE_MAX = 50_000;
const pairKey = (w: Who) => `${w.tenantId}:${w.userId}`;
function rememberPair(w: Who, p: CachedPair | null) {
  const k = pairKey(w);
  PAIRS.delete(k);
  if (!p) return;
  if (PAIRS.size >= PAIR_CACHE_MAX) PAIRS.delete(PAIRS.keys().next().value as string);
  PAIRS.set(k, p);
}

type PlaceRow = {
  status: 'ok' | 'replay' | 'stale' | 'no_pair';
  bet_id: number | null;
  balance: number | null;
  response: unknown;
  stored_hash: string | null;
  pair_id: number | null;
  pair_server_seed: string | null;
  pair_server_seed_hash: string | null;
  pair_client_seed: string | null;
  pair_nonce: number | null;
};

/**
 * One bet of an instant game in ONE statement (no explicit transaction): the fairness package draws the outcome
 * for the player's pair at its next nonce, then originals_place_bet (platform/db/functions/originals_place_bet.sql)
 * takes that nonce with a conditional UPDATE, records the bet, debits the stake and credits the win through the
 * ledger's functions, records the closed round through the casino's, publishes the settled-round event and, last,
 * the Idempotency-Key with the answer: all of it or nothing (a key used before undoes the statement, SR200, and the
 * stored answer is returned). When the nonce moved on meanwhile (another bet of the player, a rotation) nothing is
 * written and the bet is drawn again on the current pair.
 */
export async function placeBet(db: Db, o: PlaceBet, parse: <P>(game: GameCode, params: unknown) => P) {
  // Bets of one player through this server take turns here rather than colliding on the nonce in the database.
  return inTurn(pairKey(o), () => placeBetNow(db, o, parse));
}

const TURNS = new Map<string, Promise<unknown>>();
function inTurn<T>(k: string, fn: () => Promise<T>): Promise<T> {
  const run = (TURNS.get(k) ?? Promise.resolve()).then(fn);
  const tail = run.then(
    () => {},
    () => {},
  );
  TURNS.set(k, tail);
  void tail.then(() => {
    if (TURNS.get(k) === tail) TURNS.delete(k);
  });
  return run;
}

async function placeBetNow(db: Db, o: PlaceBet, parse: <P>(game: GameCode, params: unknown) => P) {
  const amount = checkAmount(o.amount);
  const def = GAMES[o.game];
  const params = parse<never>(o.game, o.params);
  if (payoutFor(amount, def.maxMultiplierE4(params)) > LIMITS.maxWin)
    throw new AppError('validation', undefined, { amount: [maxWinMessage()] });
  const hash = hashRequest([o.game, amount, params]);
  const w: Who = { tenantId: o.tenantId, userId: o.userId };
  let pair: CachedPair = PAIRS.get(pairKey(w)) ?? {
    id: 0,
    server_seed: '',
    server_seed_hash: '',
    client_seed: '',
    nonce: -1,
  };
  for (let attempt = 0; attempt < 200; attempt++) {
    const nonce = Number(pair.nonce);
    const known = pair.id > 0;
    // Unknown pair: the call only answers the current one (status stale), nothing is written.
    const settled = known
      ? def.play({ serverSeed: pair.server_seed, clientSeed: pair.client_seed, nonce }, params)
      : { multiplierE4: 0, result: {} };
    const payout = payoutFor(amount, settled.multiplierE4);
    const multiplier = fromE4(settled.multiplierE4);
    const fairness = { server_seed_hash: pair.server_seed_hash, client_seed: pair.client_seed, nonce };
    const head = { game: o.game, amount, ...settled.result, win: payout > 0, payout, multiplier };
    let row: PlaceRow;
    try {
      row = await repo.placeBet<PlaceRow>(db, [
        o.tenantId,
        o.userId,
        o.idempotencyKey,
        hash,
        o.game,
        pair.id,
        nonce,
        amount,
        payout,
        settled.multiplierE4,
        JSON.stringify(params),
        JSON.stringify(settled.result),
        JSON.stringify({ ...head, fairness }),
        JSON.stringify(settledRoundEventBase({ ...w, game: o.game })),
        JSON.stringify(settled.multiplierE4 / 10_000),
      ]);
    } catch (err) {
      // RG422: the player's limits or a stop on the account refused the stake; the statement was undone.
      const refusal = await rg.refusalFrom(db, w, err, amount);
      if (refusal) throw refusal;
      // SR200: the Idempotency-Key was used before; the statement was undone, the stored answer is the answer.
      if ((err as { code?: string } | null)?.code !== 'SR200') throw wallet.ledgerError(err);
      const { rows } = await db.query<{ request_hash: string; response: unknown }>(
        `select request_hash, response from originals_requests
          where tenant_id = $1 and user_id = $2 and idempotency_key = $3`,
        [o.tenantId, o.userId, o.idempotencyKey],
      );
      row = {
        status: 'replay',
        bet_id: null,
        balance: null,
        response: rows[0]?.response ?? null,
        stored_hash: rows[0]?.request_hash ?? null,
        pair_id: null,
        pair_server_seed: null,
        pair_server_seed_hash: null,
        pair_client_seed: null,
        pair_nonce: null,
      };
    }
    if (row.status === 'ok') {
      rememberPair(w, { ...pair, nonce: nonce + 1 });
      return {
        body: { id: row.bet_id!, ...head, balance: row.balance!, fairness },
        replayed: false,
      };
    }
    if (row.status === 'replay') {
      if (row.stored_hash !== hash) throw new AppError('conflict', KEY_REUSED);
      return { body: row.response as Record<string, unknown>, replayed: true };
    }
    if (row.status === 'no_pair') {
      rememberPair(w, null);
      await repo.ensureSeedPair(db, w);
      pair = { id: 0, server_seed: '', server_seed_hash: '', client_seed: '', nonce: -1 };
      continue;
    }
    pair = {
      id: row.pair_id!,
      server_seed: row.pair_server_seed!,
      server_seed_hash: row.pair_server_seed_hash!,
      client_seed: row.pair_client_seed!,
      nonce: Number(row.pair_nonce),
    };
    rememberPair(w, pair);
  }
  throw new AppError('unavailable');
}

// ---- Mines ----------------------------------------------------------------------------------------------------

type MinesOutcome = { board: number[]; revealed: number[]; busted?: boolean };

function minesView(b: {
  id: number;
  amount: number;
  mines: number;
  outcome: MinesOutcome;
  status: 'open' | 'settled';
}) {
  const revealed = b.outcome.revealed;
  const safe = b.outcome.busted ? revealed.length - 1 : revealed.length;
  const multiplierE4 = b.outcome.busted || safe === 0 ? 0 : minesMultiplierE4(b.mines, safe);
  const next = !b.outcome.busted && safe < MINES_TILES - b.mines ? minesMultiplierE4(b.mines, safe + 1) : null;
  return {
    id: b.id,
    game: 'mines' as const,
    amount: b.amount,
    mines: b.mines,
    status: b.status,
    revealed,
    busted: Boolean(b.outcome.busted),
    multiplier: fromE4(multiplierE4),
    next_multiplier: next === null ? null : fromE4(next),
    // The board only once the round is over.
    board: b.status === 'settled' ? b.outcome.board : null,
  };
}

export async function startMines(
  db: Db,
  o: Who & { amount: unknown; mines: unknown; idempotencyKey: string },
  parse: <P>(game: GameCode, params: unknown) => P,
) {
  const amount = checkAmount(o.amount);
  const params = parse<{ mines: number }>('mines', { mines: o.mines });
  if (payoutFor(amount, minesMultiplierE4(params.mines, 1)) > LIMITS.maxWin)
    throw new AppError('validation', undefined, { amount: [maxWinMessage()] });
  return once(db, o, o.idempotencyKey, ['mines:start', amount, params], async (tx) => {
    // After the seed-pair lock, so two starts of one player see each other's round.
    const pair = await repo.takeNonce(tx, o);
    if (await repo.findOpenMines(tx, o, false)) throw new AppError('conflict', ALREADY_OPEN);
    const nonce = Number(pair.nonce);
    const { result } = GAMES.mines.play(
      { serverSeed: pair.server_seed, clientSeed: pair.client_seed, nonce },
      params as never,
    );
    const outcome: MinesOutcome = { board: result.board as number[], revealed: [] };
    const bet = await repo.insertBet(tx, {
      ...o,
      game: 'mines',
      pairId: pair.id,
      nonce,
      amount,
      payout: 0,
      multiplierE4: 0,
      params,
      outcome,
      status: 'open',
    });
    await rg.play(tx, { tenantId: o.tenantId, userId: o.userId, stake: amount });
    const r = await wallet.debitBet(tx, {
      tenantId: o.tenantId,
      userId: o.userId,
      amount,
      idempotencyKey: `originals:bet:${bet.id}`,
      reference: `originals:mines:${bet.id}`,
    });
    return {
      ...minesView({ id: bet.id, amount, mines: params.mines, outcome, status: 'open' }),
      payout: 0,
      balance: total(r.balance),
      fairness: { server_seed_hash: pair.server_seed_hash, client_seed: pair.client_seed, nonce },
    };
  });
}

async function settleMinesRound(tx: Sql, w: Who, bet: BetRow, outcome: MinesOutcome, multiplierE4: number) {
  const payout = Math.min(payoutFor(bet.amount, multiplierE4), LIMITS.maxWin);
  await repo.updateMines(tx, { id: bet.id, outcome, status: 'settled', payout, multiplierE4 });
  let balance: wallet.Balance;
  if (payout > 0) await rg.play(tx, { tenantId: w.tenantId, userId: w.userId, win: payout });
  if (payout > 0)
    balance = (
      await wallet.creditWin(tx, {
        ...w,
        amount: payout,
        idempotencyKey: `originals:win:${bet.id}`,
        reference: `originals:mines:${bet.id}`,
        // Cash and bonus in the proportion the stake took them.
        stake: { key: `originals:bet:${bet.id}` },
      })
    ).balance;
  else balance = await wallet.getBalance(tx, w);
  await recordSettledRound(tx, { ...w, game: 'mines', betId: bet.id, amount: bet.amount, payout, multiplierE4 });
  return { payout, balance: total(balance) };
}

const fairnessOf = (b: BetRow): Fairness => ({
  server_seed_hash: b.server_seed_hash,
  client_seed: b.client_seed,
  nonce: Number(b.nonce),
});

/** Reveals one tile of the open round: a mine ends it (lost); the last safe tile cashes out automatically. */
export async function revealMines(db: Db, o: Who & { tile: unknown; idempotencyKey: string }) {
  const tile = o.tile;
  if (typeof tile !== 'number' || !Number.isInteger(tile) || tile < 0 || tile >= MINES_TILES)
    throw new AppError('validation', undefined, {
      tile: [{ pt: 'Escolha uma casa de 0 a 24.', en: 'Choose a tile from 0 to 24.' }],
    });
  return once(db, o, o.idempotencyKey, ['mines:reveal', tile], async (tx) => {
    const bet = await repo.findOpenMines(tx, o, true);
    if (!bet) throw new AppError('conflict', NO_OPEN_GAME);
    const mines = Number((bet.params as { mines: number }).mines);
    const outcome = bet.outcome as unknown as MinesOutcome;
    if (outcome.revealed.includes(tile)) throw new AppError('conflict', TILE_TAKEN);
    const next: MinesOutcome = { ...outcome, revealed: [...outcome.revealed, tile] };
    const base = { id: bet.id, amount: bet.amount, mines };
    if (outcome.board.includes(tile)) {
      next.busted = true;
      const s = await settleMinesRound(tx, o, bet, next, 0);
      return { ...minesView({ ...base, outcome: next, status: 'settled' }), ...s, fairness: fairnessOf(bet) };
    }
    const safe = next.revealed.length;
    const multiplierE4 = minesMultiplierE4(mines, safe);
    // Every safe tile found, or the max win reached: the round cashes out by itself.
    if (safe === MINES_TILES - mines || payoutFor(bet.amount, multiplierE4) >= LIMITS.maxWin) {
      const s = await settleMinesRound(tx, o, bet, next, multiplierE4);
      return { ...minesView({ ...base, outcome: next, status: 'settled' }), ...s, fairness: fairnessOf(bet) };
    }
    await repo.updateMines(tx, { id: bet.id, outcome: next, status: 'open', payout: 0, multiplierE4: 0 });
    const balance = await wallet.getBalance(tx, o);
    return {
      ...minesView({ ...base, outcome: next, status: 'open' }),
      payout: 0,
      balance: total(balance),
      fairness: fairnessOf(bet),
    };
  });
}

/** Cashes out the open round at its current multiplier. The row lock and the status make it happen at most once. */
export async function cashoutMines(db: Db, o: Who & { idempotencyKey: string }) {
  return once(db, o, o.idempotencyKey, ['mines:cashout'], async (tx) => {
    const bet = await repo.findOpenMines(tx, o, true);
    if (!bet) throw new AppError('conflict', NO_OPEN_GAME);
    const mines = Number((bet.params as { mines: number }).mines);
    const outcome = bet.outcome as unknown as MinesOutcome;
    if (outcome.revealed.length === 0) throw new AppError('conflict', NEED_REVEAL);
    const multiplierE4 = minesMultiplierE4(mines, outcome.revealed.length);
    const s = await settleMinesRound(tx, o, bet, outcome, multiplierE4);
    return {
      ...minesView({ id: bet.id, amount: bet.amount, mines, outcome, status: 'settled' }),
      ...s,
      fairness: fairnessOf(bet),
    };
  });
}

/** The player's open mines round, if any (board hidden), so a reload resumes it. */
export async function activeMines(db: Db, w: Who) {
  const bet = await repo.findOpenMines(db, w, false);
  if (!bet) return null;
  const mines = Number((bet.params as { mines: number }).mines);
  return {
    ...minesView({
      id: bet.id,
      amount: bet.amount,
      mines,
      outcome: bet.outcome as unknown as MinesOutcome,
      status: 'open',
    }),
    payout: 0,
    fairness: fairnessOf(bet),
  };
}

// ---- History --------------------------------------------------------------------------------------------------

export async function listBets(db: Db, w: Who, o: { game?: GameCode; limit: number; before?: number }) {
  const rows = await repo.listBets(db, w, o);
  return rows.map(betView);
}

export async function getBet(db: Db, w: Who, id: number) {
  const row = await repo.findBet(db, w, id);
  if (!row) throw new AppError('not_found', { pt: 'Aposta não encontrada.', en: 'Bet not found.' });
  return betView(row);
}
