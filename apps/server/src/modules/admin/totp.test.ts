import { describe, expect, it } from 'vitest';
import { codeAtStep, matchTotp, newTotpSecret, stepAt, TOTP_PERIOD_MS, totpUri } from './totp';

/** The TOTP maths against RFC 6238's own vectors, and the window of one step either side, on an injected clock. */

// RFC 6238 appendix B: the SHA-1 seed "12345678901234567890" (ASCII), in base32.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('staff TOTP', () => {
  it('gives RFC 6238 codes (SHA-1, 30 s, the last 6 of its 8 digits)', () => {
    expect(codeAtStep(RFC_SECRET, stepAt(59_000))).toBe('287082');
    expect(codeAtStep(RFC_SECRET, stepAt(1_111_111_109_000))).toBe('081804');
    expect(codeAtStep(RFC_SECRET, stepAt(1_234_567_890_000))).toBe('005924');
    expect(codeAtStep(RFC_SECRET, stepAt(2_000_000_000_000))).toBe('279037');
  });

  it('accepts the codes of one step before, now and one step after; two steps away are refused', () => {
    const secret = newTotpSecret();
    // A moment in the middle of a step, and one at each of its edges.
    for (const now of [1_800_000_015_000, 1_800_000_000_000, 1_800_000_029_999]) {
      const s = stepAt(now);
      expect(matchTotp(secret, codeAtStep(secret, s - 1), now)).toBe(s - 1);
      expect(matchTotp(secret, codeAtStep(secret, s), now)).toBe(s);
      expect(matchTotp(secret, codeAtStep(secret, s + 1), now)).toBe(s + 1);
      // Two steps away on the RFC secret: a random secret's code could equal one inside the window by chance (about
      // 3 in 10^6), this fixed one's at these moments does not.
      expect(matchTotp(RFC_SECRET, codeAtStep(RFC_SECRET, s - 2), now)).toBeNull();
      expect(matchTotp(RFC_SECRET, codeAtStep(RFC_SECRET, s + 2), now)).toBeNull();
    }
    expect(matchTotp(secret, '000000x', 1_800_000_015_000)).toBeNull();
  });

  it('makes 160-bit base32 secrets and an otpauth URI authenticator apps read', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    const uri = new URL(totpUri(secret, 'ana@sorte.test'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('Sorte');
    expect(uri.searchParams.get('algorithm')).toBe('SHA1');
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe(String(TOTP_PERIOD_MS / 1000));
    expect(decodeURIComponent(uri.pathname)).toContain('ana@sorte.test');
  });
});
