import { Link, useSearchParams } from 'react-router';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { isLivePath } from '../../../shared/lib/live-routes';
import { localizePath } from '../../../shared/lib/locale';
import { formatMoney } from '../../../shared/lib/money';
import { useBalance, useWallet } from '../../../shared/lib/wallet';
import { Button } from '../../../shared/ui/button';
import { Skeleton } from '../../../shared/ui/skeleton';
import { Tabs } from '../../../shared/ui/tabs';
import { DocumentsPanel } from '../components/documents-panel';
import { TransactionsList } from '../components/transactions-list';
import { WithdrawPanel } from '../components/withdraw-panel';
import '../locales';
import { openDeposit } from '../../../shared/lib/deposit-modal';
import '../components/wallet.css';

/** /account/wallet and /user/edit/transaction ('Carteira'): balances, transactions, withdraw, documents. */
export default function WalletPage() {
  const t = useT();
  const locale = useLocale();
  const { data } = useWallet();
  // The same figure as the header's: what can be staked, cash and bonus together.
  const balance = useBalance();
  // ?tab=withdraw (or documents) opens that tab: the menus' "Sacar" and the withdrawal errors link here.
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = asked === 'withdraw' || asked === 'documents' ? asked : 'transactions';
  const money = (v: number | undefined) => (v === undefined ? <Skeleton width={90} height={22} /> : formatMoney(v));
  return (
    <div className="wl-page">
      <div className="wl-page__head">
        <h1>{t('wallet.title')}</h1>
        <Button onClick={openDeposit} data-testid="wallet-deposit">
          {t('wallet.deposit')}
        </Button>
      </div>
      <div className="wl-cards">
        <div className="wl-card wl-card--main">
          <span>{t('wallet.balance')}</span>
          <strong data-testid="wallet-balance">{money(balance ?? undefined)}</strong>
          {data && (
            // Cash and bonus apart: bets take cash first, and only cash can be withdrawn.
            <small className="wl-card__split" data-testid="wallet-split">
              {t('wallet.cashAndBonus', { cash: formatMoney(data.balance), bonus: formatMoney(data.bonus) })}
            </small>
          )}
        </div>
        <div className="wl-card">
          <span>{t('wallet.withdrawable')}</span>
          <strong>{money(data?.balance_withdrawal)}</strong>
        </div>
        <div className="wl-card">
          <span>{t('wallet.bonus')}</span>
          <strong data-testid="wallet-bonus">{money(data?.bonus)}</strong>
          {isLivePath('/bonus') && (
            <Link className="wl-card__link" to={localizePath('/bonus', locale)}>
              {t('wallet.seeBonus')}
            </Link>
          )}
        </div>
        <div className="wl-card">
          <span>{t('wallet.pending')}</span>
          <strong data-testid="wallet-pending">{money(data?.pending_withdrawal)}</strong>
        </div>
      </div>
      <Tabs
        fitted
        aria-label={t('wallet.title')}
        value={tab}
        onChange={(id) => setParams(id === 'transactions' ? {} : { tab: id }, { replace: true })}
        items={[
          { id: 'transactions', label: t('wallet.tabs.transactions'), content: <TransactionsList /> },
          { id: 'withdraw', label: t('wallet.tabs.withdraw'), content: <WithdrawPanel /> },
          { id: 'documents', label: t('wallet.tabs.documents'), content: <DocumentsPanel /> },
        ]}
      />
    </div>
  );
}
