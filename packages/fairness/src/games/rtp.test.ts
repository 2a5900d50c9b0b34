import { describe, expect, it } from 'vitest';
import { ORIGINALS_CODES, ORIGINALS_RTP_BP, originalsExactRtp, rtpBasisPoints } from './rtp.ts';

describe('one RTP per Sorte Originals game', () => {
  it.each(ORIGINALS_CODES)('%s: the figure shown is the exact lowest RTP, rounded down to 0.01 %%', (code) => {
    const exact = originalsExactRtp(code);
    expect(ORIGINALS_RTP_BP[code]).toBe(rtpBasisPoints(exact));
    // Rounded down: the shown figure never promises more than the game returns.
    expect(BigInt(ORIGINALS_RTP_BP[code]) * exact.den).toBeLessThanOrEqual(exact.num * 10_000n);
  });
});
