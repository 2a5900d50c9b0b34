import { formatDateTimeShort } from '../../../shared/lib/dates';
import { openDeposit } from '../../../shared/lib/deposit-modal';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { isLivePath } from '../../../shared/lib/live-routes';
import { localizePath } from '../../../shared/lib/locale';
import { useIsLoggedIn } from '../../../shared/lib/session';
import { useSiteConfig } from '../../../shared/lib/site-config';
import { Button } from '../../../shared/ui/button';
import { Page } from '../../../shared/ui/page';
import { Skeleton } from '../../../shared/ui/skeleton';
import { type Offer, rulesOf, useOffers } from '../api/get-offers';
import { PageHead } from '../components/page-head';
import { offerHeadline, offerTerms } from '../lib/offer-terms';
import '../locales/register';
import '../promotions.css';

/** /promotion ('Promoções'), open to guests: the tenant's live offers, their rules in plain language, a way in. */
export default function PromotionPage() {
  const t = useT();
  const offers = useOffers();
  // A regulated tenant lists no pre-bet offer; its players are told why rather than "come back soon".
  const regulated = useSiteConfig().is_regulated;
  const list = offers.data?.offers ?? [];
  return (
    <Page data-testid="promotion-page">
      <PageHead title={t('promo.offers.title')} intro={t('promo.offers.intro')} />
      {offers.isError ? (
        <div className="ui-panel pr-failed" role="alert">
          <p>{t('promo.common.loadError')}</p>
          <Button size="sm" variant="outline" color="default" onClick={() => void offers.refetch()}>
            {t('promo.common.retry')}
          </Button>
        </div>
      ) : offers.isPending ? (
        <div className="pr-offers">
          <Skeleton height={260} />
          <Skeleton height={260} />
        </div>
      ) : list.length === 0 ? (
        <p className="ui-panel pr-muted" data-testid="offers-empty">
          {t(regulated ? 'promo.coupon.regulated' : 'promo.offers.empty')}
        </p>
      ) : (
        <div className="pr-offers">
          {list.map((offer) => (
            <OfferCard key={offer.id} offer={offer} />
          ))}
        </div>
      )}
    </Page>
  );
}

function OfferCard({ offer }: { offer: Offer }) {
  const t = useT();
  const locale = useLocale();
  const rules = rulesOf(offer, t);
  const headline = offerHeadline(rules, t, locale);
  const terms = offerTerms(rules, t, locale);
  const titleId = `offer-${offer.id}`;
  return (
    <article className="ui-panel pr-offer" aria-labelledby={titleId} data-testid="offer">
      <span className="pr-offer__kind">{t(`promo.offers.kinds.${offer.kind}`)}</span>
      <h2 id={titleId} className="pr-offer__name">
        {offer.name}
      </h2>
      {headline && <p className="pr-offer__headline">{headline}</p>}
      {offer.terms[locale].trim() && <p className="pr-offer__text">{offer.terms[locale]}</p>}
      {terms.length > 0 && (
        <>
          <p className="pr-offer__terms-title">{t('promo.offers.terms')}</p>
          <ul className="pr-terms">
            {terms.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      )}
      {offer.ends_at && (
        <p className="pr-muted">{t('promo.offers.until', { date: formatDateTimeShort(offer.ends_at, locale) })}</p>
      )}
      <OfferAction offer={offer} />
    </article>
  );
}

/** The offer's call to action: a guest signs up; a player deposits (with the offer's code) or goes to their bonuses. */
function OfferAction({ offer }: { offer: Offer }) {
  const t = useT();
  const locale = useLocale();
  const loggedIn = useIsLoggedIn();
  if (!loggedIn) {
    const back = encodeURIComponent(localizePath('/promotion', locale));
    return (
      <Button className="pr-wrap-btn" block to={`${localizePath('/register', locale)}?redirect=${back}`}>
        {t('promo.offers.cta.login')}
      </Button>
    );
  }
  if (offer.kind === 'deposit_match') {
    return (
      <Button className="pr-wrap-btn" block onClick={openDeposit} data-testid="offer-deposit">
        {t('promo.offers.cta.deposit')}
      </Button>
    );
  }
  // A no-deposit or free-spins offer is taken with a code: the player's codes are on /promo-codes.
  if (isLivePath('/promo-codes')) {
    return (
      <Button className="pr-wrap-btn" block to={localizePath('/promo-codes', locale)}>
        {t('promo.offers.cta.codes')}
      </Button>
    );
  }
  return (
    <Button className="pr-wrap-btn" block variant="outline" color="default" to={localizePath('/bonus', locale)}>
      {t('promo.offers.cta.bonus')}
    </Button>
  );
}
