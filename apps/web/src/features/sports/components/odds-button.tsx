import { useEffect, useRef, useState } from 'react';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { formatOdds } from '../lib/odds';
import { usePrefs } from '../lib/prefs';
import { useSlip } from '../lib/slip-store';

const FLASH_MS = 1_600;

export type OddsButtonProps = {
  outcomeId: number;
  odds: number | null;
  /** The outcome's short label shown above the price (1, X, 2, Mais de 2,5 ...). */
  label: string;
  /** The full name read by a screen reader: team, market and price. */
  ariaLabel: string;
  disabled: boolean;
  onPick: () => void;
  compact?: boolean;
};

/** A price to tap: adds the outcome to the slip (or takes it off); flashes green or red for a moment when it moves. */
export function OddsButton({ outcomeId, odds, label, ariaLabel, disabled, onPick, compact }: OddsButtonProps) {
  const t = useT();
  const locale = useLocale();
  const format = usePrefs((s) => s.oddsFormat);
  const selected = useSlip((s) => s.selections.some((x) => x.outcomeId === outcomeId));
  const previous = useRef(odds);
  const [flash, setFlash] = useState<{ dir: 'up' | 'down'; n: number } | null>(null);

  useEffect(() => {
    const before = previous.current;
    previous.current = odds;
    if (before === null || odds === null || before === odds) return;
    setFlash((f) => ({ dir: odds > before ? 'up' : 'down', n: (f?.n ?? 0) + 1 }));
    const id = setTimeout(() => setFlash(null), FLASH_MS);
    return () => clearTimeout(id);
  }, [odds]);

  const off = disabled || odds === null;
  return (
    <button
      type="button"
      className={['sp-odds', compact && 'sp-odds--compact', selected && 'sp-odds--on', flash && `sp-odds--${flash.dir}`]
        .filter(Boolean)
        .join(' ')}
      aria-pressed={selected}
      disabled={off}
      onClick={onPick}
      data-testid="sp-odds"
      data-outcome={outcomeId}
    >
      {/* The full name for a screen reader, before the visible label and price (which stay in the name). */}
      <span className="ui-visually-hidden">{ariaLabel}: </span>
      <span className="sp-odds__label">{label}</span>
      <span className="sp-odds__price">
        {off ? (
          <>
            <LockIcon />
            <span className="ui-visually-hidden">{t('sports.suspended')}</span>
          </>
        ) : (
          formatOdds(odds, format, locale)
        )}
        {flash && !off && (
          <svg className="sp-odds__arrow" width="8" height="8" viewBox="0 0 8 8" aria-hidden="true">
            <path d={flash.dir === 'up' ? 'M4 1 8 7H0z' : 'M4 7 0 1h8z'} fill="currentColor" />
          </svg>
        )}
      </span>
    </button>
  );
}

export function LockIcon() {
  return (
    <svg
      width="14"
      height="14"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
      aria-hidden="true"
    >
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V8a4 4 0 0 1 8 0v3" />
    </svg>
  );
}
