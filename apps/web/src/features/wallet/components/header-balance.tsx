import { lazy, Suspense } from 'react';
import { openDeposit, useDepositModal } from '../../../shared/lib/deposit-modal';
import { registerMessages, useT } from '../../../shared/lib/i18n';
import { formatMoney } from '../../../shared/lib/money';
import { useBalance } from '../../../shared/lib/wallet';
import { Button } from '../../../shared/ui/button';
import './header-balance.css';

// Only the header's two words load with the shell; the modal and its strings are a separate chunk.
registerMessages('walletHeader', {
  pt: { balance: 'Saldo', deposit: 'Depositar' },
  en: { balance: 'Balance', deposit: 'Deposit' },
});

const DepositModal = lazy(() => import('./deposit-modal'));

/** The logged-in header's balance and deposit button; hosts the deposit modal for the whole site. */
export function HeaderBalance() {
  const t = useT();
  const balance = useBalance();
  const open = useDepositModal((s) => s.open);
  return (
    <div className="header-balance">
      <span className="header-balance__amount" title={t('walletHeader.balance')} data-testid="header-balance">
        {balance === null ? '···' : formatMoney(balance)}
      </span>
      <Button
        size="sm"
        rounded="lg"
        onClick={openDeposit}
        aria-label={t('walletHeader.deposit')}
        className="header-balance__deposit"
        data-testid="open-deposit"
      >
        <span className="header-balance__label">{t('walletHeader.deposit')}</span>
        <span className="header-balance__plus" aria-hidden="true">
          +
        </span>
      </Button>
      {open && (
        <Suspense fallback={null}>
          <DepositModal />
        </Suspense>
      )}
    </div>
  );
}
