import type { ReactNode } from 'react';
import { useT } from '../../../shared/lib/i18n';
import { Modal } from '../../../shared/ui/modal';
import { useMediaQuery } from '../../../shared/ui/use-media-query';
import { useSlip, useSlipSheet } from '../lib/slip-store';
import { BetSlip } from './bet-slip';

const WIDE = '(min-width: 1100px)';

/**
 * The sportsbook's frame: the page beside the bet slip on a wide screen; on a phone and a tablet the slip is a bottom
 * sheet opened from a floating button that shows how many picks it holds.
 */
export function SportsShell({ children }: { children: ReactNode }) {
  const t = useT();
  const wide = useMediaQuery(WIDE);
  const count = useSlip((s) => s.selections.length);
  const open = useSlipSheet((s) => s.open);
  const close = () => useSlipSheet.setState({ open: false });
  return (
    <div className="sp-shell">
      <div className="sp-shell__main">{children}</div>
      {wide ? (
        <aside className="sp-shell__slip" aria-label={t('sports.slip.title')} data-fab-clear>
          <BetSlip />
        </aside>
      ) : (
        <>
          <button
            type="button"
            className={`sp-fab${count > 0 ? ' sp-fab--full' : ''}`}
            onClick={() => useSlipSheet.setState({ open: true })}
            aria-label={t('sports.slip.openWith', { n: count })}
            data-testid="sp-slip-fab"
            data-fab-clear
          >
            <SlipIcon />
            <span>{t('sports.slip.title')}</span>
            <span className="sp-count" data-testid="sp-slip-count">
              {count}
            </span>
          </button>
          <Modal open={open} onClose={close} title={t('sports.slip.title')} className="sp-sheet">
            <BetSlip />
          </Modal>
        </>
      )}
    </div>
  );
}

function SlipIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M6 3h12v18l-3-2-3 2-3-2-3 2z" strokeLinejoin="round" />
      <path d="M9 8h6M9 12h6" strokeLinecap="round" />
    </svg>
  );
}
