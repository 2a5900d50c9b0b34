// An independent implementation of the published Stake-style formulas on node:crypto, written from the public
// descriptions and sharing no code with the package: the golden-vector tests compare the two.
import { createHash, createHmac } from 'node:crypto';

export function* referenceBytes(serverSeed: string, clientSeed: string, nonce: number, cursor = 0): Generator<number> {
  let round = Math.floor(cursor / 32);
  let roundCursor = cursor - round * 32;
  while (true) {
    const buffer = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${round}`).digest();
    while (roundCursor < 32) {
      yield buffer[roundCursor]!;
      roundCursor += 1;
    }
    roundCursor = 0;
    round += 1;
  }
}

export function referenceFloats(serverSeed: string, clientSeed: string, nonce: number, count: number, cursor = 0) {
  const bytes = referenceBytes(serverSeed, clientSeed, nonce, cursor);
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    let f = 0;
    for (let j = 0; j < 4; j++) f += bytes.next().value! / 256 ** (j + 1);
    out.push(f);
  }
  return out;
}

export const referenceDice = (f: number) => Math.floor(f * 10001) / 100;

export const referenceLimbo = (f: number) => {
  const floatPoint = (1e8 / (f * 1e8)) * 0.99;
  return Math.max(1, Math.floor(floatPoint * 100) / 100);
};

export function referenceCrash(gameHash: string, salt: string): number {
  const hash = createHmac('sha256', gameHash).update(salt).digest('hex');
  const int = Number.parseInt(hash.slice(0, 8), 16);
  return Math.max(1, Math.floor((2 ** 32 / (int + 1)) * 0.99 * 100) / 100);
}

export function referenceDouble(gameHash: string, salt: string): number {
  const hash = createHmac('sha256', gameHash).update(salt).digest('hex');
  return Number(BigInt(`0x${hash}`) % 15n);
}

export const referenceSha256 = (text: string) => createHash('sha256').update(text).digest('hex');
