import type { ReactNode } from 'react';
import { useT } from '../../../shared/lib/i18n';
import { useIsLoggedIn } from '../../../shared/lib/session';
import { Button } from '../../../shared/ui/button';
import { Page } from '../../../shared/ui/page';
import { Skeleton } from '../../../shared/ui/skeleton';
import { activeBonusOf, useBonuses } from '../api/get-bonuses';
import { ActiveBonus } from '../components/active-bonus';
import { BonusHistory } from '../components/bonus-history';
import { CashbackCalendar } from '../components/cashback-calendar';
import { CouponBox } from '../components/coupon-box';
import { LoginPrompt } from '../components/login-prompt';
import { PageHead } from '../components/page-head';
import { useBonusLive } from '../lib/use-bonus-live';
import '../locales/register';
import '../promotions.css';

function Section({
  id,
  title,
  children,
  className,
}: {
  id: string;
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section id={id} className={`ui-panel${className ? ` ${className}` : ''}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="ui-panel__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** /bonus ('Bônus'): the active bonus and its wagering, the coupon field, the cashback calendar and the history. */
export default function BonusPage() {
  const t = useT();
  const loggedIn = useIsLoggedIn();
  return (
    <Page data-testid="bonus-page">
      <PageHead title={t('promo.bonus.title')} intro={t('promo.bonus.intro')} />
      {loggedIn ? <PlayerBonus /> : <LoginPrompt />}
    </Page>
  );
}

function PlayerBonus() {
  const t = useT();
  const bonuses = useBonuses();
  useBonusLive();
  const active = activeBonusOf(bonuses.data);

  return (
    <>
      <div className="pr-grid">
        <Section id="active" title={t('promo.bonus.active')} className="pr-active">
          {bonuses.isError && !bonuses.data ? (
            <div className="pr-failed" role="alert">
              <p>{t('promo.common.loadError')}</p>
              <Button size="sm" variant="outline" color="default" onClick={() => void bonuses.refetch()}>
                {t('promo.common.retry')}
              </Button>
            </div>
          ) : bonuses.data ? (
            <ActiveBonus bonus={active} />
          ) : (
            <Skeleton variant="text" lines={4} height={22} />
          )}
        </Section>
        <Section id="coupon" title={t('promo.coupon.title')}>
          <CouponBox />
        </Section>
      </div>
      <Section id="cashback" title={t('promo.cashback.title')}>
        <CashbackCalendar />
      </Section>
      <Section id="history" title={t('promo.bonus.history')}>
        <BonusHistory bonuses={bonuses} />
      </Section>
    </>
  );
}
