import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { formatMoney } from '../../../shared/lib/money';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { confirm } from '../../../shared/ui/confirm-modal';
import { Skeleton } from '../../../shared/ui/skeleton';
import { toast } from '../../../shared/ui/toast-store';
import type { UiColor } from '../../../shared/ui/types';
import { cancelWithdrawal, type TxRow, useTransactions } from '../api/transactions';
import { errorText } from '../lib';
import { WithdrawalTimeline } from './withdrawal-timeline';

type Filter = 'all' | 'deposit' | 'withdraw';

function statusOf(row: TxRow): { key: string; color: UiColor } {
  if (row.type === 'withdraw') {
    const code = String(row.status);
    const color: UiColor =
      code === '1' ? 'success' : code === '2' || code === '3' ? 'danger' : code === '5' ? 'warning' : 'info';
    return { key: `wallet.tx.withdrawStatus.${code}`, color };
  }
  const s = String(row.status);
  const color: UiColor =
    s === 'paid' || s === 'completed' ? 'success' : s === 'waiting_payment' || s === 'pending' ? 'warning' : 'danger';
  return { key: `wallet.tx.payment.${s}`, color };
}

const credit = (row: TxRow) =>
  row.type === 'deposit' || row.type === 'win' || row.type === 'bonus' || row.type === 'rollover';

/** Transactions: All / Deposits / Withdraws, newest first, "see more", cancel a withdrawal after a confirmation. */
export function TransactionsList() {
  const t = useT();
  const locale = useLocale();
  const qc = useQueryClient();
  const [filter, setFilter] = useState<Filter>('all');
  // The withdrawal whose progress is open (one at a time).
  const [opened, setOpened] = useState<string | null>(null);
  const q = useTransactions(filter);
  const rows = q.data?.pages.flatMap((p) => p.transactions.data) ?? [];
  const date = new Intl.DateTimeFormat(locale === 'pt' ? 'pt-BR' : 'en-GB', {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: 'America/Sao_Paulo',
  });

  const onCancel = async (row: TxRow) => {
    const ok = await confirm({
      title: t('wallet.tx.cancelTitle'),
      text: t('wallet.tx.cancelText', { amount: formatMoney(row.value) }),
      confirmLabel: t('wallet.tx.cancelConfirm'),
      cancelLabel: t('wallet.tx.cancelKeep'),
      danger: true,
    });
    if (!ok || row.withdrawal_id === null) return;
    try {
      await cancelWithdrawal(row.withdrawal_id);
      toast.success(t('wallet.tx.cancelled'));
      await qc.invalidateQueries({ queryKey: ['wallet'] });
    } catch (err) {
      toast.error(errorText(err));
    }
  };

  return (
    <div className="wl-tx">
      <div className="wl-chips" role="group" aria-label={t('wallet.tabs.transactions')}>
        {(['all', 'deposit', 'withdraw'] as const).map((f) => (
          <button
            key={f}
            type="button"
            className={`wl-chip ${filter === f ? 'is-active' : ''}`}
            aria-pressed={filter === f}
            onClick={() => setFilter(f)}
          >
            {t(`wallet.tx.filters.${f}`)}
          </button>
        ))}
      </div>
      {q.isError ? (
        <p className="wl-note wl-note--danger">{t('wallet.tx.loadFailed')}</p>
      ) : q.isPending ? (
        <div className="wl-stack">
          <Skeleton height={52} />
          <Skeleton height={52} />
          <Skeleton height={52} />
        </div>
      ) : rows.length === 0 ? (
        <p className="wl-empty">{t('wallet.tx.empty')}</p>
      ) : (
        <div className="wl-table">
          <div className="wl-table__head" aria-hidden="true">
            <span>{t('wallet.tx.columns.type')}</span>
            <span>{t('wallet.tx.columns.value')}</span>
            <span>{t('wallet.tx.columns.status')}</span>
            <span>{t('wallet.tx.columns.date')}</span>
            <span>{t('wallet.tx.columns.actions')}</span>
          </div>
          {rows.map((row) => {
            const st = statusOf(row);
            return (
              <div className="wl-table__row" key={row.id} data-testid="tx-row">
                <span className="wl-table__type">{t(`wallet.tx.types.${row.type}`)}</span>
                <span className={`wl-table__value ${credit(row) ? 'is-credit' : 'is-debit'}`}>
                  {credit(row) ? '+' : '−'} {formatMoney(row.value)}
                </span>
                <span className="wl-table__status">
                  <Badge color={st.color} variant="pastel">
                    {t(st.key)}
                  </Badge>
                </span>
                <span className="wl-table__date">{date.format(new Date(row.date))}</span>
                <span className="wl-table__actions">
                  {row.type === 'withdraw' && (
                    <Button
                      size="sm"
                      variant="outline"
                      color="default"
                      aria-expanded={opened === row.id}
                      onClick={() => setOpened(opened === row.id ? null : row.id)}
                      data-testid="tx-progress"
                    >
                      {t(opened === row.id ? 'wallet.timeline.hide' : 'wallet.timeline.show')}
                    </Button>
                  )}
                  {row.actions.includes('cancel') && (
                    <Button size="sm" variant="outline" color="danger" onClick={() => onCancel(row)}>
                      {t('wallet.tx.cancel')}
                    </Button>
                  )}
                </span>
                {row.type === 'withdraw' && opened === row.id && (
                  <div className="wl-table__detail">
                    <WithdrawalTimeline status={row.status} requestedAt={date.format(new Date(row.created_at))} />
                  </div>
                )}
              </div>
            );
          })}
        </div>
      )}
      {q.hasNextPage && (
        <Button
          variant="outline"
          color="default"
          block
          loading={q.isFetchingNextPage}
          onClick={() => q.fetchNextPage()}
        >
          {t('wallet.tx.more')}
        </Button>
      )}
    </div>
  );
}
