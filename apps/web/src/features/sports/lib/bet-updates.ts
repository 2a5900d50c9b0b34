import type { BetUpdatedPush } from '@sorte/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { getEcho, useRealtime } from '../../../shared/lib/realtime';
import { useSession } from '../../../shared/lib/session';
import { refreshWallet } from '../../../shared/lib/wallet';
import { SPORTS_KEY } from '../api/keys';

/**
 * BetUpdated on the player's private channel: a pending live bet accepted or rejected, a bet settled or cashed out.
 * The bet lists and the balance are read again; `onUpdate` lets the slip resolve its pending receipts at once.
 */
export function useBetUpdates(onUpdate?: (p: BetUpdatedPush) => void): void {
  const qc = useQueryClient();
  const userId = useSession((s) => s.user?.id ?? null);
  const generation = useRealtime((s) => s.generation);
  const cb = useRef(onUpdate);
  cb.current = onUpdate;
  useEffect(() => {
    if (userId === null) return;
    let cancelled = false;
    let stop = () => {};
    void generation;
    getEcho().then(
      (echo) => {
        if (cancelled) return;
        const ch = echo.private(`user.${userId}`);
        const fn = (p: BetUpdatedPush) => {
          cb.current?.(p);
          void qc.invalidateQueries({ queryKey: [...SPORTS_KEY, 'bets'] });
          if (p.status !== 'pending' && p.status !== 'open') refreshWallet(qc);
        };
        ch.listen('BetUpdated', fn);
        stop = () => ch.stopListening('BetUpdated', fn);
      },
      () => {},
    );
    return () => {
      cancelled = true;
      stop();
    };
  }, [userId, generation, qc]);
}
