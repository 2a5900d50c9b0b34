import { type ReactNode, useId, useState } from 'react';
import { create } from 'zustand';
import { Button } from './button';
import { useT } from './i18n-adapter';
import { Modal } from './modal';
import './confirm-modal.css';

export type ConfirmOptions = {
  title: ReactNode;
  text?: ReactNode;
  confirmLabel?: ReactNode;
  cancelLabel?: ReactNode;
  /** Red confirm button and warning icon for destructive actions. */
  danger?: boolean;
};

export type ConfirmModalProps = ConfirmOptions & {
  open: boolean;
  /** May return a promise; the confirm button shows a spinner until it settles. */
  onConfirm: () => unknown;
  onCancel: () => void;
};

export function ConfirmModal({
  open,
  title,
  text,
  confirmLabel,
  cancelLabel,
  danger,
  onConfirm,
  onCancel,
}: ConfirmModalProps) {
  const t = useT();
  const textId = useId();
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    const result = onConfirm();
    if (!(result instanceof Promise)) return;
    setBusy(true);
    try {
      await result;
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      onClose={onCancel}
      size="sm"
      role="alertdialog"
      describedBy={text ? textId : undefined}
      dismissable={!busy}
      hideCloseButton
      ariaLabel={typeof title === 'string' ? title : undefined}
      className="ui-confirm"
    >
      <div className="ui-confirm__content">
        <span className={danger ? 'ui-confirm__icon ui-confirm__icon--danger' : 'ui-confirm__icon'} aria-hidden="true">
          {danger ? (
            <svg viewBox="0 0 24 24" width="28" height="28">
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
          ) : (
            <svg viewBox="0 0 24 24" width="28" height="28">
              <circle cx="12" cy="12" r="10" fill="currentColor" opacity="0.2" />
              <path
                d="M9.5 9.3a2.6 2.6 0 015 .9c0 1.8-2.5 2.2-2.5 3.8M12 17.5v.01"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
          )}
        </span>
        <h2 className="ui-confirm__title">{title}</h2>
        {text && (
          <p className="ui-confirm__text" id={textId}>
            {text}
          </p>
        )}
        <div className="ui-confirm__actions">
          <Button color="default" variant="solid" size="lg" onClick={onCancel} disabled={busy} block>
            {cancelLabel ?? t('ui.confirm.cancel')}
          </Button>
          <Button
            color={danger ? 'danger' : 'primary'}
            size="lg"
            onClick={confirm}
            loading={busy}
            block
            data-autofocus=""
          >
            {confirmLabel ?? t('ui.confirm.confirm')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}

type Pending = ConfirmOptions & { id: number; resolve: (ok: boolean) => void };

const useConfirmStore = create<{ pending: Pending | null; open: boolean }>(() => ({ pending: null, open: false }));
let nextId = 1;

/**
 * Opens the shared confirmation dialog (rendered by <ConfirmHost/>) and resolves true on confirm, false on
 * cancel, Esc or backdrop. A second call while one is open cancels the first.
 */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  useConfirmStore.getState().pending?.resolve(false);
  return new Promise<boolean>((resolve) => {
    useConfirmStore.setState({ pending: { ...options, id: nextId++, resolve }, open: true });
  });
}

export function ConfirmHost() {
  const { pending, open } = useConfirmStore();
  if (!pending) return null;
  const settle = (ok: boolean) => {
    pending.resolve(ok);
    useConfirmStore.setState({ open: false });
  };
  return (
    <ConfirmModal
      key={pending.id}
      open={open}
      title={pending.title}
      text={pending.text}
      confirmLabel={pending.confirmLabel}
      cancelLabel={pending.cancelLabel}
      danger={pending.danger}
      onConfirm={() => settle(true)}
      onCancel={() => settle(false)}
    />
  );
}
