import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { playDice, playDiceOn } from './games/dice.ts';
import { kenoDrawOn } from './games/keno.ts';
import { minesBoardOn } from './games/mines.ts';
import { playPlinkoOn } from './games/plinko.ts';
import { playSlotOn } from './games/slot.ts';
import { floats, generateServerSeed, hashServerSeed, Stream, streamFor } from './rng.ts';
import { GOLDEN } from './testing/golden.ts';
import { referenceBytes, referenceFloats } from './testing/stake-reference.ts';
import { runAsync } from './webcrypto.ts';

/** A stream over fixed 32-bit codes (then zeros), to drive edge cases. */
function fixedStream(codes: number[]): Stream {
  return new Stream((round) => {
    const words = new Uint32Array(8);
    for (let i = 0; i < 8; i++) words[i] = codes[round * 8 + i] ?? 0;
    return words;
  });
}

describe('seeds', () => {
  it('commits to the server seed with SHA-256 of its text', () => {
    expect(hashServerSeed(GOLDEN.serverSeed)).toBe(GOLDEN.serverSeedHash);
    expect(GOLDEN.serverSeed).toBe(createHash('sha256').update('sorte golden vector server seed').digest('hex'));
  });

  it('generates 64-hex server seeds from the CSPRNG, never twice the same', () => {
    const a = generateServerSeed();
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(generateServerSeed()).not.toBe(a);
  });

  it('refuses malformed seeds and nonces', () => {
    expect(() => floats({ ...GOLDEN, serverSeed: 'ABC', nonce: 0 }, 1)).toThrow(RangeError);
    expect(() => floats({ ...GOLDEN, clientSeed: '', nonce: 0 }, 1)).toThrow(RangeError);
    expect(() => floats({ ...GOLDEN, nonce: -1 }, 1)).toThrow(RangeError);
    expect(() => floats({ ...GOLDEN, nonce: 1.5 }, 1)).toThrow(RangeError);
  });
});

describe('float stream (Stake-compatible)', () => {
  it('matches the golden floats, frozen and recomputed from the published byte generator on node:crypto', () => {
    expect(floats({ ...GOLDEN, nonce: 0 }, 3)).toEqual([0.7967083784751594, 0.4830916707869619, 0.34714223351329565]);
    expect(floats({ ...GOLDEN, nonce: 2 }, 1)).toEqual([0.31789139308966696]);
    for (let nonce = 0; nonce < 20; nonce++) {
      // 20 floats cross from round 0 to round 1 and 2: the cursor moves through several HMACs.
      expect(floats({ ...GOLDEN, nonce }, 20)).toEqual(
        referenceFloats(GOLDEN.serverSeed, GOLDEN.clientSeed, nonce, 20),
      );
    }
  });

  it('starts at any byte cursor, aligned or not, as the reference does', () => {
    for (const cursor of [0, 4, 31, 32, 33, 61, 100]) {
      const ours = floats({ ...GOLDEN, nonce: 7, cursor }, 12);
      expect(ours).toEqual(referenceFloats(GOLDEN.serverSeed, GOLDEN.clientSeed, 7, 12, cursor));
    }
    // An unaligned read takes bytes 3..6 big-endian, exactly the reference's bytes.
    const s = streamFor({ ...GOLDEN, nonce: 1, cursor: 3 });
    const bytes: number[] = [];
    const gen = referenceBytes(GOLDEN.serverSeed, GOLDEN.clientSeed, 1, 3);
    for (let i = 0; i < 4; i++) bytes.push(gen.next().value!);
    expect(s.uint32()).toBe(((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0);
    expect(s.cursor).toBe(7);
  });
});

describe('integers', () => {
  it('int(n) maps codes below q*n to floor(u/q) and rejects the rest (no modulo bias)', () => {
    const n = 25;
    const q = Math.floor(2 ** 32 / n); // every value owns exactly q codes
    const limit = q * n;
    expect(fixedStream([0]).int(n)).toBe(0);
    expect(fixedStream([q - 1]).int(n)).toBe(0);
    expect(fixedStream([q]).int(n)).toBe(1);
    expect(fixedStream([limit - 1]).int(n)).toBe(n - 1);
    // Rejected codes are skipped, and the draw continues with the next 4 bytes.
    const s = fixedStream([limit, 2 ** 32 - 1, 5 * q]);
    expect(s.int(n)).toBe(5);
    expect(s.cursor).toBe(12);
    // For powers of two nothing is ever rejected and int agrees with Stake's floor(float * n).
    const u = 0xdeadbeef;
    expect(fixedStream([u]).int(2)).toBe(fixedStream([u]).stakeInt(2));
    expect(fixedStream([u]).int(2 ** 32)).toBe(u);
  });

  it("stakeInt(n) is Stake's floor(float * n), whose bias is below 2^-32 per value", () => {
    expect(fixedStream([2 ** 32 - 1]).stakeInt(10001)).toBe(10000);
    expect(fixedStream([0]).stakeInt(10001)).toBe(0);
    const n = 10001;
    const low = Math.floor(2 ** 32 / n);
    expect(Math.abs(low / 2 ** 32 - 1 / n)).toBeLessThan(2 ** -32);
    expect(Math.abs((low + 1) / 2 ** 32 - 1 / n)).toBeLessThan(2 ** -32);
  });

  it('draws distinct items by the shrinking pool', () => {
    const q = (n: number) => Math.floor(2 ** 32 / n);
    // picks 3rd of 25 (index 2), then the last of the 24 left (index 23 = item 24), then index 0 = item 0.
    expect(fixedStream([2 * q(25), 23 * q(24), 0]).draw(25, 3)).toEqual([2, 24, 0]);
    const board = streamFor({ ...GOLDEN, nonce: 3 }).draw(25, 25);
    expect(new Set(board).size).toBe(25);
  });
});

describe('async (Web Crypto) and sync paths agree on every game', () => {
  it('replays the same outcomes', async () => {
    for (let nonce = 0; nonce < 5; nonce++) {
      const seeds = { ...GOLDEN, nonce };
      expect(await runAsync(seeds, (s) => playDiceOn(s, { target: 50.5, condition: 'over' }))).toEqual(
        playDice(seeds, { target: 50.5, condition: 'over' }),
      );
      expect(await runAsync(seeds, (s) => kenoDrawOn(s))).toEqual(kenoDrawOn(streamFor(seeds)));
      expect(await runAsync(seeds, (s) => minesBoardOn(s, 24))).toEqual(minesBoardOn(streamFor(seeds), 24));
      expect(await runAsync(seeds, (s) => playPlinkoOn(s, { rows: 16, risk: 'high' }))).toEqual(
        playPlinkoOn(streamFor(seeds), { rows: 16, risk: 'high' }),
      );
      expect(await runAsync(seeds, (s) => playSlotOn(s))).toEqual(playSlotOn(streamFor(seeds)));
    }
  });
});
