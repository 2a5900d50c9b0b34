import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { applyBetBalance, refreshWallet, useBalance } from '../../../shared/lib/wallet';

/**
 * The player's balance on a multiplayer page: the one wallet state the header shows too. A bet or cash-out writes
 * the balance it answers with into it; `refresh` reads it again after a round settles by itself (a win at the
 * automatic cash-out, a Double result).
 */
export function useMpBalance() {
  const qc = useQueryClient();
  const balance = useBalance();
  const settle = useCallback(
    (r: { balance?: number }) => {
      if (typeof r.balance === 'number') void applyBetBalance(qc, r.balance);
      void qc.invalidateQueries({ queryKey: ['originals', 'mp-bets'] });
    },
    [qc],
  );
  const refresh = useCallback(() => refreshWallet(qc, 0), [qc]);
  return { balance, settle, refresh };
}
