import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { GameProviderAdapter, LaunchRequest, WalletAction, WalletResult } from './adapter';

/** The body of POST {api}/freerounds (create a free-rounds campaign); cancel and status take operator_id + campaign_id. */
export type FreeRoundsBody = {
  operator_id: string;
  campaign_id: string;
  player_id: string;
  game_id: string;
  rounds: number;
  bet: number;
  currency: 'BRL';
  expires_at: string;
};

/**
 * Our generic seamless-wallet protocol (documented in docs/api/casino.md). JSON over HTTPS both ways; every
 * request body is signed with HMAC-SHA256 under the secret shared by the operator and the provider, hex in the
 * `X-Signature` header. Money is integer centavos.
 */
export const SIGNATURE_HEADER = 'x-signature';

export function sign(body: string, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

export function verifySignature(body: string, signature: unknown, secret: string): boolean {
  if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const want = Buffer.from(sign(body, secret), 'hex');
  return timingSafeEqual(want, Buffer.from(signature.toLowerCase(), 'hex'));
}

const id = z.string().min(1).max(100);
const token = z.string().min(16).max(200);
const amount = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

const SCHEMAS = {
  authenticate: z.object({ session_token: token }),
  balance: z.object({ session_token: token, player_id: id }),
  bet: z.object({
    session_token: token,
    player_id: id,
    transaction_id: id,
    round_id: id,
    game_id: id,
    amount: amount.min(1),
  }),
  win: z.object({
    session_token: token,
    player_id: id,
    transaction_id: id,
    round_id: id,
    game_id: id,
    amount,
    round_closed: z.boolean().default(true),
    // A free round's win: the campaign id we gave the provider (no bet precedes it).
    free_round_id: id.optional(),
  }),
  rollback: z.object({
    session_token: token,
    player_id: id,
    transaction_id: id,
    rollback_transaction_id: id,
    round_id: id,
  }),
};

export function parseGeneric(op: string, body: unknown): WalletAction | null {
  switch (op) {
    case 'authenticate': {
      const r = SCHEMAS.authenticate.safeParse(body);
      return r.success ? { op, sessionToken: r.data.session_token } : null;
    }
    case 'balance': {
      const r = SCHEMAS.balance.safeParse(body);
      return r.success ? { op, sessionToken: r.data.session_token, playerId: r.data.player_id } : null;
    }
    case 'bet': {
      const r = SCHEMAS.bet.safeParse(body);
      if (!r.success) return null;
      const d = r.data;
      return {
        op,
        sessionToken: d.session_token,
        playerId: d.player_id,
        txId: d.transaction_id,
        roundId: d.round_id,
        gameId: d.game_id,
        amount: d.amount,
      };
    }
    case 'win': {
      const r = SCHEMAS.win.safeParse(body);
      if (!r.success) return null;
      const d = r.data;
      return {
        op,
        sessionToken: d.session_token,
        playerId: d.player_id,
        txId: d.transaction_id,
        roundId: d.round_id,
        gameId: d.game_id,
        amount: d.amount,
        roundClosed: d.round_closed,
        ...(d.free_round_id ? { freeRoundId: d.free_round_id } : {}),
      };
    }
    case 'rollback': {
      const r = SCHEMAS.rollback.safeParse(body);
      if (!r.success) return null;
      const d = r.data;
      return {
        op,
        sessionToken: d.session_token,
        playerId: d.player_id,
        txId: d.transaction_id,
        refTxId: d.rollback_transaction_id,
        roundId: d.round_id,
      };
    }
    default:
      return null;
  }
}

/** Wire form of a result: 200 for every answer the protocol defines (insufficient funds included). */
export function replyGeneric(result: WalletResult): { statusCode: number; body: unknown } {
  if (result.status === 'ok') {
    return {
      statusCode: 200,
      body: {
        status: 'OK',
        balance: result.balance,
        currency: result.currency,
        ...(result.playerId ? { player_id: result.playerId } : {}),
        ...(result.transactionId ? { transaction_id: result.transactionId } : {}),
      },
    };
  }
  const statusCode = result.code === 'INVALID_SIGNATURE' ? 401 : result.code === 'INVALID_REQUEST' ? 400 : 200;
  return {
    statusCode,
    body: {
      status: 'ERROR',
      error_code: result.code,
      currency: result.currency,
      ...(result.balance !== undefined ? { balance: result.balance } : {}),
    },
  };
}

export type LaunchBody = {
  operator_id: string;
  game_id: string;
  mode: 'real' | 'demo';
  session_token: string | null;
  player_id: string | null;
  currency: 'BRL';
  language: 'pt' | 'en';
  callback_url: string;
  callback_host: string;
  lobby_url: string;
};

/**
 * The generic adapter. `resolveBase` turns the provider's api_url into a reachable base URL (the built-in
 * stand-in's "sandbox:" becomes this process's own address).
 */
export function genericAdapter(o: {
  resolveBase: (apiUrl: string) => string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}): GameProviderAdapter {
  const doFetch = o.fetch ?? fetch;
  /** A signed POST to the provider's API; the answer's status and JSON body (null when not JSON). */
  const post = async (provider: { api_url: string; secret: string }, path: string, body: unknown) => {
    const raw = JSON.stringify(body);
    const base = o.resolveBase(provider.api_url).replace(/\/+$/, '');
    const res = await doFetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: sign(raw, provider.secret) },
      body: raw,
      signal: AbortSignal.timeout(o.timeoutMs ?? 8000),
    });
    return { status: res.status, json: (await res.json().catch(() => null)) as Record<string, unknown> | null };
  };
  return {
    protocol: 'generic',
    async launch(req: LaunchRequest) {
      const body: LaunchBody = {
        operator_id: req.provider.operator_id,
        game_id: req.providerGameId,
        mode: req.demo ? 'demo' : 'real',
        session_token: req.sessionToken,
        player_id: req.playerId,
        currency: req.currency,
        language: req.language,
        callback_url: req.callbackUrl,
        callback_host: req.callbackHost,
        lobby_url: req.lobbyUrl,
      };
      const raw = JSON.stringify(body);
      const base = o.resolveBase(req.provider.api_url).replace(/\/+$/, '');
      const res = await doFetch(`${base}/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: sign(raw, req.provider.secret) },
        body: raw,
        signal: AbortSignal.timeout(o.timeoutMs ?? 8000),
      });
      if (!res.ok) throw new Error(`provider ${req.provider.code} launch: HTTP ${res.status}`);
      const json = (await res.json()) as { url?: unknown };
      if (typeof json.url !== 'string' || !json.url) throw new Error(`provider ${req.provider.code}: no url`);
      return { url: json.url };
    },
    async grantFreeRounds(req) {
      const body: FreeRoundsBody = {
        operator_id: req.provider.operator_id,
        campaign_id: req.campaignId,
        player_id: req.playerId,
        game_id: req.providerGameId,
        rounds: req.rounds,
        bet: req.bet,
        currency: 'BRL',
        expires_at: req.expiresAt.toISOString(),
      };
      const r = await post(req.provider, '/freerounds', body);
      if (r.status === 200 && r.json?.status === 'OK') return 'ok';
      // The provider looked at it and said no (unknown game, a stake it does not offer): asking again changes nothing.
      if (r.status === 400 || r.status === 404 || r.status === 409) return 'refused';
      throw new Error(`provider ${req.provider.code} freerounds: HTTP ${r.status}`);
    },
    async cancelFreeRounds(req) {
      const r = await post(req.provider, '/freerounds/cancel', {
        operator_id: req.provider.operator_id,
        campaign_id: req.campaignId,
      });
      if (r.status !== 200 && r.status !== 404)
        throw new Error(`provider ${req.provider.code} freerounds cancel: HTTP ${r.status}`);
    },
    verify: (raw, headers, secret) => verifySignature(raw, headers[SIGNATURE_HEADER], secret),
    parse: parseGeneric,
    reply: replyGeneric,
  };
}
