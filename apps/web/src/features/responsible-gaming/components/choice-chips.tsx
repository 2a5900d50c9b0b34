import { cx } from '../../../shared/ui/cx';

export type Choice<V extends string | number | null> = { value: V; label: string };

/** A row of single-choice chips (a radio group), for the periods and intervals the player picks from. */
export function ChoiceChips<V extends string | number | null>({
  label,
  choices,
  value,
  onChange,
  disabled,
  name,
}: {
  label: string;
  choices: Choice<V>[];
  value: V;
  onChange: (value: V) => void;
  disabled?: boolean;
  name: string;
}) {
  return (
    <fieldset className="rg-chips" disabled={disabled}>
      <legend className="rg-chips__legend">{label}</legend>
      <div className="rg-chips__row">
        {choices.map((c) => (
          <label key={String(c.value)} className={cx('rg-chip', c.value === value && 'is-active')}>
            <input
              type="radio"
              name={name}
              checked={c.value === value}
              onChange={() => onChange(c.value)}
              className="rg-chip__input"
            />
            <span>{c.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
