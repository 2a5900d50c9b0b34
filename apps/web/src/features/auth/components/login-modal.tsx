import '../locales/register';
import { useEffect, useState } from 'react';
import { useRulesForm } from '../../../shared/lib/form';
import { useT } from '../../../shared/lib/i18n';
import { clearSession } from '../../../shared/lib/session';
import { useSiteConfig } from '../../../shared/lib/site-config';
import { Slot } from '../../../shared/lib/slots';
import { required } from '../../../shared/lib/validation';
import { Button } from '../../../shared/ui/button';
import { Modal } from '../../../shared/ui/modal';
import { toast } from '../../../shared/ui/toast-store';
import { login } from '../api/login';
import { loginWithGoogle } from '../api/login-google';
import { errorText, isValidationError } from '../lib/errors';
import { acceptAuth, selfExclusionOf } from '../session-actions';
import { openAuthModal } from '../store';
import { FormError, PasswordField, TextField } from './form-bits';
import { GoogleButton } from './google-button';
import './auth.css';

const EMPTY = { login: '', password: '' };

export type AuthModalProps = { open: boolean; onClose: () => void; onAuthenticated: () => void };

/** Login by phone, e-mail (or CPF where the tenant asks) and password, or Google. Closing clears what was typed. */
export default function LoginModal({ open, onClose, onAuthenticated }: AuthModalProps) {
  const t = useT();
  const config = useSiteConfig();
  const form = useRulesForm(EMPTY, () => ({ login: [required], password: [required] }));
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { reset } = form;

  useEffect(() => {
    if (!open) {
      reset();
      setFailure(null);
    }
  }, [open, reset]);

  const done = (name: string) => {
    toast.success(t('auth.login.welcome', { name }));
    onAuthenticated();
  };

  const handleError = (error: unknown) => {
    const excluded = selfExclusionOf(error);
    if (excluded) {
      clearSession(excluded);
      return;
    }
    if (isValidationError(error) && form.applyServerErrors(error.body).length === 0) return;
    setFailure(errorText(error));
  };

  const submit = async (values: typeof EMPTY) => {
    setBusy(true);
    try {
      const result = await login({ login: values.login.trim(), password: values.password });
      acceptAuth(result);
      done(result.user.first_name);
    } catch (error) {
      handleError(error);
    } finally {
      setBusy(false);
    }
  };

  const google = async (idToken: string) => {
    setFailure(null);
    try {
      const result = await loginWithGoogle(idToken);
      acceptAuth(result);
      done(result.user.first_name);
    } catch (error) {
      handleError(error);
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('auth.login.title')}
      size="sm"
      dismissable={!busy}
      className="auth-modal"
    >
      <form
        className="auth-form"
        onSubmit={(e) => {
          setFailure(null);
          void form.submit(submit)(e);
        }}
        noValidate
        data-testid="login-form"
      >
        <p className="auth-sub">{t('auth.login.subtitle')}</p>
        <Slot name="auth.riskWarning" />
        <TextField
          form={form}
          name="login"
          label={config.login_requires_cpf ? t('auth.login.loginCpf') : t('auth.login.login')}
          placeholder={t('auth.login.loginPlaceholder')}
          autoComplete="username"
          required
        />
        <PasswordField
          form={form}
          name="password"
          label={t('auth.login.password')}
          autoComplete="current-password"
          required
        />
        <div className="auth-row auth-row--end">
          <button type="button" className="auth-link" onClick={() => openAuthModal('recover')}>
            {t('auth.login.forgot')}
          </button>
        </div>
        <FormError message={failure} />
        <Button type="submit" block size="lg" loading={busy}>
          {t('auth.login.submit')}
        </Button>
        {config.casAllowGoogleAuth && config.googleClientId && (
          <GoogleButton onCredential={google} divider={<div className="auth-or">{t('auth.or')}</div>} />
        )}
        <p className="auth-switch">
          {t('auth.login.noAccount')}{' '}
          <button type="button" className="auth-link" onClick={() => openAuthModal('register')}>
            {t('auth.login.register')}
          </button>
        </p>
      </form>
    </Modal>
  );
}
