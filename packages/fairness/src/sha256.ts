// Synchronous SHA-256 and HMAC-SHA256 in plain TypeScript (FIPS 180-4, RFC 2104).
// Why our own: the browser's Web Crypto API is async only, and exact statistics need millions of HMACs per second
// in one synchronous loop. The async Web Crypto path (webcrypto.ts) and node:crypto are cross-checked against this
// implementation in the tests, so the server, the browser verifier and the proofs all draw the same bytes.

const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

const IV = new Int32Array([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]);

// Scratch buffers: the module is single-threaded JS, and no function below yields while using them.
const W = new Int32Array(64);
const STATE = new Int32Array(8);
const INNER = new Int32Array(8);

/** One compression of the 16 words already loaded in W[0..15] into `state`. */
function compress(state: Int32Array): void {
  for (let i = 16; i < 64; i++) {
    const w15 = W[i - 15]!;
    const w2 = W[i - 2]!;
    const s0 = ((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3);
    const s1 = ((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10);
    W[i] = (W[i - 16]! + s0 + W[i - 7]! + s1) | 0;
  }
  let a = state[0]!;
  let b = state[1]!;
  let c = state[2]!;
  let d = state[3]!;
  let e = state[4]!;
  let f = state[5]!;
  let g = state[6]!;
  let h = state[7]!;
  for (let i = 0; i < 64; i++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const ch = (e & f) ^ (~e & g);
    const t1 = (h + S1 + ch + K[i]! + W[i]!) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const maj = (a & b) ^ (a & c) ^ (b & c);
    const t2 = (S0 + maj) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  state[0] = (state[0]! + a) | 0;
  state[1] = (state[1]! + b) | 0;
  state[2] = (state[2]! + c) | 0;
  state[3] = (state[3]! + d) | 0;
  state[4] = (state[4]! + e) | 0;
  state[5] = (state[5]! + f) | 0;
  state[6] = (state[6]! + g) | 0;
  state[7] = (state[7]! + h) | 0;
}

function loadBlock(bytes: Uint8Array, offset: number): void {
  for (let i = 0; i < 16; i++) {
    const j = offset + i * 4;
    W[i] = (bytes[j]! << 24) | (bytes[j + 1]! << 16) | (bytes[j + 2]! << 8) | bytes[j + 3]!;
  }
}

/**
 * Finishes a hash whose first `prefixLength` bytes (a multiple of 64) are already absorbed in `init`:
 * absorbs `message`, pads, and writes the 8 output words to `out`.
 */
function finish(init: Int32Array, prefixLength: number, message: Uint8Array, out: Int32Array | Uint32Array): void {
  STATE.set(init);
  const length = message.length;
  const full = length - (length % 64);
  for (let off = 0; off < full; off += 64) {
    loadBlock(message, off);
    compress(STATE);
  }
  // The tail goes straight into the message schedule: rest bytes, 0x80, zeros, then the 64-bit bit length.
  const rest = length - full;
  W.fill(0, 0, 16);
  for (let i = 0; i < rest; i++) W[i >> 2]! |= message[full + i]! << (24 - 8 * (i & 3));
  W[rest >> 2]! |= 0x80 << (24 - 8 * (rest & 3));
  if (rest + 9 > 64) {
    compress(STATE);
    W.fill(0, 0, 16);
  }
  const bits = (prefixLength + length) * 8;
  W[14] = Math.floor(bits / 0x100000000);
  W[15] = bits | 0;
  compress(STATE);
  out.set(STATE);
}

const encoder = new TextEncoder();

/** UTF-8 bytes of a string (seeds and messages are hashed as their UTF-8 text, as Stake does). */
export function utf8(text: string): Uint8Array {
  const n = text.length;
  // ASCII fast path: seeds, nonces and hex hashes; cheaper than TextEncoder for short strings.
  if (n <= 256) {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c > 0x7f) return encoder.encode(text);
      out[i] = c;
    }
    return out;
  }
  return encoder.encode(text);
}

export function wordsToBytes(words: Uint32Array): Uint8Array {
  const out = new Uint8Array(words.length * 4);
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    out[i * 4] = w >>> 24;
    out[i * 4 + 1] = (w >>> 16) & 0xff;
    out[i * 4 + 2] = (w >>> 8) & 0xff;
    out[i * 4 + 3] = w & 0xff;
  }
  return out;
}

const HEX_BYTE = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

export function wordsToHex(words: Uint32Array): string {
  let hex = '';
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    hex += HEX_BYTE[w >>> 24]! + HEX_BYTE[(w >>> 16) & 0xff]! + HEX_BYTE[(w >>> 8) & 0xff]! + HEX_BYTE[w & 0xff]!;
  }
  return hex;
}

export function bytesToHex(bytes: Uint8Array): string {
  let hex = '';
  for (let i = 0; i < bytes.length; i++) hex += HEX_BYTE[bytes[i]!]!;
  return hex;
}

function toBytes(data: Uint8Array | string): Uint8Array {
  return typeof data === 'string' ? utf8(data) : data;
}

/** SHA-256 as 8 big-endian 32-bit words. */
export function sha256Words(data: Uint8Array | string, out: Uint32Array = new Uint32Array(8)): Uint32Array {
  finish(IV, 0, toBytes(data), out);
  return out;
}

export function sha256(data: Uint8Array | string): Uint8Array {
  return wordsToBytes(sha256Words(data));
}

export function sha256Hex(data: Uint8Array | string): string {
  return wordsToHex(sha256Words(data));
}

/**
 * HMAC-SHA256 with the key's inner and outer pad blocks compressed once, so each message costs only its own
 * blocks plus one outer block: the hot path of every bet, where the key (the server seed) is fixed.
 */
export class HmacSha256 {
  private readonly inner = new Int32Array(8);
  private readonly outer = new Int32Array(8);

  constructor(key: Uint8Array | string) {
    let k = toBytes(key);
    if (k.length > 64) k = sha256(k);
    const block = new Uint8Array(64);
    block.set(k);
    const pad = new Uint8Array(64);
    for (let i = 0; i < 64; i++) pad[i] = block[i]! ^ 0x36;
    this.inner.set(IV);
    loadBlock(pad, 0);
    compress(this.inner);
    for (let i = 0; i < 64; i++) pad[i] = block[i]! ^ 0x5c;
    this.outer.set(IV);
    loadBlock(pad, 0);
    compress(this.outer);
  }

  /** HMAC of `message` as 8 big-endian words, written to `out`. */
  words(message: Uint8Array | string, out: Uint32Array = new Uint32Array(8)): Uint32Array {
    finish(this.inner, 64, toBytes(message), INNER);
    // The outer message is the 32-byte inner digest: one block, padded by hand.
    for (let i = 0; i < 8; i++) W[i] = INNER[i]!;
    W[8] = 0x80000000 | 0;
    for (let i = 9; i < 15; i++) W[i] = 0;
    W[15] = (64 + 32) * 8;
    STATE.set(this.outer);
    compress(STATE);
    out.set(STATE);
    return out;
  }

  bytes(message: Uint8Array | string): Uint8Array {
    return wordsToBytes(this.words(message));
  }

  hex(message: Uint8Array | string): string {
    return wordsToHex(this.words(message));
  }
}

export function hmacSha256(key: Uint8Array | string, message: Uint8Array | string): Uint8Array {
  return new HmacSha256(key).bytes(message);
}

export function hmacSha256Hex(key: Uint8Array | string, message: Uint8Array | string): string {
  return new HmacSha256(key).hex(message);
}
