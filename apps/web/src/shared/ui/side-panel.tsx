import { type CSSProperties, type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { create } from 'zustand';
import { cx } from './cx';
import { useFocusTrap } from './focus-trap';
import { useT } from './i18n-adapter';
import { lockScroll } from './scroll-lock';
import { MOBILE_QUERY, useMediaQuery } from './use-media-query';
import { usePresence } from './use-presence';
import './side-panel.css';

/** Panels the product names; other names work too. */
export type SidePanelName = 'language' | 'notifications' | 'chatglobal' | (string & {});

type SidePanelState = {
  active: SidePanelName | null;
  open: (name: SidePanelName) => void;
  close: (name?: SidePanelName) => void;
  toggle: (name: SidePanelName) => void;
};

/** One side panel is open at a time; opening another replaces it. */
export const useSidePanels = create<SidePanelState>((set, get) => ({
  active: null,
  open: (name) => set({ active: name }),
  close: (name) => {
    if (name === undefined || get().active === name) set({ active: null });
  },
  toggle: (name) => set({ active: get().active === name ? null : name }),
}));

export const sidePanels = {
  open: (name: SidePanelName) => useSidePanels.getState().open(name),
  close: (name?: SidePanelName) => useSidePanels.getState().close(name),
  toggle: (name: SidePanelName) => useSidePanels.getState().toggle(name),
};

const EXIT_MS = 260;

export type SidePanelProps = {
  name: SidePanelName;
  side?: 'left' | 'right';
  title?: ReactNode;
  /** Extra header content (e.g. a "mark all read" button). */
  actions?: ReactNode;
  width?: number;
  children?: ReactNode;
  footer?: ReactNode;
  className?: string;
};

/**
 * Rendered wherever convenient (usually the layout); visible while `useSidePanels().active === name`.
 * On phones it covers the page with a backdrop and locks scroll; on wider screens it floats beside the content
 * without blocking it and sets html[data-side-panel] so a layout may make room.
 */
export function SidePanel({
  name,
  side = 'right',
  title,
  actions,
  width = 380,
  children,
  footer,
  className,
}: SidePanelProps) {
  const t = useT();
  const isOpen = useSidePanels((s) => s.active === name);
  const close = useSidePanels((s) => s.close);
  const state = usePresence(isOpen, EXIT_MS);
  const mobile = useMediaQuery(MOBILE_QUERY);
  const panelRef = useRef<HTMLElement>(null);
  const titleId = useId();

  useFocusTrap(panelRef, state === 'open' && mobile);

  useEffect(() => {
    if (state === 'closed' || !mobile) return;
    return lockScroll();
  }, [state, mobile]);

  useEffect(() => {
    if (!isOpen) return;
    const root = document.documentElement;
    root.dataset.sidePanel = side;
    root.style.setProperty('--ui-side-panel-width', `${width}px`);
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      // A modal opened from inside the panel closes first.
      if (document.querySelector('.ui-modal')) return;
      close(name);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (root.dataset.sidePanel === side) delete root.dataset.sidePanel;
    };
  }, [isOpen, side, width, name, close]);

  // Moves focus into the panel on desktop too, without trapping it.
  useEffect(() => {
    if (state === 'open' && !mobile) panelRef.current?.focus({ preventScroll: true });
  }, [state, mobile]);

  if (state === 'closed' || typeof document === 'undefined') return null;

  return createPortal(
    <div
      className={cx(
        'ui-side-panel',
        `ui-side-panel--${side}`,
        state === 'closing' && 'ui-side-panel--closing',
        className,
      )}
      style={{ '--panel-w': `${width}px` } as CSSProperties}
      data-ui-overlay={mobile ? '' : undefined}
      data-panel={name}
    >
      <div className="ui-side-panel__backdrop" aria-hidden="true" onClick={() => close(name)} />
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: aria-modal is only set with role="dialog" */}
      <aside
        ref={panelRef}
        className="ui-side-panel__panel"
        role={mobile ? 'dialog' : 'complementary'}
        aria-modal={mobile || undefined}
        aria-labelledby={title ? titleId : undefined}
        tabIndex={-1}
      >
        {/* Not a <header>: outside <main> that would be a second banner landmark of the page. */}
        <div className="ui-side-panel__header">
          {title && (
            <h2 className="ui-side-panel__title" id={titleId}>
              {title}
            </h2>
          )}
          {actions}
          <button
            type="button"
            className="ui-side-panel__close"
            onClick={() => close(name)}
            aria-label={t('ui.sidePanel.close')}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <div className="ui-side-panel__body">{children}</div>
        {footer && <footer className="ui-side-panel__footer">{footer}</footer>}
      </aside>
    </div>,
    document.body,
  );
}
