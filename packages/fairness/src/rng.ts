// The Stake-compatible provably-fair stream.
//
//   bytes(round) = HMAC_SHA256(key = serverSeed, message = `${clientSeed}:${nonce}:${round}`)   (32 bytes)
//   round        = floor(cursor / 32), the cursor counting bytes from the start of the bet
//   float        = 4 bytes big-endian / 2^32 in [0, 1)    (so 8 floats per HMAC)
//
// The key and the message are the UTF-8 text of the seeds (the server seed is hashed as its 64 hex characters,
// not as the 32 bytes they spell), exactly like Stake's published verifier, so a player can check our bets with
// any Stake-style tool. Every outcome of every Originals game is drawn from this stream and nothing else.
import { HmacSha256, sha256Hex } from './sha256.ts';

export type Seeds = {
  /** 64 lowercase hex characters, secret until rotated. */
  serverSeed: string;
  /** Chosen (and editable) by the player. */
  clientSeed: string;
};

export type BetSeeds = Seeds & {
  /** 0, 1, 2 ... one per bet with the same seed pair. */
  nonce: number;
  /** Byte offset in the stream where this bet starts; 0 for every game of ours. */
  cursor?: number;
};

const SERVER_SEED = /^[0-9a-f]{64}$/;
export const CLIENT_SEED_MAX_LENGTH = 64;

export function assertSeeds({ serverSeed, clientSeed, nonce, cursor = 0 }: BetSeeds): void {
  if (!SERVER_SEED.test(serverSeed)) throw new RangeError('serverSeed must be 64 lowercase hex characters');
  if (clientSeed.length < 1 || clientSeed.length > CLIENT_SEED_MAX_LENGTH) {
    throw new RangeError(`clientSeed must have 1 to ${CLIENT_SEED_MAX_LENGTH} characters`);
  }
  if (!Number.isSafeInteger(nonce) || nonce < 0) throw new RangeError('nonce must be a non-negative integer');
  if (!Number.isSafeInteger(cursor) || cursor < 0) throw new RangeError('cursor must be a non-negative integer');
}

/** The commitment shown before any bet: SHA-256 of the server seed's text, as hex. */
export function hashServerSeed(serverSeed: string): string {
  return sha256Hex(serverSeed);
}

/** A fresh server seed from the platform CSPRNG (Web Crypto, in Node and in browsers). */
export function generateServerSeed(): string {
  const bytes = new Uint8Array(32);
  globalThis.crypto.getRandomValues(bytes);
  let hex = '';
  for (const b of bytes) hex += b.toString(16).padStart(2, '0');
  return hex;
}

/** A default client seed for a new player (they may replace it with any text). */
export function generateClientSeed(): string {
  return generateServerSeed().slice(0, 20);
}

/** The HMAC message of one round. */
export function roundMessage(clientSeed: string, nonce: number, round: number): string {
  return `${clientSeed}:${nonce}:${round}`;
}

/** Supplies the 8 HMAC words of a round (sync: computed; async: prefetched by `runAsync`). */
export type RoundSource = (round: number) => Uint32Array;

/** Pure-TS HMAC rounds for one bet; pass `key` to reuse one server seed's key schedule across many bets. */
export function hmacRounds({ serverSeed, clientSeed, nonce }: BetSeeds, key?: HmacSha256): RoundSource {
  const hmac = key ?? new HmacSha256(serverSeed);
  return (round) => hmac.words(roundMessage(clientSeed, nonce, round));
}

const TWO_32 = 4294967296;

/**
 * The float/integer stream of one bet. Games take one of these and nothing else, so the same game code runs on
 * the synchronous HMAC (server, proofs) and on Web Crypto rounds prefetched by `runAsync` (browser verifier).
 */
export class Stream {
  private round: number;
  private pos: number;
  private words: Uint32Array;

  constructor(
    private readonly source: RoundSource,
    cursor = 0,
  ) {
    this.round = Math.floor(cursor / 32);
    this.pos = cursor - this.round * 32;
    this.words = source(this.round);
  }

  /** Bytes consumed so far, counted from the start of the bet's stream (round 0). */
  get cursor(): number {
    return this.round * 32 + this.pos;
  }

  private byte(): number {
    if (this.pos === 32) this.advance();
    const w = this.words[this.pos >> 2]!;
    const b = (w >>> (24 - 8 * (this.pos & 3))) & 0xff;
    this.pos += 1;
    return b;
  }

  private advance(): void {
    this.round += 1;
    this.pos = 0;
    this.words = this.source(this.round);
  }

  /** The next 4 bytes as a big-endian unsigned 32-bit integer. */
  uint32(): number {
    if (this.pos === 32) this.advance();
    if ((this.pos & 3) === 0) {
      const w = this.words[this.pos >> 2]!;
      this.pos += 4;
      return w;
    }
    return ((this.byte() << 24) | (this.byte() << 16) | (this.byte() << 8) | this.byte()) >>> 0;
  }

  /** Stake's float: 4 bytes / 2^32, a multiple of 2^-32 in [0, 1). */
  float(): number {
    return this.uint32() / TWO_32;
  }

  /**
   * Stake's integer: floor(float * n). Published and used by Dice (n = 10001), Plinko (n = 2, exact) and
   * Stake's Mines/Keno. For n not a power of two it is biased: each value has floor or ceil of 2^32/n codes,
   * so its probability differs from 1/n by less than 1/2^32 (under 2.4e-10). Our own games use `int`.
   */
  stakeInt(n: number): number {
    return Math.floor(this.float() * n);
  }

  /**
   * An unbiased integer in [0, n) by rejection sampling: with q = floor(2^32 / n), a code u < q * n maps to
   * floor(u / q), each value owning exactly q codes; a code u >= q * n (probability (2^32 mod n) / 2^32 < n / 2^32)
   * is discarded and the next 4 bytes are drawn. No modulo bias, and the mapping stays monotone in u.
   */
  int(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > TWO_32) throw new RangeError('int(n) needs an integer 1 <= n <= 2^32');
    const q = Math.floor(TWO_32 / n);
    const limit = q * n;
    for (;;) {
      const u = this.uint32();
      if (u < limit) return Math.floor(u / q);
    }
  }

  /**
   * Draws `count` distinct items of 0..poolSize-1 by the shrinking pool (Fisher-Yates as Stake does for Mines and
   * Keno): the k-th pick is int(poolSize - k) into what is left. Every ordered selection is equally likely.
   */
  draw(poolSize: number, count: number): number[] {
    if (count > poolSize) throw new RangeError('cannot draw more items than the pool holds');
    const pool = new Array<number>(poolSize);
    for (let i = 0; i < poolSize; i++) pool[i] = i;
    const out = new Array<number>(count);
    for (let k = 0; k < count; k++) {
      const left = poolSize - k;
      const idx = this.int(left);
      out[k] = pool[idx]!;
      // Remove pool[idx], keeping the order of the rest (what splice does, without its allocation).
      for (let j = idx; j < left - 1; j++) pool[j] = pool[j + 1]!;
    }
    return out;
  }
}

/** A synchronous stream for one bet: the server's settlement path and the statistics. */
export function streamFor(seeds: BetSeeds, key?: HmacSha256): Stream {
  assertSeeds(seeds);
  return new Stream(hmacRounds(seeds, key), seeds.cursor ?? 0);
}

/** The first `count` floats of a bet (what Stake's verifier lists). */
export function floats(seeds: BetSeeds, count: number): number[] {
  const stream = streamFor(seeds);
  return Array.from({ length: count }, () => stream.float());
}
