import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db, Sql } from '../../../platform/db/index';
import { type FreeRoundsBody, type LaunchBody, SIGNATURE_HEADER, sign, verifySignature } from '../generic';
import {
  type DicePick,
  type RouletteBet,
  reelStrip,
  rollDice,
  type SandboxGame,
  sandboxGames,
  spinRoulette,
  spinSlot,
} from './games';
import { gamePage } from './page';

/**
 * The built-in game provider stand-in ("Sandbox"): a separate system that happens to run in this process. It
 * speaks the generic seamless-wallet protocol over real HTTP exactly as an aggregator would: operators register
 * with it (operator id + shared secret, its own table), the operator's server opens a session with a signed
 * POST /sessions, the player's browser loads the game page it returns, and every spin is settled by signed calls
 * back to the operator's wallet (bet, then win; rollback when a bet's answer is lost). Its RNG is node:crypto.
 * Demo sessions play with play money it keeps itself and never call the wallet. Its sessions live in its own table
 * (provider_sandbox_sessions), so a game opened through one server node plays on any other.
 *
 * Free rounds, as aggregators offer them: the operator creates a campaign (signed POST /freerounds: player, slot,
 * rounds, stake per round, expiry, the operator's campaign id), cancels it (/freerounds/cancel) or asks how far it
 * got (/freerounds/status). When that player opens that slot, its page plays the campaign's rounds first, at no
 * stake: each round is spun by the same RNG at the campaign's stake and its win (0 included) is reported with the
 * operator's `win` call carrying `free_round_id`, with no bet before it.
 */
export const SANDBOX_PREFIX = '/provider-sandbox';

type PlaySession = {
  operatorId: string;
  secret: string;
  game: SandboxGame;
  demo: boolean;
  sessionToken: string | null;
  playerId: string | null;
  language: 'pt' | 'en';
  callbackUrl: string;
  callbackHost: string;
  lobbyUrl: string;
  demoBalance: number;
};

type SessionRow = {
  operator_id: string;
  secret: string;
  game_id: string;
  demo: boolean;
  session_token: string | null;
  player_id: string | null;
  language: 'pt' | 'en';
  callback_url: string;
  callback_host: string;
  lobby_url: string;
  demo_balance: number;
};

const SESSION_TTL_MS = 6 * 60 * 60 * 1000;
// Longer than a play's calls to the operator can take (a bet, then a win, with their retries and timeouts).
const PLAY_HOLD_MS = 120_000;
const DEMO_START = 100_000;
export const SANDBOX_BETS = [50, 100, 200, 500, 1000, 2000, 5000, 10000];

const LaunchSchema = z.object({
  operator_id: z.string().min(1).max(100),
  game_id: z.string().min(1).max(100),
  mode: z.enum(['real', 'demo']),
  session_token: z.string().min(16).max(200).nullable(),
  player_id: z.string().min(1).max(100).nullable(),
  currency: z.literal('BRL'),
  language: z.enum(['pt', 'en']),
  callback_url: z.url(),
  callback_host: z.string().min(1).max(260),
  lobby_url: z.string().max(500),
});

const PlaySchema = z.object({
  bet: z.number().int().positive().optional(),
  pick: z.enum(['under', 'seven', 'over']).optional(),
  bets: z
    .array(
      z.object({
        type: z.enum(['straight', 'red', 'black', 'odd', 'even', 'low', 'high', 'dozen', 'column']),
        value: z.number().int().min(0).max(36).optional(),
        amount: z.number().int().positive(),
      }),
    )
    .min(1)
    .max(20)
    .optional(),
});

const FreeRoundsSchema = z.object({
  operator_id: z.string().min(1).max(100),
  campaign_id: z.string().min(1).max(100),
  player_id: z.string().min(1).max(100),
  game_id: z.string().min(1).max(100),
  rounds: z.number().int().min(1).max(1000),
  bet: z.number().int().positive(),
  currency: z.literal('BRL'),
  expires_at: z.iso.datetime({ offset: true }),
});
const CampaignSchema = z.object({ operator_id: z.string().min(1).max(100), campaign_id: z.string().min(1).max(100) });

