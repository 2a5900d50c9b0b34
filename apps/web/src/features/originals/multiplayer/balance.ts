import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useWallet } from '../../../shared/lib/wallet';

/**
 * The player's balance on a multiplayer page: the wallet's own query (the header shows the same), overridden by the
 * balance a bet or cash-out answers with until the wallet refetches. `refresh` after a round settles by itself.
 */
export function useMpBalance() {
  const qc = useQueryClient();
  const wallet = useWallet();
  const [known, setKnown] = useState<number | null>(null);
  const fromWallet = wallet.data ? wallet.data.balance + wallet.data.bonus : null;
  const settle = useCallback(
    (r: { balance?: number }) => {
      if (typeof r.balance === 'number') setKnown(r.balance);
      void qc.invalidateQueries({ queryKey: ['wallet'] });
      void qc.invalidateQueries({ queryKey: ['originals', 'mp-bets'] });
    },
    [qc],
  );
  const refresh = useCallback(() => {
    setKnown(null);
    void qc.invalidateQueries({ queryKey: ['wallet'] });
  }, [qc]);
  return { balance: known ?? fromWallet, settle, refresh };
}
