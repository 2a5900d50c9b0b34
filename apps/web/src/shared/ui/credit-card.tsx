import { cx } from './cx';
import { useT } from './i18n-adapter';
import './credit-card.css';

export type CardBrand = 'visa' | 'mastercard' | 'elo' | 'pix';

export type CreditCardProps = {
  /** Digits only or grouped; everything but the last four is masked unless `reveal`. */
  number: string;
  holder: string;
  /** MM/YY */
  expiry: string;
  brand?: CardBrand;
  variant?: 'primary' | 'dark' | 'gold';
  reveal?: boolean;
  className?: string;
};

/** Groups card digits in fours and masks all but the last group. */
export function formatCardNumber(number: string, reveal = false): string {
  const digits = number.replace(/\D/g, '').slice(0, 19);
  const groups = digits.match(/.{1,4}/g) ?? [];
  return groups.map((g, i) => (reveal || i === groups.length - 1 ? g : '•'.repeat(g.length))).join(' ');
}

export function CreditCard({
  number,
  holder,
  expiry,
  brand = 'visa',
  variant = 'primary',
  reveal,
  className,
}: CreditCardProps) {
  const t = useT();
  const formatted = formatCardNumber(number, reveal);
  const last4 = number.replace(/\D/g, '').slice(-4);
  return (
    <figure
      className={cx('ui-credit-card', `ui-credit-card--${variant}`, className)}
      aria-label={t('ui.creditCard.label', { brand: brand.toUpperCase(), last4 })}
    >
      <div className="ui-credit-card__shine" aria-hidden="true" />
      <div className="ui-credit-card__top">
        <span className="ui-credit-card__chip" aria-hidden="true" />
        <svg className="ui-credit-card__contactless" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path
            d="M8 7.5a6.5 6.5 0 010 9M11.5 5a10 10 0 010 14M15 2.5a13.5 13.5 0 010 19"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
          />
        </svg>
      </div>
      <p className="ui-credit-card__number" aria-hidden="true">
        {formatted}
      </p>
      <div className="ui-credit-card__bottom" aria-hidden="true">
        <div className="ui-credit-card__field">
          <span className="ui-credit-card__caption">{t('ui.creditCard.holder')}</span>
          <span className="ui-credit-card__value">{holder}</span>
        </div>
        <div className="ui-credit-card__field">
          <span className="ui-credit-card__caption">{t('ui.creditCard.expiry')}</span>
          <span className="ui-credit-card__value">{expiry}</span>
        </div>
        <BrandMark brand={brand} />
      </div>
    </figure>
  );
}

function BrandMark({ brand }: { brand: CardBrand }) {
  if (brand === 'mastercard') {
    return (
      <svg className="ui-credit-card__brand" viewBox="0 0 48 30" width="48" height="30">
        <circle cx="18" cy="15" r="12" fill="#eb001b" />
        <circle cx="30" cy="15" r="12" fill="#f79e1b" fillOpacity="0.9" />
      </svg>
    );
  }
  if (brand === 'pix') {
    return (
      <svg className="ui-credit-card__brand" viewBox="0 0 48 30" width="48" height="30">
        <g transform="translate(24 15) rotate(45)" fill="#32bcad">
          <rect x="-9" y="-9" width="8" height="8" rx="2" />
          <rect x="1" y="-9" width="8" height="8" rx="2" />
          <rect x="-9" y="1" width="8" height="8" rx="2" />
          <rect x="1" y="1" width="8" height="8" rx="2" />
        </g>
      </svg>
    );
  }
  return (
    <span className={cx('ui-credit-card__brand', 'ui-credit-card__brand--text', `ui-credit-card__brand--${brand}`)}>
      {brand === 'elo' ? 'elo' : 'VISA'}
    </span>
  );
}
