import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { formatDateTimeShort } from '../../../shared/lib/dates';
import { openDepositWithCoupon } from '../../../shared/lib/deposit-modal';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { formatMoney } from '../../../shared/lib/money';
import { useSiteConfig } from '../../../shared/lib/site-config';
import { refreshWallet } from '../../../shared/lib/wallet';
import { Button } from '../../../shared/ui/button';
import { toast } from '../../../shared/ui/toast-store';
import type { CheckedCoupon } from '../api/check-coupon';
import { PROMO_KEY } from '../api/keys';
import { redeemCoupon } from '../api/redeem-coupon';
import { errorText } from '../lib/errors';
import { type CouponField, couponCache, useCoupon } from '../lib/use-coupon';
import { CouponInput } from './coupon-input';

/** What a valid coupon gives, and its call to action: activate now, or deposit with it (a deposit match). */
function CouponActions({ coupon, field }: { coupon: CheckedCoupon; field: CouponField }) {
  const t = useT();
  const locale = useLocale();
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const onDeposit = coupon.needs_deposit;

  const redeem = async () => {
    setBusy(true);
    try {
      await redeemCoupon(coupon.code);
      toast.success(t('promo.coupon.redeemed'));
      // A redeemed code is used up: the next check must ask the server again.
      couponCache.forget(coupon.code);
      field.clear();
      refreshWallet(qc, 0);
      await qc.invalidateQueries({ queryKey: PROMO_KEY });
    } catch (err) {
      toast.error(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="pr-coupon__valid" data-testid="coupon-valid">
      <p>{t('promo.coupon.valid', { offer: coupon.offer.name })}</p>
      {coupon.min_deposit !== null && coupon.min_deposit > 0 && (
        <p className="pr-muted">{t('promo.coupon.minDeposit', { amount: formatMoney(coupon.min_deposit) })}</p>
      )}
      {coupon.expires_at && (
        <p className="pr-muted">
          {t('promo.coupon.expiresAt', { date: formatDateTimeShort(coupon.expires_at, locale) })}
        </p>
      )}
      {onDeposit ? (
        <>
          <p>{t('promo.coupon.depositMatch')}</p>
          <Button
            className="pr-wrap-btn"
            onClick={() => openDepositWithCoupon(coupon.code)}
            data-testid="coupon-deposit"
          >
            {t('promo.coupon.depositWithCoupon')}
          </Button>
        </>
      ) : (
        <Button className="pr-wrap-btn" loading={busy} onClick={() => void redeem()} data-testid="coupon-redeem">
          {t('promo.coupon.redeem')}
        </Button>
      )}
    </div>
  );
}

/** The coupon field with its follow-up: on /bonus and /promo-codes. `code` fills it from a list ("Usar"). */
export function CouponBox({ code }: { code?: string }) {
  const t = useT();
  const field = useCoupon();
  const { check } = field;
  const regulated = useSiteConfig().is_regulated;
  // A code picked from a list is checked at once (from the cache when it was checked before).
  useEffect(() => {
    if (code && !regulated) void check(code);
  }, [code, check, regulated]);
  // A regulated tenant gives no bonus before a bet (Lei 14.790 art. 29), so it has no coupon to take: say why.
  if (regulated)
    return (
      <p className="pr-muted" data-testid="coupon-regulated">
        {t('promo.coupon.regulated')}
      </p>
    );
  return (
    <CouponInput coupon={field} initial={code} key={code}>
      {field.state.coupon && <CouponActions coupon={field.state.coupon} field={field} />}
    </CouponInput>
  );
}
