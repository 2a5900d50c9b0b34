import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatDateTimeShort } from '../../../shared/lib/dates';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { useIsLoggedIn } from '../../../shared/lib/session';
import { Button } from '../../../shared/ui/button';
import { Page } from '../../../shared/ui/page';
import { Skeleton } from '../../../shared/ui/skeleton';
import { useCoupons } from '../api/get-coupons';
import { CouponBox } from '../components/coupon-box';
import { LoginPrompt } from '../components/login-prompt';
import { PageHead } from '../components/page-head';
import '../locales/register';
import '../promotions.css';

/** /promo-codes ('Códigos promocionais'): the coupon field and the codes the player may use now. */
export default function PromoCodesPage() {
  const t = useT();
  const loggedIn = useIsLoggedIn();
  return (
    <Page data-testid="promo-codes-page">
      <PageHead title={t('promo.promoCodes.title')} intro={t('promo.promoCodes.intro')} />
      {loggedIn ? <PlayerCodes /> : <LoginPrompt />}
    </Page>
  );
}

function PlayerCodes() {
  const t = useT();
  const locale = useLocale();
  const coupons = useCoupons();
  // A code picked from the list (or given as ?code=, from a banner or a message) goes into the field, checked.
  const [params] = useSearchParams();
  const [picked, setPicked] = useState<string | undefined>(params.get('code') ?? undefined);
  const list = coupons.data?.coupons ?? [];
  return (
    <div className="pr-grid">
      <section className="ui-panel" aria-labelledby="coupon-title">
        <h2 id="coupon-title" className="ui-panel__title">
          {t('promo.coupon.title')}
        </h2>
        <CouponBox code={picked} />
      </section>
      <section className="ui-panel" aria-labelledby="codes-title">
        <h2 id="codes-title" className="ui-panel__title">
          {t('promo.coupon.available')}
        </h2>
        {coupons.isError ? (
          <div className="pr-failed" role="alert">
            <p>{t('promo.common.loadError')}</p>
            <Button size="sm" variant="outline" color="default" onClick={() => void coupons.refetch()}>
              {t('promo.common.retry')}
            </Button>
          </div>
        ) : coupons.isPending ? (
          <Skeleton variant="text" lines={3} height={40} />
        ) : list.length === 0 ? (
          <p className="pr-muted" data-testid="codes-empty">
            {t('promo.coupon.availableEmpty')}
          </p>
        ) : (
          <ul className="pr-codes" data-testid="codes-list">
            {list.map((c) => (
              <li key={c.code}>
                <span className="pr-codes__text">
                  <span className="pr-codes__code">{c.code}</span>
                  <span>
                    {c.offer.name}
                    {c.expires_at
                      ? ` · ${t('promo.coupon.expiresAt', { date: formatDateTimeShort(c.expires_at, locale) })}`
                      : ''}
                  </span>
                </span>
                <Button size="sm" variant="outline" color="default" onClick={() => setPicked(c.code)}>
                  {t('promo.coupon.use')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
