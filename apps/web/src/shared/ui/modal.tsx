import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { cx } from './cx';
import { useFocusTrap } from './focus-trap';
import { useT } from './i18n-adapter';
import { lockScroll } from './scroll-lock';
import { usePresence } from './use-presence';
import './modal.css';

const EXIT_MS = 220;

export type ModalProps = {
  open: boolean;
  onClose: () => void;
  title?: ReactNode;
  /** Accessible name when there is no visible title. */
  ariaLabel?: string;
  size?: 'sm' | 'md' | 'lg' | 'full';
  children?: ReactNode;
  footer?: ReactNode;
  /** Esc and backdrop clicks close the modal unless false (e.g. while a request runs). */
  dismissable?: boolean;
  hideCloseButton?: boolean;
  /** Turns off the bottom-sheet presentation on small screens. */
  centeredOnMobile?: boolean;
  className?: string;
  role?: 'dialog' | 'alertdialog';
  describedBy?: string;
};

export function Modal({
  open,
  onClose,
  title,
  ariaLabel,
  size = 'md',
  children,
  footer,
  dismissable = true,
  hideCloseButton,
  centeredOnMobile,
  className,
  role = 'dialog',
  describedBy,
}: ModalProps) {
  const t = useT();
  const state = usePresence(open, EXIT_MS);
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useFocusTrap(dialogRef, state === 'open');

  useEffect(() => {
    if (state === 'closed') return;
    return lockScroll();
  }, [state]);

  useEffect(() => {
    if (state !== 'open' || !dismissable) return;
    const onKey = (event: KeyboardEvent) => {
      // Only the top-most dialog reacts, so nested modals close one at a time.
      if (event.key !== 'Escape' || !isTopMost(dialogRef.current)) return;
      event.stopPropagation();
      onCloseRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [state, dismissable]);

  if (state === 'closed' || typeof document === 'undefined') return null;

  return createPortal(
    <div
      className={cx(
        'ui-modal',
        state === 'closing' && 'ui-modal--closing',
        !centeredOnMobile && 'ui-modal--sheet',
        className,
      )}
      data-ui-overlay=""
    >
      <div
        className="ui-modal__backdrop"
        aria-hidden="true"
        onClick={dismissable ? () => onCloseRef.current() : undefined}
      />
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: role is dialog or alertdialog, both support aria-modal */}
      <div
        ref={dialogRef}
        className={cx('ui-modal__dialog', `ui-modal__dialog--${size}`)}
        role={role}
        aria-modal="true"
        aria-labelledby={title ? titleId : undefined}
        aria-label={title ? undefined : ariaLabel}
        aria-describedby={describedBy}
        tabIndex={-1}
      >
        <span className="ui-modal__grabber" aria-hidden="true" />
        {/* The header is a <div>: a <header> outside <main> would be a second banner landmark of the page. */}
        {(title || !hideCloseButton) && (
          <div className={cx('ui-modal__header', !title && 'ui-modal__header--bare')}>
            {title && (
              <h2 className="ui-modal__title" id={titleId}>
                {title}
              </h2>
            )}
            {!hideCloseButton && (
              <button
                type="button"
                className="ui-modal__close"
                onClick={() => onCloseRef.current()}
                aria-label={t('ui.modal.close')}
              >
                <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                  <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
                </svg>
              </button>
            )}
          </div>
        )}
        <div className="ui-modal__body">{children}</div>
        {footer && <footer className="ui-modal__footer">{footer}</footer>}
      </div>
    </div>,
    document.body,
  );
}

function isTopMost(el: HTMLElement | null): boolean {
  if (!el) return false;
  const overlays = document.querySelectorAll('[data-ui-overlay]');
  return overlays[overlays.length - 1]?.contains(el) ?? false;
}
