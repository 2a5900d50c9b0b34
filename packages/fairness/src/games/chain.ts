// Hash chains for the multiplayer games (Crash, Double). The operator draws a secret seed h_N and computes
// h_{i-1} = SHA-256(h_i) (hashing the 64-character hex text, as Bustabit and Stake do) down to h_0, which is
// published before the first round together with the salt (e.g. a future Bitcoin block hash, fixed in advance).
// Round g uses h_g: anyone can check that hashing it g times gives h_0, so no round can have been changed after
// the commitment, and a round's hash reveals nothing about the next round's (that would mean inverting SHA-256).
import { HmacSha256, sha256Hex } from '../sha256.ts';
import { hmacSha256HexAsync, sha256HexAsync } from '../webcrypto.ts';

const HEX64 = /^[0-9a-f]{64}$/;

export function previousChainHash(hash: string): string {
  return sha256Hex(hash);
}

/**
 * The hashes of rounds 1..length, in the order they are played, and the terminating hash h_0 to publish first.
 * Costs `length` SHA-256s; the server keeps or recomputes it from the seed.
 */
export function buildChain(seed: string, length: number): { terminatingHash: string; rounds: string[] } {
  if (!HEX64.test(seed)) throw new RangeError('chain seed must be 64 lowercase hex characters');
  const rounds = new Array<string>(length);
  let h = seed;
  for (let i = length - 1; i >= 0; i--) {
    rounds[i] = h;
    h = sha256Hex(h);
  }
  return { terminatingHash: h, rounds };
}

/** Whether hashing `roundHash` `round` times gives the published terminating hash. */
export function verifyChainHash(roundHash: string, round: number, terminatingHash: string): boolean {
  let h = roundHash;
  for (let i = 0; i < round; i++) h = sha256Hex(h);
  return h === terminatingHash;
}

export async function verifyChainHashAsync(
  roundHash: string,
  round: number,
  terminatingHash: string,
): Promise<boolean> {
  let h = roundHash;
  for (let i = 0; i < round; i++) h = await sha256HexAsync(h);
  return h === terminatingHash;
}

/** The per-round HMAC: key = the round's hash (its hex text), message = the salt. */
export function roundHmacHex(roundHash: string, salt: string): string {
  return new HmacSha256(roundHash).hex(salt);
}

export function roundHmacHexAsync(roundHash: string, salt: string): Promise<string> {
  return hmacSha256HexAsync(roundHash, salt);
}
