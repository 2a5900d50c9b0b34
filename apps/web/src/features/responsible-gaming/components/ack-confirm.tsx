import { type ReactNode, useEffect, useId, useState } from 'react';
import { useT } from '../../../shared/lib/i18n';
import { Button } from '../../../shared/ui/button';
import { Modal } from '../../../shared/ui/modal';
import { errorText } from '../lib';

export type AckConfirmProps = {
  open: boolean;
  title: string;
  text: ReactNode;
  /** The sentence the player ticks before the confirm button works: these decisions cannot be undone. */
  ack: string;
  confirmLabel: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
  children?: ReactNode;
  testId?: string;
};

/** A confirmation for a step that cannot be undone: the player ticks that they understand before confirming. */
export function AckConfirm({
  open,
  title,
  text,
  ack,
  confirmLabel,
  onConfirm,
  onClose,
  children,
  testId,
}: AckConfirmProps) {
  const t = useT();
  const ackId = useId();
  const textId = useId();
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!open) {
      setChecked(false);
      setFailure(null);
    }
  }, [open]);

  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await onConfirm();
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      size="sm"
      role="alertdialog"
      describedBy={textId}
      dismissable={!busy}
      className="rg-ack"
    >
      <div className="rg-ack__body" data-testid={testId}>
        <div className="rg-ack__warn" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="26" height="26">
            <path d="M12 3l10 18H2L12 3z" fill="currentColor" opacity="0.2" />
            <path
              d="M12 3l10 18H2L12 3zM12 10v5M12 18v.01"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </div>
        <p className="rg-ack__text" id={textId}>
          {text}
        </p>
        {children}
        <label className="rg-check" htmlFor={ackId}>
          <input id={ackId} type="checkbox" checked={checked} onChange={(e) => setChecked(e.target.checked)} />
          <span>{ack}</span>
        </label>
        {failure && (
          <p className="rg-error" role="alert">
            {failure}
          </p>
        )}
        <div className="rg-ack__actions">
          <Button color="default" size="lg" block onClick={onClose} disabled={busy}>
            {t('rg.limits.cancel')}
          </Button>
          <Button color="danger" size="lg" block disabled={!checked} loading={busy} onClick={() => void confirm()}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
