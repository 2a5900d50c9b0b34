import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getGuestId } from '../../../shared/lib/guest-id';
import { getEcho, useRealtime } from '../../../shared/lib/realtime';
import { useSession } from '../../../shared/lib/session';
import { WALLET_KEY } from '../../../shared/lib/wallet';
import { MISSIONS_KEY } from '../api/keys';

const EVENTS = ['MissionAssigned', 'MissionUpdated'] as const;
// Bets in a row ask for one read of the missions once they pause (when the realtime connection is down).
const AFTER_BETS_MS = 1_000;

/**
 * Keeps the missions live: MissionAssigned and MissionUpdated on the player's private channel (a guest's: its guest
 * channel) read the missions again; so does a change of the wallet (a bet reply), in case realtime is down.
 */
export function useMissionsLive(): void {
  const qc = useQueryClient();
  const userId = useSession((s) => s.user?.id ?? null);
  const generation = useRealtime((s) => s.generation);

  useEffect(() => {
    let cancelled = false;
    let stop = () => {};
    void generation;
    getEcho().then(
      (echo) => {
        if (cancelled) return;
        const ch = echo.private(userId === null ? `guest.${getGuestId()}` : `user.${userId}`);
        const reload = () => void qc.invalidateQueries({ queryKey: MISSIONS_KEY });
        for (const e of EVENTS) ch.listen(e, reload);
        stop = () => {
          for (const e of EVENTS) ch.stopListening(e);
        };
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
      timer = setTimeout(() => void qc.invalidateQueries({ queryKey: MISSIONS_KEY }), AFTER_BETS_MS);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [qc]);
}
