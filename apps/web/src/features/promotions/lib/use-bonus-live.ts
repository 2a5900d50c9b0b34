import type { Bonus, BonusesReply } from '@sorte/contracts';
import { type InfiniteData, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getEcho, useRealtime } from '../../../shared/lib/realtime';
import { useSession } from '../../../shared/lib/session';
import { WALLET_KEY } from '../../../shared/lib/wallet';
import { promoKeys } from '../api/keys';

/** The BonusUpdated event on the player's channel: the bonus's new figures (no offer name). */
type BonusEvent = Pick<
  Bonus,
  'id' | 'state' | 'amount' | 'balance' | 'wagering_required' | 'wagering_done' | 'converted' | 'expires_at'
>;

/** The event's figures written into the cached pages at once (the bar moves now); the read that follows confirms. */
function applyBonusEvent(qc: QueryClient, e: BonusEvent): void {
  const merge = (b: Bonus): Bonus => (b.id === e.id ? { ...b, ...e } : b);
  qc.setQueryData<InfiniteData<BonusesReply>>(promoKeys.bonuses, (old) => {
    if (!old) return old;
    return {
      ...old,
      pages: old.pages.map((p) => {
        // A bonus that stopped being active leaves the active card; one that became active waits for the read.
        const active = p.active ? merge(p.active) : null;
        return { ...p, data: p.data.map(merge), active: active?.state === 'active' ? active : null };
      }),
    };
  });
}

// Bets in a row (autobet in another tab, a quick series) ask for one read of the bonuses once they pause.
const AFTER_BETS_MS = 1_000;

/**
 * Keeps /bonus live: BonusUpdated on the player's private channel (wagering moved, a bonus completed or expired)
 * reads the bonuses again; so does any change of the wallet (a bet reply, BalanceUpdated), in case the realtime
 * connection is down.
 */
export function useBonusLive(): void {
  const qc = useQueryClient();
  const userId = useSession((s) => s.user?.id ?? null);
  const generation = useRealtime((s) => s.generation);

  useEffect(() => {
    if (userId === null) return;
    let cancelled = false;
    let stop = () => {};
    void generation;
    getEcho().then(
      (echo) => {
        if (cancelled) return;
        const ch = echo.private(`user.${userId}`);
        ch.listen('BonusUpdated', (e: BonusEvent) => {
          applyBonusEvent(qc, e);
          void qc.invalidateQueries({ queryKey: promoKeys.bonuses });
        });
        stop = () => ch.stopListening('BonusUpdated');
      },
      () => {},
    );
    return () => {
      cancelled = true;
      stop();
    };
  }, [userId, generation, qc]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = qc.getQueryCache().subscribe((e) => {
      if (e.type !== 'updated' || e.action.type !== 'success') return;
      if (e.query.queryKey[0] !== WALLET_KEY[0] || e.query.queryKey.length !== 1) return;
      clearTimeout(timer);
      timer = setTimeout(() => void qc.invalidateQueries({ queryKey: promoKeys.bonuses }), AFTER_BETS_MS);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [qc]);
}
