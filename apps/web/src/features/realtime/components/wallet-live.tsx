import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { markDepositApproved, useDepositModal } from '../../../shared/lib/deposit-modal';
import { useT } from '../../../shared/lib/i18n';
import { formatMoney } from '../../../shared/lib/money';
import { getEcho, useRealtime } from '../../../shared/lib/realtime';
import { useSession } from '../../../shared/lib/session';
import { applyBalance } from '../../../shared/lib/wallet';
import { toast } from '../../../shared/ui/toast-store';
import '../locales/register';

type BalanceEvent = { balance?: number; bonus?: number };
type PaymentEvent = BalanceEvent & { txid?: string; amount?: number };

const cents = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/**
 * Live wallet of a logged-in player (spec section 7, private user channel): BalanceUpdated updates the header
 * balance; PaymentApproved also switches an open deposit modal to its success state at once (or, with the modal
 * closed, confirms the deposit with a toast), so the player does not wait for the modal's next status poll.
 */
export default function WalletLive() {
  const translate = useT();
  const t = useRef(translate);
  t.current = translate;
  const qc = useQueryClient();
  const userId = useSession((s) => s.user?.id ?? null);
  const token = useSession((s) => s.token);
  const generation = useRealtime((s) => s.generation);

  useEffect(() => {
    if (!token || userId === null) return;
    let cancelled = false;
    let stop = () => {};
    void generation;
    getEcho().then((echo) => {
      if (cancelled) return;
      const ch = echo.private(`user.${userId}`);
      ch.listen('BalanceUpdated', (e: BalanceEvent) => void applyBalance(qc, e));
      ch.listen('PaymentApproved', (e: PaymentEvent) => {
        void applyBalance(qc, e);
        // An open deposit modal shows its own success state (spec: success when PaymentApproved arrives); the toast
        // is for a payment confirmed while the modal is closed.
        if (useDepositModal.getState().open && e.txid) markDepositApproved(e.txid);
        else if (cents(e.amount))
          toast.success(t.current('realtime.wallet.depositApproved', { amount: formatMoney(e.amount) }));
      });
      stop = () => {
        ch.stopListening('BalanceUpdated');
        ch.stopListening('PaymentApproved');
      };
    });
    return () => {
      cancelled = true;
      stop();
    };
  }, [token, userId, generation, qc]);

  return null;
}
