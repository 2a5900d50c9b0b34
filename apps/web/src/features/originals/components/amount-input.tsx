import { useEffect, useState } from 'react';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { formatAmountField, parseAmount } from '../../../shared/lib/numbers';
import { LIMITS } from '../api/types';

const clamp = (c: number) => Math.min(LIMITS.maxBet, Math.max(LIMITS.minBet, c));

/** The bet amount in reais with min / ½ / 2x / max; the value is integer centavos. */
export function AmountInput({
  value,
  onChange,
  disabled,
  max = LIMITS.maxBet,
}: {
  value: number;
  onChange: (centavos: number) => void;
  disabled?: boolean;
  max?: number;
}) {
  const t = useT();
  const locale = useLocale();
  const toText = (c: number) => formatAmountField(c, locale);
  const parse = (s: string) => parseAmount(s, locale);
  const [text, setText] = useState(toText(value));
  useEffect(() => {
    if (parseAmount(text, locale) !== value) setText(formatAmountField(value, locale));
  }, [value, text, locale]);
  const set = (c: number) => {
    const v = Math.min(clamp(c), Math.max(LIMITS.minBet, max));
    onChange(v);
    setText(toText(v));
  };
  return (
    <div className="og-field">
      <label className="og-label" htmlFor="og-amount">
        {t('originals.controls.amount')}
      </label>
      <div className="og-amount">
        <span className="og-amount__cur">R$</span>
        <input
          id="og-amount"
          inputMode="decimal"
          autoComplete="off"
          value={text}
          disabled={disabled}
          onChange={(e) => {
            setText(e.target.value);
            const c = parse(e.target.value);
            if (c !== null && c >= LIMITS.minBet && c <= LIMITS.maxBet) onChange(c);
          }}
          onBlur={() => set(parse(text) ?? value)}
        />
        <div className="og-amount__btns">
          <button type="button" disabled={disabled} onClick={() => set(LIMITS.minBet)}>
            {t('originals.controls.min')}
          </button>
          <button type="button" disabled={disabled} onClick={() => set(Math.floor(value / 2))}>
            {t('originals.controls.half')}
          </button>
          <button type="button" disabled={disabled} onClick={() => set(value * 2)}>
            {t('originals.controls.double')}
          </button>
          <button type="button" disabled={disabled} onClick={() => set(max)}>
            {t('originals.controls.max')}
          </button>
        </div>
      </div>
    </div>
  );
}
