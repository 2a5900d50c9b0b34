import { useEffect } from 'react';
import { useT } from '../../../shared/lib/i18n';
import { useSiteConfig } from '../../../shared/lib/site-config';
import type { SlotProps } from '../../../shared/lib/slots';
import { useCoupon } from '../lib/use-coupon';
import { CouponInput } from './coupon-input';
import '../locales/register';
import '../promotions.css';

/**
 * The deposit modal's optional coupon field (slot wallet.depositCoupon), under the same client rules as /bonus. Before
 * the charge is created the form settles it: an empty field sends no coupon, a typed code is checked first (from the
 * cache when it was checked already) and a refused one stops the charge with the reason shown here.
 */
export default function DepositCoupon({ initial, bind }: SlotProps['wallet.depositCoupon']) {
  const t = useT();
  const field = useCoupon();
  const { check, getState } = field;
  // A regulated tenant gives no bonus before a bet (Lei 14.790 art. 29): no coupon goes with a deposit there.
  const regulated = useSiteConfig().is_regulated;

  useEffect(() => {
    if (initial && !regulated) void check(initial);
  }, [initial, check, regulated]);

  useEffect(() => {
    bind(async () => {
      if (regulated) return null;
      const s = getState();
      if (!s.code) return null;
      const done = await check();
      return done.status === 'valid' ? done.code : false;
    });
  }, [bind, check, getState, regulated]);

  if (regulated) return null;
  return (
    <div data-testid="deposit-coupon">
      <CouponInput coupon={field} label={t('promo.coupon.optional')} initial={initial ?? ''}>
        {field.state.coupon && (
          <p className="pr-coupon__applied" data-testid="deposit-coupon-valid">
            {t('promo.coupon.applied', { code: field.state.code, offer: field.state.coupon.offer.name })}
          </p>
        )}
      </CouponInput>
    </div>
  );
}
