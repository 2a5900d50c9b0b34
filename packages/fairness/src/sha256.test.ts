import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HmacSha256, hmacSha256Hex, sha256Hex } from './sha256.ts';
import { hmacSha256HexAsync, sha256HexAsync } from './webcrypto.ts';

// A small deterministic byte generator for the cross-checks (xorshift32), so failures reproduce.
function bytes(seed: number, length: number): Uint8Array {
  let x = seed || 1;
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

describe('SHA-256 (pure TypeScript)', () => {
  it('matches the FIPS 180-4 examples', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
  });

  it('matches node:crypto on every length 0..300 (all padding cases) and on UTF-8 text', () => {
    for (let len = 0; len <= 300; len++) {
      const data = bytes(len + 7, len);
      expect(sha256Hex(data)).toBe(createHash('sha256').update(data).digest('hex'));
    }
    const text = 'Onça, açaí, caju: sorte! ✓';
    expect(sha256Hex(text)).toBe(createHash('sha256').update(text).digest('hex'));
  });
});

describe('HMAC-SHA256 (pure TypeScript)', () => {
  it('matches RFC 4231 test cases 1, 2 and 6 (key longer than a block)', () => {
    expect(hmacSha256Hex(new Uint8Array(20).fill(0x0b), 'Hi There')).toBe(
      'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7',
    );
    expect(hmacSha256Hex('Jefe', 'what do ya want for nothing?')).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
    expect(
      hmacSha256Hex(new Uint8Array(131).fill(0xaa), 'Test Using Larger Than Block-Size Key - Hash Key First'),
    ).toBe('60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54');
  });

  it('matches node:crypto for keys of 0..150 bytes and messages of 0..200 bytes', () => {
    for (let k = 0; k <= 150; k += 5) {
      const key = bytes(k + 1, k);
      const mac = new HmacSha256(key);
      for (let m = 0; m <= 200; m += 13) {
        const msg = bytes(1000 + k * 300 + m, m);
        expect(mac.hex(msg)).toBe(createHmac('sha256', key).update(msg).digest('hex'));
      }
    }
  });

  it('gives the same digests through Web Crypto (the browser path)', async () => {
    const seed = 'deaa3a88253e865aadda552fb2be6e346b7c71d1f4a6ffe5b9986a479700bafb';
    for (const msg of ['', 'client:0:0', 'x'.repeat(64), 'açaí:123:4']) {
      expect(await hmacSha256HexAsync(seed, msg)).toBe(hmacSha256Hex(seed, msg));
      expect(await sha256HexAsync(msg)).toBe(sha256Hex(msg));
    }
  });
});
