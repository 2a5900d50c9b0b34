import type { HistoryBet } from '../api/types';

/** The /fairness query that recomputes a bet: seeds, nonce and the bet's parameters. */
export function verifyQuery(b: Pick<HistoryBet, 'game' | 'result' | 'fairness'>): string {
  const q = new URLSearchParams({
    game: b.game,
    server_seed: b.fairness.server_seed ?? '',
    hash: b.fairness.server_seed_hash,
    client_seed: b.fairness.client_seed,
    nonce: String(b.fairness.nonce),
  });
  const r = b.result;
  for (const k of ['target', 'condition', 'mines', 'rows', 'risk'] as const)
    if (r[k] !== undefined && r[k] !== null) q.set(k, String(r[k]));
  if (Array.isArray(r.picks)) q.set('picks', (r.picks as number[]).join(','));
  return q.toString();
}
