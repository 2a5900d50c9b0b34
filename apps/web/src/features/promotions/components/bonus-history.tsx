import { formatDateTimeShort } from '../../../shared/lib/dates';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { formatMoney } from '../../../shared/lib/money';
import { Button } from '../../../shared/ui/button';
import { Skeleton } from '../../../shared/ui/skeleton';
import type { useBonuses } from '../api/get-bonuses';

/** The player's bonuses, newest first, page by page ("Ver mais"). */
export function BonusHistory({ bonuses }: { bonuses: ReturnType<typeof useBonuses> }) {
  const t = useT();
  const locale = useLocale();
  if (bonuses.isError && !bonuses.data) {
    return (
      <div className="pr-failed" role="alert">
        <p>{t('promo.common.loadError')}</p>
        <Button size="sm" variant="outline" color="default" onClick={() => void bonuses.refetch()}>
          {t('promo.common.retry')}
        </Button>
      </div>
    );
  }
  if (!bonuses.data) return <Skeleton variant="text" lines={3} height={40} />;
  const rows = bonuses.data.pages.flatMap((p) => p.data);
  if (rows.length === 0) return <p className="pr-muted">{t('promo.bonus.historyEmpty')}</p>;
  return (
    <>
      <ul className="pr-history" data-testid="bonus-history">
        {rows.map((b) => (
          <li key={b.id}>
            <span className="pr-history__name">{b.offer_name}</span>
            <span className="pr-history__amount">{formatMoney(b.amount)}</span>
            <span className="pr-history__meta">
              {b.free_spins
                ? `${t('promo.bonus.spinsOf', { used: b.free_spins.used, total: b.free_spins.total })} · `
                : ''}
              {t('promo.bonus.wageringOf', {
                done: formatMoney(Math.min(b.wagering_done, b.wagering_required)),
                required: formatMoney(b.wagering_required),
              })}
              {b.expires_at
                ? ` · ${t('promo.bonus.expires', { date: formatDateTimeShort(b.expires_at, locale) })}`
                : ''}
            </span>
            <span className={`pr-state pr-state--${b.state}`}>{t(`promo.bonus.states.${b.state}`)}</span>
          </li>
        ))}
      </ul>
      {bonuses.hasNextPage && (
        <Button
          variant="outline"
          color="default"
          loading={bonuses.isFetchingNextPage}
          onClick={() => void bonuses.fetchNextPage()}
        >
          {t('promo.bonus.more')}
        </Button>
      )}
    </>
  );
}
