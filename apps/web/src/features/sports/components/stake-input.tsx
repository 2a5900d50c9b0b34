import { useEffect, useState } from 'react';
import { useLocale } from '../../../shared/lib/i18n';
import { formatAmountField, parseAmount } from '../../../shared/lib/numbers';

/** A stake in reais; the value is integer centavos (0 while the field is empty). */
export function StakeInput({
  id,
  value,
  onChange,
  label,
  disabled,
}: {
  id: string;
  value: number;
  onChange: (centavos: number) => void;
  label: string;
  disabled?: boolean;
}) {
  const locale = useLocale();
  const [text, setText] = useState(value > 0 ? formatAmountField(value, locale) : '');
  useEffect(() => {
    const parsed = parseAmount(text, locale) ?? 0;
    if (parsed !== value) setText(value > 0 ? formatAmountField(value, locale) : '');
  }, [value, text, locale]);
  return (
    <label className="sp-stake" htmlFor={id}>
      <span className="ui-visually-hidden">{label}</span>
      <span className="sp-stake__cur" aria-hidden="true">
        R$
      </span>
      <input
        id={id}
        inputMode="decimal"
        autoComplete="off"
        placeholder={formatAmountField(0, locale)}
        value={text}
        disabled={disabled}
        data-testid="sp-stake"
        onChange={(e) => {
          setText(e.target.value);
          const c = parseAmount(e.target.value, locale);
          onChange(c !== null && c > 0 ? c : 0);
        }}
        onBlur={() => {
          const c = parseAmount(text, locale);
          setText(c !== null && c > 0 ? formatAmountField(c, locale) : '');
        }}
      />
    </label>
  );
}
