import { generateKeyPairSync, randomUUID, type webcrypto } from 'node:crypto';
import http from 'node:http';
import { exportSPKI, importJWK, importSPKI, type JWK, type JWTPayload, jwtVerify, SignJWT } from 'jose';
import type { Sql } from '../../../platform/db/index';
import { getOrCreatePlatformKey } from '../../../platform/keys';
import type { Operation } from './wallet';

type CryptoKey = webcrypto.CryptoKey;

/** Where the stand-in calls: our server's base URL and the Host that names the tenant. */
export type Target = { url: string; host: string };
export type Reply = { status: number; body: Record<string, unknown> };

/** One HTTP request with an explicit Host header (fetch would not let us name the tenant's host). */
function request(
  target: Target,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<{ status: number; text: string }> {
  const u = new URL(path, target.url);
  const data = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        hostname: u.hostname,
        port: u.port,
        path: u.pathname + u.search,
        method,
        headers: {
          host: target.host,
          ...(data ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          text += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    if (data) req.write(data);
    req.end();
  });
}

/**
 * A local stand-in for Betby (there is no network here): it holds an RS256 key pair as Betby does, signs wallet
 * callbacks and sends them over HTTP to our /api/betby/* endpoints exactly as Betby's servers would, and verifies
 * our ES256 player token with the public key we serve. Tests and the demo (ops betby:play) drive the adapter
 * through it, so the code path is the one a real Betby account uses. Its key pair lives in platform_keys.
 */
export class BetbyStandin {
  private constructor(
    private readonly privateKey: CryptoKey,
    readonly publicPem: string,
  ) {}

  static async load(sql: Sql): Promise<BetbyStandin> {
    const jwk = await getOrCreatePlatformKey<JWK>(sql, 'betby_standin_rs256', () => {
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      return privateKey.export({ format: 'jwk' }) as JWK;
    });
    const privateKey = (await importJWK(jwk, 'RS256')) as CryptoKey;
    const pub = (await importJWK({ kty: 'RSA', n: jwk.n, e: jwk.e }, 'RS256', { extractable: true })) as CryptoKey;
    return new BetbyStandin(privateKey, await exportSPKI(pub));
  }

  /** A callback's payload JWT: the data as claims, issued now (or at `iat`), valid a minute. */
  sign(data: Record<string, unknown>, o: { iat?: number; ttl?: number } = {}): Promise<string> {
    const iat = o.iat ?? Math.floor(Date.now() / 1000);
    return new SignJWT(data)
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuedAt(iat)
      .setExpirationTime(iat + (o.ttl ?? 60))
      .setJti(randomUUID())
      .sign(this.privateKey);
  }

  /** Sends one callback: POST /api/betby/<op> with {payload}. `payload` overrides the signed one (bad-signature tests). */
  async send(
    target: Target,
    op: Operation,
    data: Record<string, unknown>,
    o: { payload?: string; iat?: number; ttl?: number } = {},
  ): Promise<Reply> {
    const payload = o.payload ?? (await this.sign(data, o));
    const res = await request(target, 'POST', `/api/betby/${op}`, { payload });
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(res.text) as Record<string, unknown>;
    } catch {
      body = { raw: res.text };
    }
    return { status: res.status, body };
  }

  /** Verifies a player token as Betby does: with the operator's published public key, ES256, for the brand. */
  async verifyPlayerToken(target: Target, token: string, brandId: string): Promise<JWTPayload> {
    const res = await request(target, 'GET', '/api/betby/public-key.pem');
    if (res.status !== 200) throw new Error(`public key: HTTP ${res.status}`);
    const key = await importSPKI(res.text, 'ES256');
    const { payload } = await jwtVerify(token, key, { algorithms: ['ES256'], issuer: brandId });
    return payload;
  }

  /**
   * One betslip's life as Betby plays it: bet/make, then bet/commit, then the settlement (win, cash-out, lost or
   * refund) and bet/settlement; or bet/make then bet/discard. Answers each step's reply.
   */
  async play(
    target: Target,
    o: {
      userId: number;
      stake: number;
      odds: number;
      outcome: 'win' | 'cashout' | 'lost' | 'refund' | 'discard';
      id?: string;
    },
  ): Promise<{ step: string; reply: Reply }[]> {
    const id = o.id ?? randomUUID();
    const betTx = `${id}-bet`;
    const steps: { step: string; reply: Reply }[] = [];
    const call = async (op: Operation, data: Record<string, unknown>) => {
      const reply = await this.send(target, op, data);
      steps.push({ step: op, reply });
      return reply;
    };
    const made = await call('bet/make', {
      amount: o.stake,
      currency: 'BRL',
      ext_player_id: String(o.userId),
      session_id: randomUUID(),
      transaction: { id: betTx, betslip_id: id, amount: o.stake, currency: 'BRL', operation: 'bet' },
      betslip: { id, type: 'single', sum: o.stake, k: String(o.odds), bets: [{ id: `${id}-1`, odds: String(o.odds) }] },
      potential_win: Math.floor(o.stake * o.odds),
    });
    if (made.status !== 200) return steps;
    if (o.outcome === 'discard') {
      await call('bet/discard', { ext_player_id: String(o.userId), transaction_id: betTx, reason: 'not accepted' });
      return steps;
    }
    await call('bet/commit', { bet_transaction_id: betTx });
    const settle = { bet_transaction_id: betTx, ext_player_id: String(o.userId), currency: 'BRL' };
    if (o.outcome === 'win' || o.outcome === 'cashout') {
      const amount = o.outcome === 'win' ? Math.floor(o.stake * o.odds) : Math.floor(o.stake * 0.9);
      await call('bet/win', {
        ...settle,
        amount,
        is_cashout: o.outcome === 'cashout',
        transaction: { id: `${id}-win`, betslip_id: id, operation: 'win', amount, parent_transaction_id: betTx },
      });
    } else if (o.outcome === 'lost') {
      await call('bet/lost', {
        ...settle,
        transaction: { id: `${id}-lost`, betslip_id: id, operation: 'lost', amount: 0, parent_transaction_id: betTx },
      });
    } else {
      await call('bet/refund', {
        ...settle,
        amount: o.stake,
        reason: 'event cancelled',
        transaction: { id: `${id}-refund`, betslip_id: id, operation: 'refund', amount: o.stake },
      });
    }
    await call('bet/settlement', { bet_transaction_id: betTx, status: o.outcome });
    return steps;
  }
}
