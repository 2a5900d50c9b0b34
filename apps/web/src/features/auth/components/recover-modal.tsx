import '../locales/register';
import { useEffect, useState } from 'react';
import { useRulesForm } from '../../../shared/lib/form';
import { useT } from '../../../shared/lib/i18n';
import { confirms, maskCode, password, required, sixDigits } from '../../../shared/lib/validation';
import { Button } from '../../../shared/ui/button';
import { Modal } from '../../../shared/ui/modal';
import { toast } from '../../../shared/ui/toast-store';
import { recoverPassword, resetPassword } from '../api/recover-password';
import { errorText, isValidationError } from '../lib/errors';
import { acceptAuth } from '../session-actions';
import { openAuthModal } from '../store';
import { FormError, PasswordField, TextField } from './form-bits';
import type { AuthModalProps } from './login-modal';
import './auth.css';

const START = { login: '' };
const RESET = { code: '', password: '', password_confirmation: '' };

/** Password recovery: a code to the account's e-mail or phone, then a new password (other sessions end). */
export default function RecoverModal({ open, onClose, onAuthenticated }: AuthModalProps) {
  const t = useT();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const ask = useRulesForm(START, () => ({ login: [required] }));
  const reset = useRulesForm(RESET, () => ({
    code: [required, sixDigits],
    password: [required, password],
    password_confirmation: [required, confirms('password')],
  }));
  const clearAsk = ask.reset;
  const clearReset = reset.reset;

  useEffect(() => {
    if (open) return;
    clearAsk();
    clearReset();
    setSentTo(null);
    setFailure(null);
  }, [open, clearAsk, clearReset]);

  const run = async (fn: () => Promise<void>, form: { applyServerErrors: (b: unknown) => string[] }) => {
    setFailure(null);
    setBusy(true);
    try {
      await fn();
    } catch (error) {
      if (isValidationError(error) && form.applyServerErrors(error.body).length === 0) return;
      setFailure(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const submitAsk = ask.submit((values) => {
    const login = values.login.trim();
    return run(async () => {
      await recoverPassword(login);
      setSentTo(login);
    }, ask);
  });

  const submitReset = reset.submit((values) => {
    if (!sentTo) return;
    return run(async () => {
      const result = await resetPassword({
        login: sentTo,
        code: values.code,
        password: values.password,
        password_confirmation: values.password_confirmation,
      });
      acceptAuth(result);
      toast.success(t('auth.recover.done'));
      onAuthenticated();
    }, reset);
  });

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('auth.recover.title')}
      size="sm"
      dismissable={!busy}
      className="auth-modal"
    >
      {sentTo === null ? (
        <form className="auth-form" onSubmit={(e) => void submitAsk(e)} noValidate data-testid="recover-form">
          <p className="auth-sub">{t('auth.recover.intro')}</p>
          <TextField form={ask} name="login" label={t('auth.recover.login')} autoComplete="username" required />
          <FormError message={failure} />
          <Button type="submit" block size="lg" loading={busy}>
            {t('auth.recover.send')}
          </Button>
          <BackToLogin />
        </form>
      ) : (
        <form className="auth-form" onSubmit={(e) => void submitReset(e)} noValidate data-testid="reset-form">
          <p className="auth-sub">{t('auth.recover.sent', { target: sentTo })}</p>
          <TextField
            form={reset}
            name="code"
            label={t('auth.recover.code')}
            placeholder="000000"
            inputMode="numeric"
            autoComplete="one-time-code"
            mask={maskCode}
            required
          />
          <PasswordField
            form={reset}
            name="password"
            label={t('auth.recover.password')}
            autoComplete="new-password"
            required
          />
          <PasswordField
            form={reset}
            name="password_confirmation"
            label={t('auth.recover.confirmation')}
            autoComplete="new-password"
            required
          />
          <FormError message={failure} />
          <Button type="submit" block size="lg" loading={busy}>
            {t('auth.recover.submit')}
          </Button>
          <BackToLogin />
        </form>
      )}
    </Modal>
  );
}

function BackToLogin() {
  const t = useT();
  return (
    <p className="auth-switch">
      <button type="button" className="auth-link" onClick={() => openAuthModal('login')}>
        {t('auth.recover.back')}
      </button>
    </p>
  );
}
