import { type KeyboardEvent, useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { cx } from './cx';
import { useT } from './i18n-adapter';
import type { ToastItem, ToastKind } from './toast-queue';
import { appToaster, type Toaster as ToasterQueue, type ToastMessage } from './toast-store';
import './toast.css';

export type ToasterProps = {
  toaster?: ToasterQueue;
  position?: 'top-right' | 'top-center' | 'bottom-right' | 'bottom-center';
  className?: string;
};

/** Renders one toast queue. Mount once per queue (the app's is mounted by <UiRoot/>). */
export function Toaster({ toaster = appToaster, position = 'top-right', className }: ToasterProps) {
  const items = useStore(toaster.store, (s) => s.items);
  const visible = items.filter((i) => i.status !== 'queued');
  const t = useT();
  return (
    <section
      className={cx('ui-toaster', `ui-toaster--${position}`, className)}
      aria-label={t('ui.toast.region')}
      aria-live="polite"
      aria-relevant="additions"
    >
      {visible.map((item) => (
        <ToastView key={item.id} item={item} toaster={toaster} />
      ))}
    </section>
  );
}

function ToastView({ item, toaster }: { item: ToastItem<ToastMessage>; toaster: ToasterQueue }) {
  const t = useT();
  const paused = item.pausedBy.length > 0;
  const leaving = item.status === 'leaving';
  // Remount the progress bar per toast so its CSS animation length matches the remaining time at mount.
  const [initialRemaining] = useState(item.remaining);
  const dismiss = () => {
    if (item.dismissable) toaster.dismiss(item.id);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      dismiss();
    }
  };

  useEffect(() => {
    return () => {
      toaster.resume(item.id, 'hover');
      toaster.resume(item.id, 'focus');
    };
  }, [toaster, item.id]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover pauses the timer; a dismissable toast is a button
    <div
      className={cx(
        'ui-toast',
        `ui-toast--${item.kind}`,
        leaving && 'ui-toast--leaving',
        item.dismissable && 'ui-toast--dismissable',
      )}
      role={item.dismissable ? 'button' : undefined}
      tabIndex={item.dismissable ? 0 : undefined}
      title={item.dismissable ? t('ui.toast.dismissHint') : undefined}
      onMouseEnter={() => toaster.pause(item.id, 'hover')}
      onMouseLeave={() => toaster.resume(item.id, 'hover')}
      onFocus={() => toaster.pause(item.id, 'focus')}
      onBlur={() => toaster.resume(item.id, 'focus')}
      onClick={dismiss}
      onKeyDown={onKeyDown}
    >
      <span className="ui-toast__icon" aria-hidden="true">
        <KindIcon kind={item.kind} />
      </span>
      <div className="ui-toast__text">
        {item.title != null && <p className="ui-toast__title">{item.title}</p>}
        <p className="ui-toast__message">{item.message}</p>
      </div>
      {item.dismissable && (
        <span className="ui-toast__close" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="16" height="16">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
          </svg>
        </span>
      )}
      <span
        className="ui-toast__progress"
        aria-hidden="true"
        style={{
          animationDuration: `${item.duration}ms`,
          animationDelay: `${initialRemaining - item.duration}ms`,
          animationPlayState: paused || leaving ? 'paused' : 'running',
        }}
      />
    </div>
  );
}

function KindIcon({ kind }: { kind: ToastKind }) {
  const common = { width: 20, height: 20, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor' } as const;
  switch (kind) {
    case 'success':
      return (
        <svg {...common} strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round">
          <path d="M5 12.5l4.5 4.5L19 7.5" />
        </svg>
      );
    case 'error':
      return (
        <svg {...common} strokeWidth="2.4" strokeLinecap="round">
          <path d="M7 7l10 10M17 7L7 17" />
        </svg>
      );
    case 'warning':
      return (
        <svg {...common} strokeWidth="2.4" strokeLinecap="round">
          <path d="M12 6v8M12 18v.01" />
        </svg>
      );
    default:
      return (
        <svg {...common} strokeWidth="2.4" strokeLinecap="round">
          <path d="M12 11v7M12 6.5v.01" />
        </svg>
      );
  }
}
