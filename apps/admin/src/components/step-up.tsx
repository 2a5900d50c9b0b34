import { useTranslate } from '@refinedev/core';
import { Alert, Input, Modal, Typography } from 'antd';
import { useRef, useState } from 'react';
import { api, PATHS } from '../lib/api';
import { isStepUp } from '../lib/providers';

type Act = () => Promise<unknown>;

/**
 * Runs a sensitive act; when the server answers step_up_required, asks for a fresh authenticator code, sends it
 * to the step-up call (which opens a few minutes for sensitive acts) and runs the act again. The act's other errors
 * go back to the caller.
 */
export function useStepUp() {
  const t = useTranslate();
  const pending = useRef<{ act: Act; resolve: (v: unknown) => void; reject: (e: unknown) => void } | null>(null);
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (act: Act): Promise<unknown> => {
    try {
      return await act();
    } catch (e) {
      if (!isStepUp(e)) throw e;
      setCode('');
      setError(null);
      setOpen(true);
      return new Promise((resolve, reject) => {
        pending.current = { act, resolve, reject };
      });
    }
  };

  const confirm = async () => {
    const p = pending.current;
    if (!p) return;
    if (!/^\d{6}$/.test(code.trim())) {
      setError(t('login.sixDigits'));
      return;
    }
    setBusy(true);
    try {
      await api(PATHS.stepUp, { method: 'POST', body: { totp: code.trim() } });
      const r = await p.act();
      setOpen(false);
      pending.current = null;
      p.resolve(r);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const cancel = () => {
    setOpen(false);
    pending.current?.resolve(undefined);
    pending.current = null;
  };

  const modal = (
    <Modal
      open={open}
      title={t('stepUp.title')}
      okText={t('buttons.confirm')}
      cancelText={t('buttons.cancel')}
      onOk={confirm}
      onCancel={cancel}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('stepUp.text')}</Typography.Paragraph>
      {error && <Alert role="alert" type="error" showIcon message={error} style={{ marginBottom: 12 }} />}
      <Input
        aria-label={t('stepUp.code')}
        placeholder={t('stepUp.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        autoFocus
        value={code}
        onChange={(e) => setCode(e.target.value)}
        onPressEnter={confirm}
      />
    </Modal>
  );
  return { run, modal };
}
