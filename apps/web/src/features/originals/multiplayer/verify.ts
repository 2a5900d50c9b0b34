import { crashPointCents, doubleRoll, roundHmacHex, verifyChainHash } from '@sorte/fairness';
import type { MpGame } from './api';

export type RoundCheck = { chainOk: boolean; hmac: string; crashPoint?: number; roll?: number; color?: string };

/**
 * Recomputes a finished round in the browser with the same package the server draws with: the round's hash hashed
 * `number` times must give the published terminating hash, and HMAC(hash, salt) gives the result.
 */
export function checkRound(
  game: MpGame,
  o: { hash: string; number: number; terminating: string; salt: string },
): RoundCheck | null {
  const hash = o.hash.trim().toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(hash) || !Number.isSafeInteger(o.number) || o.number < 1 || o.number > 10_000_000)
    return null;
  const chainOk = verifyChainHash(hash, o.number, o.terminating.trim().toLowerCase());
  const hmac = roundHmacHex(hash, o.salt);
  if (game === 'crash') return { chainOk, hmac, crashPoint: crashPointCents(hash, o.salt) / 100 };
  const r = doubleRoll(hash, o.salt);
  return { chainOk, hmac, roll: r.roll, color: r.color };
}
