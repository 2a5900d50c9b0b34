import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { formatDateTimeShort, tenantTimeZone } from '../../../shared/lib/dates';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { formatMoney } from '../../../shared/lib/money';
import { refreshWallet } from '../../../shared/lib/wallet';
import { Button } from '../../../shared/ui/button';
import { Skeleton } from '../../../shared/ui/skeleton';
import { toast } from '../../../shared/ui/toast-store';
import { claimCashback } from '../api/claim-cashback';
import { type CashbackEntry, useCashback } from '../api/get-cashback';
import { promoKeys } from '../api/keys';
import { formatCountdown, nextWindow, openWindowsToday, windowLabel, windowsFrom } from '../lib/cashback-windows';
import { errorText } from '../lib/errors';
import { useNow } from '../lib/use-now';

type T = ReturnType<typeof useT>;

/** "Resgates: 1 de 3 · 1 disponível agora". */
function claimsText(t: T, e: CashbackEntry): string {
  const claims = t('promo.cashback.claims', { claimed: e.claimed, allowed: e.claims });
  if (e.available <= 0) return claims;
  const key = e.available === 1 ? 'promo.cashback.available' : 'promo.cashback.availableMany';
  return `${claims} · ${t(key, { count: e.available })}`;
}

/** "dd/mm" of a plain YYYY-MM-DD day. */
const dayMonth = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

/**
 * The cashback calendar: the day's three windows (12:01, 18:01, 23:59 in the tenant's time zone) with a countdown to
 * the next, then each entry with its amount, the claims taken of those it has and a claim button while one is open.
 * The server says what is open; when a window opens the list is read again, and after a claim the list and the
 * balance are read again.
 */
export function CashbackCalendar() {
  const t = useT();
  const locale = useLocale();
  const qc = useQueryClient();
  const now = useNow();
  const cashback = useCashback();
  const [claiming, setClaiming] = useState<number | null>(null);
  const timeZone = cashback.data?.timezone || tenantTimeZone();
  const windows = windowsFrom(cashback.data?.windows);
  const nextAt = nextWindow(now, timeZone, windows).getTime();
  const openToday = openWindowsToday(now, timeZone, windows);
  const { refetch } = cashback;

  // A window opening changes what is open: read the list a moment after it opens (the server's clock decides).
  useEffect(() => {
    const id = setTimeout(() => void refetch(), Math.max(0, nextAt - Date.now()) + 1500);
    return () => clearTimeout(id);
  }, [nextAt, refetch]);

  const claim = async (entry: CashbackEntry) => {
    setClaiming(entry.id);
    try {
      const r = await claimCashback(entry.id);
      toast.success(t('promo.cashback.claimed', { amount: formatMoney(r.claimed.amount) }));
      refreshWallet(qc, 0);
    } catch (err) {
      toast.error(errorText(err));
    } finally {
      setClaiming(null);
      // After a claim, or a refused one (taken in another tab), the list is read again.
      await qc.invalidateQueries({ queryKey: promoKeys.cashback });
    }
  };

  const data = cashback.data;
  const entries = data?.entries ?? [];

  return (
    <div className="pr-stack" data-testid="cashback">
      <p className="pr-muted">{t('promo.cashback.intro')}</p>
      <div className="pr-next">
        <span>{t('promo.cashback.next')}</span>
        <strong className="pr-next__time" data-testid="cashback-countdown">
          {formatCountdown(nextAt - now.getTime())}
        </strong>
      </div>
      <ul className="pr-windows" aria-label={t('promo.cashback.windows')}>
        {windows.map((start, i) => (
          <li key={start} className={i < openToday ? 'is-open' : undefined}>
            <strong>{windowLabel(start)}</strong>
            {t(i < openToday ? 'promo.cashback.window.open' : 'promo.cashback.window.locked')}
          </li>
        ))}
      </ul>
      {cashback.isError && !data ? (
        <div className="pr-failed" role="alert">
          <p>{t('promo.common.loadError')}</p>
          <Button size="sm" variant="outline" color="default" onClick={() => void refetch()}>
            {t('promo.common.retry')}
          </Button>
        </div>
      ) : !data ? (
        <Skeleton variant="text" lines={3} height={44} />
      ) : entries.length === 0 ? (
        <p className="pr-muted" data-testid="cashback-empty">
          {t('promo.cashback.empty')}
        </p>
      ) : (
        <>
          {data.total > 0 && (
            <p className="pr-muted" data-testid="cashback-total">
              {t('promo.cashback.total', {
                total: formatMoney(data.total),
                available: formatMoney(data.available_amount),
              })}
            </p>
          )}
          <ul className="pr-entries">
            {entries.map((entry) => {
              const future = Date.parse(entry.available_at) > now.getTime();
              const text = claimsText(t, entry);
              return (
                <li key={entry.id} className="pr-entry" data-testid="cashback-entry">
                  <div>
                    <div className="pr-entry__amount">{formatMoney(entry.amount)}</div>
                    <div className="pr-entry__meta">
                      <span>{t(`promo.cashback.types.${entry.type}`)}</span>
                      <span>
                        {/* A grant by support says why; a weekly entry says which week's losses it returns. */}
                        {entry.reason ??
                          t('promo.cashback.period', {
                            start: dayMonth(entry.period_start),
                            end: dayMonth(entry.period_end),
                          })}
                      </span>
                      <span className="pr-entry__dots" role="img" aria-label={text}>
                        {Array.from({ length: entry.claims }, (_, i) => (
                          <span
                            // biome-ignore lint/suspicious/noArrayIndexKey: the dots are positions, not items
                            key={i}
                            className={`pr-entry__dot${
                              i < entry.claimed
                                ? ' is-claimed'
                                : i < entry.claimed + entry.available
                                  ? ' is-available'
                                  : ''
                            }`}
                          />
                        ))}
                      </span>
                      <span data-testid="cashback-claims">{text}</span>
                    </div>
                  </div>
                  {entry.available > 0 ? (
                    <Button
                      size="sm"
                      className="pr-wrap-btn"
                      loading={claiming === entry.id}
                      disabled={claiming !== null && claiming !== entry.id}
                      onClick={() => void claim(entry)}
                      data-testid="cashback-claim"
                    >
                      {t('promo.cashback.claim', { amount: formatMoney(entry.next_claim_amount) })}
                    </Button>
                  ) : (
                    <span className="pr-entry__when">
                      {future
                        ? t('promo.cashback.future', {
                            date: formatDateTimeShort(entry.available_at, locale, timeZone),
                          })
                        : entry.next_unlock_at
                          ? t('promo.cashback.nextClaim', {
                              date: formatDateTimeShort(entry.next_unlock_at, locale, timeZone),
                            })
                          : t('promo.cashback.allClaimed')}
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </div>
  );
}