type CampaignRow = {
  campaign_id: string;
  player_id: string;
  game_id: string;
  rounds: number;
  played: number;
  bet: number;
  expires_at: Date;
  cancelled: boolean;
};

const campaignDto = (c: CampaignRow) => ({
  status: 'OK',
  campaign_id: c.campaign_id,
  player_id: c.player_id,
  game_id: c.game_id,
  rounds: c.rounds,
  played: c.played,
  bet: Number(c.bet),
  expires_at: new Date(c.expires_at).toISOString(),
  state: c.cancelled
    ? 'cancelled'
    : c.played >= c.rounds
      ? 'finished'
      : new Date(c.expires_at) <= new Date()
        ? 'expired'
        : 'active',
});

/** Registers an operator with the stand-in (what a provider's account manager does in its back office). */
export async function registerSandboxOperator(sql: Sql, operatorId: string, secret: string) {
  await sql.query(
    `insert into provider_sandbox_operators (operator_id, secret) values ($1, $2)
      on conflict (operator_id) do update set secret = excluded.secret`,
    [operatorId, secret],
  );
}

type Wire = { status: 'OK' | 'ERROR'; balance?: number; error_code?: string };

/** A signed JSON POST to the operator, with the Host header of the operator's tenant. */
function callOperator(s: PlaySession, op: string, body: Record<string, unknown>, timeoutMs = 5000): Promise<Wire> {
  const raw = JSON.stringify(body);
  const url = new URL(`${s.callbackUrl.replace(/\/+$/, '')}/${op}`);
  const lib = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = lib.request(
      url,
      {
        method: 'POST',
        headers: {
          host: s.callbackHost,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(raw),
          [SIGNATURE_HEADER]: sign(raw, s.secret),
        },
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Wire);
          } catch (e) {
            reject(e);
          }
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(raw);
  });
}

async function withRetries<T>(times: number, fn: () => Promise<T>): Promise<T> {
  let last: unknown;
  for (let i = 0; i < times; i++) {
    try {
      return await fn();
    } catch (e) {
      last = e;
      await new Promise((r) => setTimeout(r, 100 * (i + 1)));
    }
  }
  throw last;
}

type Outcome = { stake: number; win: number; detail: Record<string, unknown> };

function play(game: SandboxGame, input: z.infer<typeof PlaySchema>): Outcome | string {
  if (game.kind === 'slot') {
    if (!input.bet || !SANDBOX_BETS.includes(input.bet)) return 'bad_bet';
    const r = spinSlot(game.theme!, input.bet);
    return { stake: input.bet, win: r.win, detail: { grid: r.grid, wins: r.wins } };
  }
  if (game.kind === 'dice') {
    if (!input.bet || !SANDBOX_BETS.includes(input.bet) || !input.pick) return 'bad_bet';
    const r = rollDice(input.pick as DicePick, input.bet);
    return { stake: input.bet, win: r.win, detail: { dice: r.dice, sum: r.sum, pick: input.pick } };
  }
  const bets = input.bets;
  if (!bets) return 'bad_bet';
  for (const b of bets) {
    if (b.amount % 50 !== 0 || b.amount > 100_000) return 'bad_bet';
    if (b.type === 'straight' && b.value === undefined) return 'bad_bet';
    if ((b.type === 'dozen' || b.type === 'column') && (!b.value || b.value > 3)) return 'bad_bet';
  }
  const stake = bets.reduce((s, b) => s + b.amount, 0);
  const r = spinRoulette(bets as RouletteBet[]);
  return { stake, win: r.win, detail: { number: r.number } };
}

