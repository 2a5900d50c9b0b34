import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Button } from './button';
import { Confetti } from './confetti';
import { cx } from './cx';
import { useFocusTrap } from './focus-trap';
import { useLocale, useT } from './i18n-adapter';
import { REDUCED_MOTION_QUERY, useMediaQuery } from './use-media-query';
import { usePresence } from './use-presence';
import './win-celebration.css';

export type WinTier = 'win' | 'big' | 'mega';

/** 10x and above is a big win, 50x and above a mega win. */
export function winTier(multiplier: number): WinTier {
  if (multiplier >= 50) return 'mega';
  if (multiplier >= 10) return 'big';
  return 'win';
}

export type WinCelebrationProps = {
  open: boolean;
  onClose: () => void;
  /** Prize in centavos. */
  amount: number;
  multiplier?: number;
  currency?: string;
  /** Closes by itself after this many ms; 0 keeps it open. */
  autoCloseMs?: number;
};

const COUNT_MS = 1400;

export function WinCelebration({
  open,
  onClose,
  amount,
  multiplier,
  currency = 'BRL',
  autoCloseMs = 6000,
}: WinCelebrationProps) {
  const t = useT();
  const locale = useLocale();
  const state = usePresence(open, 300);
  const reduced = useMediaQuery(REDUCED_MOTION_QUERY);
  const [burst, setBurst] = useState(0);
  const shown = useCountUp(amount, reduced ? 0 : COUNT_MS, burst);
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useFocusTrap(dialogRef, state === 'open');

  useEffect(() => {
    if (!open) return;
    setBurst((b) => b + 1);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCloseRef.current();
    };
    document.addEventListener('keydown', onKey);
    const timer = autoCloseMs > 0 ? setTimeout(() => onCloseRef.current(), autoCloseMs) : undefined;
    return () => {
      document.removeEventListener('keydown', onKey);
      clearTimeout(timer);
    };
  }, [open, autoCloseMs]);

  if (state === 'closed' || typeof document === 'undefined') return null;

  const tier = winTier(multiplier ?? 1);
  const money = new Intl.NumberFormat(locale === 'en' ? 'en-US' : 'pt-BR', { style: 'currency', currency });
  const multiplierText = multiplier
    ? new Intl.NumberFormat(locale === 'en' ? 'en-US' : 'pt-BR', { maximumFractionDigits: 2 }).format(multiplier)
    : null;

  return createPortal(
    <div className={cx('ui-win', `ui-win--${tier}`, state === 'closing' && 'ui-win--closing')} data-ui-overlay="">
      <div className="ui-win__backdrop" aria-hidden="true" onClick={() => onCloseRef.current()} />
      <div
        ref={dialogRef}
        className="ui-win__card"
        role="dialog"
        aria-modal="true"
        aria-label={`${t(`ui.win.${tier}`)} ${money.format(amount / 100)}`}
        tabIndex={-1}
      >
        <div className="ui-win__rays" aria-hidden="true" />
        <p className="ui-win__eyebrow">{t('ui.win.eyebrow')}</p>
        <h2 className="ui-win__title">{t(`ui.win.${tier}`)}</h2>
        <p className="ui-win__amount" aria-live="off">
          {money.format(shown / 100)}
        </p>
        {multiplierText && (
          <p className="ui-win__multiplier">
            <span>{t('ui.win.multiplier')}</span>
            <strong>{multiplierText}x</strong>
          </p>
        )}
        <Button size="lg" rounded="full" onClick={() => onCloseRef.current()} className="ui-win__cta" data-autofocus="">
          {t('ui.win.collect')}
        </Button>
      </div>
      <Confetti fire={open ? burst : null} />
    </div>,
    document.body,
  );
}

/** Counts from 0 up to `target` (integers) with an ease-out curve, again whenever `run` changes. */
function useCountUp(target: number, ms: number, run: number): number {
  const [value, setValue] = useState(ms > 0 ? 0 : target);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `run` restarts the count
  useEffect(() => {
    if (ms <= 0 || target === 0) {
      setValue(target);
      return;
    }
    let frame = 0;
    const start = performance.now();
    const step = (now: number) => {
      const p = Math.min(1, (now - start) / ms);
      const eased = 1 - (1 - p) ** 3;
      setValue(Math.round(target * eased));
      if (p < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [target, ms, run]);
  return value;
}
