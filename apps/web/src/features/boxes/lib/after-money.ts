import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { applyBalance, WALLET_KEY, type Wallet } from '../../../shared/lib/wallet';
import { boxesKeys } from '../api/keys';

/**
 * After a buy, an open or a sale: the cash balance the reply carries goes straight into the one wallet state (the
 * header moves at once; boxes are paid and paid back in cash only, so the bonus is unchanged), and the player's boxes
 * and prizes are read again.
 */
export function afterMoney(qc: QueryClient, cash: number): void {
  const bonus = qc.getQueryData<Wallet>(WALLET_KEY)?.bonus;
  void applyBalance(qc, { balance: cash, bonus });
  void qc.invalidateQueries({ queryKey: boxesKeys.mine });
}

export function useAfterMoney() {
  const qc = useQueryClient();
  return useCallback((cash: number) => afterMoney(qc, cash), [qc]);
}
