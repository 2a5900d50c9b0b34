// The same primitives through the Web Crypto API (globalThis.crypto.subtle: browsers and Node >= 20), for the
// browser verifier and for anyone who wants the platform's own HMAC rather than ours. Async by nature, so games
// run on rounds fetched ahead: `runAsync` replays the pure game function, fetching one more HMAC round each time
// the game asks past the end; the game code is the same function the server settles with.
import { assertSeeds, type BetSeeds, roundMessage, Stream } from './rng.ts';
import { bytesToHex, utf8 } from './sha256.ts';

function subtle(): SubtleCrypto {
  const s = globalThis.crypto?.subtle;
  if (!s) throw new Error('Web Crypto (crypto.subtle) is not available: use a secure context or Node >= 20');
  return s;
}

type SubtleCrypto = NonNullable<typeof globalThis.crypto>['subtle'];
type CryptoKeyLike = Awaited<ReturnType<SubtleCrypto['importKey']>>;

function buffer(data: Uint8Array | string): ArrayBuffer {
  const bytes = typeof data === 'string' ? utf8(data) : data;
  return bytes.slice().buffer as ArrayBuffer;
}

export async function sha256Async(data: Uint8Array | string): Promise<Uint8Array> {
  return new Uint8Array(await subtle().digest('SHA-256', buffer(data)));
}

export async function sha256HexAsync(data: Uint8Array | string): Promise<string> {
  return bytesToHex(await sha256Async(data));
}

async function importHmacKey(key: Uint8Array | string): Promise<CryptoKeyLike> {
  return subtle().importKey('raw', buffer(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
}

export async function hmacSha256Async(key: Uint8Array | string, message: Uint8Array | string): Promise<Uint8Array> {
  const k = await importHmacKey(key);
  return new Uint8Array(await subtle().sign('HMAC', k, buffer(message)));
}

export async function hmacSha256HexAsync(key: Uint8Array | string, message: Uint8Array | string): Promise<string> {
  return bytesToHex(await hmacSha256Async(key, message));
}

function bytesToWords(bytes: Uint8Array): Uint32Array {
  const words = new Uint32Array(bytes.length / 4);
  for (let i = 0; i < words.length; i++) {
    words[i] = ((bytes[i * 4]! << 24) | (bytes[i * 4 + 1]! << 16) | (bytes[i * 4 + 2]! << 8) | bytes[i * 4 + 3]!) >>> 0;
  }
  return words;
}

class NeedRound extends Error {
  constructor(readonly round: number) {
    super(`round ${round} not fetched yet`);
  }
}

/**
 * Runs a game function on Web Crypto HMAC rounds. Games are pure, so replaying after fetching a missing round
 * gives the same answer as the synchronous stream; most games need one or two rounds.
 */
export async function runAsync<T>(seeds: BetSeeds, play: (stream: Stream) => T): Promise<T> {
  assertSeeds(seeds);
  const key = await importHmacKey(seeds.serverSeed);
  const rounds = new Map<number, Uint32Array>();
  const fetchRound = async (round: number) => {
    const mac = await subtle().sign('HMAC', key, buffer(roundMessage(seeds.clientSeed, seeds.nonce, round)));
    rounds.set(round, bytesToWords(new Uint8Array(mac)));
  };
  for (;;) {
    try {
      return play(
        new Stream((round) => {
          const words = rounds.get(round);
          if (!words) throw new NeedRound(round);
          return words;
        }, seeds.cursor ?? 0),
      );
    } catch (error) {
      if (!(error instanceof NeedRound)) throw error;
      await fetchRound(error.round);
    }
  }
}