/** The stand-in's HTTP surface, outside /api and without tenant resolution (it is not the operator). */
export function sandboxProviderRoutes(app: FastifyInstance, db: Db) {
  const toSession = (r: SessionRow): PlaySession | null => {
    const game = sandboxGames().find((g) => g.id === r.game_id);
    if (!game) return null;
    return {
      operatorId: r.operator_id,
      secret: r.secret,
      game,
      demo: r.demo,
      sessionToken: r.session_token,
      playerId: r.player_id,
      language: r.language,
      callbackUrl: r.callback_url,
      callbackHost: r.callback_host,
      lobbyUrl: r.lobby_url,
      demoBalance: Number(r.demo_balance),
    };
  };
  /** A live session, with its operator's current secret; null when unknown or expired. */
  const findSession = async (token: string) => {
    const { rows } = await db.query<SessionRow>(
      `select p.*, o.secret from provider_sandbox_sessions p
         join provider_sandbox_operators o on o.operator_id = p.operator_id
        where p.token = $1 and p.expires_at > now()`,
      [token],
    );
    return rows[0] ? toSession(rows[0]) : null;
  };
  /** Takes the session for one play: 'busy' while another play (on any node) holds it. */
  const holdSession = async (token: string): Promise<PlaySession | null | 'busy'> => {
    const { rows } = await db.query<SessionRow>(
      `with held as (update provider_sandbox_sessions set busy_until = now() + make_interval(secs => $2)
                      where token = $1 and expires_at > now() and (busy_until is null or busy_until < now())
                      returning *)
       select held.*, o.secret from held join provider_sandbox_operators o on o.operator_id = held.operator_id`,
      [token, PLAY_HOLD_MS / 1000],
    );
    if (rows[0]) return toSession(rows[0]);
    return (await findSession(token)) ? 'busy' : null;
  };
  const release = (token: string) =>
    db.query('update provider_sandbox_sessions set busy_until = null where token = $1', [token]);

  app.register(
    async (sb) => {
      sb.removeContentTypeParser('application/json');
      sb.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
      const json = (raw: unknown): unknown => {
        try {
          return JSON.parse(String(raw));
        } catch {
          return null;
        }
      };

      sb.get('/games', { config: { tenant: 'none' } }, async () => ({
        games: sandboxGames().map((g) => ({
          game_id: g.id,
          code: g.code,
          title: g.title,
          studio: g.studio,
          type: g.type,
          category: g.category,
          rtp: g.rtp_bp / 100,
          volatility: g.volatility,
          demo: true,
        })),
      }));

      sb.post('/sessions', { config: { tenant: 'none' } }, async (req, reply) => {
        const raw = String(req.body ?? '');
        const parsed = LaunchSchema.safeParse(json(raw));
        if (!parsed.success) return reply.code(400).send({ error: 'invalid_request' });
        const b: LaunchBody = parsed.data;
        const { rows } = await db.query<{ secret: string }>(
          'select secret from provider_sandbox_operators where operator_id = $1',
          [b.operator_id],
        );
        const secret = rows[0]?.secret;
        if (!secret || !verifySignature(raw, req.headers[SIGNATURE_HEADER], secret))
          return reply.code(401).send({ error: 'invalid_signature' });
        const game = sandboxGames().find((g) => g.id === b.game_id);
        if (!game) return reply.code(404).send({ error: 'unknown_game' });
        if (b.mode === 'real' && (!b.session_token || !b.player_id))
          return reply.code(400).send({ error: 'session_required' });
        const token = randomBytes(18).toString('base64url');
        // Opening a session sweeps the expired ones (an index keeps this cheap), so no node needs a timer for it.
        await db.query('delete from provider_sandbox_sessions where expires_at < now()');
        await db.query(
          `insert into provider_sandbox_sessions (token, operator_id, game_id, demo, session_token, player_id, language,
             callback_url, callback_host, lobby_url, demo_balance, expires_at)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, now() + make_interval(secs => $12))`,
          [
            token,
            b.operator_id,
            game.id,
            b.mode === 'demo',
            b.session_token,
            b.player_id,
            b.language,
            b.callback_url,
            b.callback_host,
            b.lobby_url,
            DEMO_START,
            SESSION_TTL_MS / 1000,
          ],
        );
        // Relative to the player's site: this stand-in is served from the same origin as the operator.
        return { url: `${SANDBOX_PREFIX}/play/${token}` };
      });

      /** A signed operator call: its parsed body, or the error already sent. */
      const operatorCall = async <T extends { operator_id: string }>(
        req: import('fastify').FastifyRequest,
        reply: import('fastify').FastifyReply,
        schema: z.ZodType<T>,
      ): Promise<T | null> => {
        const raw = String(req.body ?? '');
        const parsed = schema.safeParse(json(raw));
        if (!parsed.success) {
          await reply.code(400).send({ status: 'ERROR', error: 'invalid_request' });
          return null;
        }
        const { rows } = await db.query<{ secret: string }>(
          'select secret from provider_sandbox_operators where operator_id = $1',
          [parsed.data.operator_id],
        );
        if (!rows[0] || !verifySignature(raw, req.headers[SIGNATURE_HEADER], rows[0].secret)) {
          await reply.code(401).send({ status: 'ERROR', error: 'invalid_signature' });
          return null;
        }
        return parsed.data;
      };
      const findCampaign = async (operatorId: string, campaignId: string) =>
        (
          await db.query<CampaignRow>(
            `select campaign_id, player_id, game_id, rounds, played, bet, expires_at, cancelled
              from provider_sandbox_free_rounds where operator_id = $1 and campaign_id = $2`,
            [operatorId, campaignId],
          )
        ).rows[0] ?? null;

      // Creates a campaign; the same campaign id again answers it as it stands (a retry after a lost answer).
      sb.post('/freerounds', { config: { tenant: 'none' } }, async (req, reply) => {
        const b: FreeRoundsBody | null = await operatorCall(req, reply, FreeRoundsSchema);
        if (!b) return reply;
        const game = sandboxGames().find((g) => g.id === b.game_id);
        if (!game) return reply.code(404).send({ status: 'ERROR', error: 'unknown_game' });
        if (game.kind !== 'slot') return reply.code(400).send({ status: 'ERROR', error: 'not_a_slot' });
        if (!SANDBOX_BETS.includes(b.bet)) return reply.code(400).send({ status: 'ERROR', error: 'bad_bet' });
        await db.query(
          `insert into provider_sandbox_free_rounds (operator_id, campaign_id, player_id, game_id, rounds, bet, expires_at)
            values ($1, $2, $3, $4, $5, $6, $7) on conflict (operator_id, campaign_id) do nothing`,
          [b.operator_id, b.campaign_id, b.player_id, b.game_id, b.rounds, b.bet, b.expires_at],
        );
        const c = (await findCampaign(b.operator_id, b.campaign_id))!;
        if (c.player_id !== b.player_id || c.game_id !== b.game_id || Number(c.bet) !== b.bet)
          return reply.code(409).send({ status: 'ERROR', error: 'campaign_conflict' });
        return campaignDto(c);
      });

      sb.post('/freerounds/cancel', { config: { tenant: 'none' } }, async (req, reply) => {
        const b = await operatorCall(req, reply, CampaignSchema);
        if (!b) return reply;
        const c = await findCampaign(b.operator_id, b.campaign_id);
        if (!c) return reply.code(404).send({ status: 'ERROR', error: 'unknown_campaign' });
        await db.query(
          'update provider_sandbox_free_rounds set cancelled = true where operator_id = $1 and campaign_id = $2',
          [b.operator_id, b.campaign_id],
        );
        return campaignDto({ ...c, cancelled: true });
      });

      sb.post('/freerounds/status', { config: { tenant: 'none' } }, async (req, reply) => {
        const b = await operatorCall(req, reply, CampaignSchema);
        if (!b) return reply;
        const c = await findCampaign(b.operator_id, b.campaign_id);
        if (!c) return reply.code(404).send({ status: 'ERROR', error: 'unknown_campaign' });
        return campaignDto(c);
      });

      sb.get('/play/:token', { config: { tenant: 'none' } }, async (req, reply) => {
        const s = await findSession((req.params as { token: string }).token);
        reply.header('cache-control', 'no-store');
        if (!s) return reply.code(404).type('text/html; charset=utf-8').send(gamePage(null));
        const page = gamePage({
          game: s.game,
          demo: s.demo,
          language: s.language,
          bets: SANDBOX_BETS,
          strip: s.game.theme ? reelStrip(s.game.theme) : [],
        });
        return reply.type('text/html; charset=utf-8').send(page);
      });

      sb.get('/api/state/:token', { config: { tenant: 'none' } }, async (req, reply) => {
        const s = await findSession((req.params as { token: string }).token);
        if (!s) return reply.code(404).send({ error: 'session_not_found' });
        if (s.demo) return { balance: s.demoBalance, demo: true };
        const r = await callOperator(s, 'authenticate', { session_token: s.sessionToken }).catch(() => null);
        if (r?.status !== 'OK') return reply.code(409).send({ error: r?.error_code ?? 'operator_unreachable' });
        const free = await liveCampaign(s);
        return {
          balance: r.balance,
          demo: false,
          free_rounds: free
            ? { campaign_id: free.campaign_id, rounds: free.rounds, played: free.played, bet: Number(free.bet) }
            : null,
        };
      });

      sb.post('/api/play/:token', { config: { tenant: 'none' } }, async (req, reply) => {
        const token = (req.params as { token: string }).token;
        if (!(await findSession(token))) return reply.code(404).send({ error: 'session_not_found' });
        const input = PlaySchema.safeParse(json(req.body));
        if (!input.success) return reply.code(400).send({ error: 'bad_bet' });
        // One play at a time per session, whichever node it arrives on.
        const s = await holdSession(token);
        if (!s) return reply.code(404).send({ error: 'session_not_found' });
        if (s === 'busy') return reply.code(409).send({ error: 'busy' });
        try {
          const out = play(s.game, input.data);
          if (typeof out === 'string') return reply.code(400).send({ error: out });
          // The player's free rounds on this slot are played first, whatever stake the page sent.
          if (!s.demo && s.game.kind === 'slot') {
            const free = await takeFreeRound(s);
            if (free) return await settleFree(s, free, reply);
          }
          if (s.demo) {
            const { rows } = await db.query<{ demo_balance: number }>(
              `update provider_sandbox_sessions set demo_balance = demo_balance + $2
                where token = $1 and demo_balance >= $3 returning demo_balance`,
              [token, out.win - out.stake, out.stake],
            );
            if (!rows[0]) return reply.code(402).send({ error: 'INSUFFICIENT_FUNDS' });
            return { ...out.detail, stake: out.stake, win: out.win, balance: Number(rows[0].demo_balance) };
          }
          return await settle(s, out, reply);
        } finally {
          await release(token);
        }
      });
    },
    { prefix: SANDBOX_PREFIX },
  );

  /** The session player's oldest free-rounds campaign on this game with rounds left (active, unexpired). */
  async function liveCampaign(s: PlaySession): Promise<CampaignRow | null> {
    const { rows } = await db.query<CampaignRow>(
      `select campaign_id, player_id, game_id, rounds, played, bet, expires_at, cancelled
        from provider_sandbox_free_rounds
        where operator_id = $1 and player_id = $2 and game_id = $3 and not cancelled and played < rounds
          and expires_at > now()
        order by created_at, campaign_id limit 1`,
      [s.operatorId, s.playerId, s.game.id],
    );
    return rows[0] ?? null;
  }

  /** Takes the next round of that campaign (the session is held: one play at a time). */
  async function takeFreeRound(s: PlaySession): Promise<CampaignRow | null> {
    const live = await liveCampaign(s);
    if (!live) return null;
    const { rows } = await db.query<CampaignRow>(
      `update provider_sandbox_free_rounds set played = played + 1
        where operator_id = $1 and campaign_id = $2 and not cancelled and played < rounds and expires_at > now()
        returning campaign_id, player_id, game_id, rounds, played, bet, expires_at, cancelled`,
      [s.operatorId, live.campaign_id],
    );
    return rows[0] ?? null;
  }

  /**
   * A free round: spun at the campaign's stake, its win (0 included) reported with `free_round_id` and no bet. When
   * the operator refuses it (the campaign ended on its side) the campaign ends here too; when it cannot be reached
   * the round is given back, so the player spins it again.
   */
  async function settleFree(s: PlaySession, c: CampaignRow, reply: import('fastify').FastifyReply) {
    const out = spinSlot(s.game.theme!, Number(c.bet));
    const roundId = `fr-${randomUUID()}`;
    const free = { campaign_id: c.campaign_id, rounds: c.rounds, played: c.played, bet: Number(c.bet) };
    const win = await withRetries(5, () =>
      callOperator(s, 'win', {
        session_token: s.sessionToken,
        player_id: s.playerId,
        round_id: roundId,
        game_id: s.game.id,
        transaction_id: `w-${roundId}`,
        amount: out.win,
        round_closed: true,
        free_round_id: c.campaign_id,
      }),
    ).catch(() => null);
    if (!win) {
      await db.query(
        'update provider_sandbox_free_rounds set played = played - 1 where operator_id = $1 and campaign_id = $2 and played > 0',
        [s.operatorId, c.campaign_id],
      );
      return reply.code(503).send({ error: 'operator_unreachable' });
    }
    if (win.status !== 'OK') {
      await db.query(
        'update provider_sandbox_free_rounds set cancelled = true where operator_id = $1 and campaign_id = $2',
        [s.operatorId, c.campaign_id],
      );
      return reply.code(409).send({ error: win.error_code ?? 'free_rounds_refused', balance: win.balance });
    }
    return {
      grid: out.grid,
      wins: out.wins,
      stake: 0,
      win: out.win,
      balance: win.balance,
      round_id: roundId,
      free_round: free,
    };
  }

  /** Bet, then win (amount 0 closes a losing round). A bet whose answer is lost is rolled back. */
  async function settle(s: PlaySession, out: Outcome, reply: import('fastify').FastifyReply) {
    const roundId = `r-${randomUUID()}`;
    const betTx = `b-${randomUUID()}`;
    const common = { session_token: s.sessionToken, player_id: s.playerId, round_id: roundId, game_id: s.game.id };
    let bet: Wire;
    try {
      bet = await withRetries(2, () => callOperator(s, 'bet', { ...common, transaction_id: betTx, amount: out.stake }));
    } catch {
      // We do not know whether the operator took the stake: cancel it (idempotent on their side) before giving up.
      await withRetries(5, () =>
        callOperator(s, 'rollback', { ...common, transaction_id: `rb-${betTx}`, rollback_transaction_id: betTx }),
      ).catch(() => {});
      return reply.code(503).send({ error: 'operator_unreachable' });
    }
    if (bet.status !== 'OK') return reply.code(402).send({ error: bet.error_code, balance: bet.balance });
    const win = await withRetries(5, () =>
      callOperator(s, 'win', { ...common, transaction_id: `w-${betTx}`, amount: out.win, round_closed: true }),
    ).catch(() => null);
    if (win?.status !== 'OK') return reply.code(503).send({ error: win?.error_code ?? 'operator_unreachable' });
    return { ...out.detail, stake: out.stake, win: out.win, balance: win.balance, round_id: roundId };
  }
}
