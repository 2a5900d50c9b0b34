import { cx } from './cx';
import './language-panel.css';

export type LanguageOption = { code: string; label: string; native: string; flag: 'br' | 'us' };

export const LANGUAGES: LanguageOption[] = [
  { code: 'pt', label: 'Português (Brasil)', native: 'Português', flag: 'br' },
  { code: 'en', label: 'English', native: 'English', flag: 'us' },
];

export type LanguagePanelProps = {
  value: string;
  onChange: (code: string) => void;
  options?: LanguageOption[];
  /** Accessible name of the list. */
  label: string;
  className?: string;
};

/** The language list shown in the 'language' side panel (language names stay in their own language). */
export function LanguagePanel({ value, onChange, options = LANGUAGES, label, className }: LanguagePanelProps) {
  return (
    <div className={cx('ui-lang', className)} role="radiogroup" aria-label={label}>
      {options.map((o) => {
        const selected = o.code === value;
        return (
          <button
            key={o.code}
            type="button"
            role="radio"
            aria-checked={selected}
            lang={o.code === 'pt' ? 'pt-BR' : o.code}
            className={cx('ui-lang__option', selected && 'ui-lang__option--selected')}
            onClick={() => onChange(o.code)}
          >
            <Flag flag={o.flag} />
            <span className="ui-lang__text">
              <span className="ui-lang__label">{o.label}</span>
              <span className="ui-lang__code">{o.code.toUpperCase()}</span>
            </span>
            <span className="ui-lang__check" aria-hidden="true">
              <svg viewBox="0 0 24 24" width="16" height="16">
                <path
                  d="M5 12.5l4.5 4.5L19 7.5"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2.6"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
            </span>
          </button>
        );
      })}
    </div>
  );
}

function Flag({ flag }: { flag: LanguageOption['flag'] }) {
  if (flag === 'br') {
    return (
      <svg className="ui-lang__flag" viewBox="0 0 28 20" aria-hidden="true">
        <rect width="28" height="20" rx="3" fill="#009b3a" />
        <path d="M14 3l10 7-10 7L4 10z" fill="#fedf00" />
        <circle cx="14" cy="10" r="4.2" fill="#002776" />
        <path d="M10 9.2c2.6-.6 5.6-.2 8 1.2" stroke="#fff" strokeWidth="0.8" fill="none" />
      </svg>
    );
  }
  return (
    <svg className="ui-lang__flag" viewBox="0 0 28 20" aria-hidden="true">
      <rect width="28" height="20" rx="3" fill="#fff" />
      {[0, 2, 4, 6, 8, 10, 12].map((i) => (
        <rect key={i} y={(i * 20) / 13} width="28" height={20 / 13} fill="#b22234" />
      ))}
      <rect width="12" height={(7 * 20) / 13} fill="#3c3b6e" />
    </svg>
  );
}
