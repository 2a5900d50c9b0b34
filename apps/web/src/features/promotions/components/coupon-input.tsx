import { type ReactNode, useId, useState } from 'react';
import { useT } from '../../../shared/lib/i18n';
import { Button } from '../../../shared/ui/button';
import { Field, Input } from '../../../shared/ui/field';
import type { CouponField } from '../lib/use-coupon';

type Props = {
  coupon: CouponField;
  label?: string;
  /** The code the field starts with (a coupon carried into the deposit modal), already checked by the caller. */
  initial?: string;
  /** What to show under a valid code: the offer and what the player can do with it. */
  children?: ReactNode;
};

/**
 * The coupon field: type a code, check it (button or Enter), clear it with ×. Not a <form> of its own, as it also
 * sits inside the deposit form; Enter checks the code instead of submitting the form around it.
 */
export function CouponInput({ coupon, label, initial = '', children }: Props) {
  const t = useT();
  const id = useId();
  const [text, setText] = useState(initial);
  const { state } = coupon;
  const error = state.status === 'invalid' && state.code ? (state.error ?? t('promo.coupon.invalid')) : undefined;

  const change = (value: string) => {
    setText(value);
    coupon.input(value);
  };

  const clear = () => {
    setText('');
    coupon.clear();
  };

  return (
    <div className="pr-coupon">
      <div className="pr-coupon__row">
        <Field label={label ?? t('promo.coupon.label')} error={error} id={id}>
          <Input
            className="pr-coupon__input"
            value={text}
            placeholder={t('promo.coupon.placeholder')}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            onChange={(e) => change(e.target.value)}
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return;
              e.preventDefault();
              void coupon.check(text);
            }}
            suffix={
              text ? (
                <button type="button" className="pr-coupon__clear" onClick={clear} aria-label={t('promo.coupon.clear')}>
                  <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true">
                    <path d="M3 3l10 10M13 3L3 13" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                  </svg>
                </button>
              ) : undefined
            }
            data-testid="coupon-input"
          />
        </Field>
        <Button
          type="button"
          variant="outline"
          color="default"
          loading={state.status === 'loading'}
          disabled={!text.trim() || (state.status === 'valid' && state.code === text.trim().toUpperCase())}
          onClick={() => void coupon.check(text)}
          data-testid="coupon-check"
        >
          {t('promo.coupon.check')}
        </Button>
      </div>
      <p className="pr-coupon__status" aria-live="polite">
        {state.status === 'loading' ? t('promo.coupon.checking') : ''}
      </p>
      {state.status === 'valid' && children}
    </div>
  );
}
