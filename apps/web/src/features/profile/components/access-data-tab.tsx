import { useState } from 'react';
import { useRulesForm } from '../../../shared/lib/form';
import { useT } from '../../../shared/lib/i18n';
import { updateSessionUser } from '../../../shared/lib/session';
import { confirms, formatPhone, maskCode, password, required, sixDigits } from '../../../shared/lib/validation';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { toast } from '../../../shared/ui/toast-store';
import { changePassword, requestPasswordChange } from '../api/mutations';
import type { ProfileUser } from '../api/profile';
import { errorText, FormInput, isValidation } from './bits';

const EMPTY = { current_password: '', code: '', password: '', password_confirmation: '' };

/** Login details and the password change (proof: the current password, or a code sent to the e-mail). */
export function AccessDataTab({ user }: { user: ProfileUser }) {
  const t = useT();
  const [byCode, setByCode] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useRulesForm(EMPTY, () => ({
    ...(byCode ? { code: [required, sixDigits] } : { current_password: [required] }),
    password: [required, password],
    password_confirmation: [required, confirms('password')],
  }));

  const askCode = async () => {
    setFailure(null);
    try {
      await requestPasswordChange();
      setByCode(true);
      toast.info(t('profile.access.codeSent', { target: user.email }));
    } catch (error) {
      setFailure(errorText(error));
    }
  };

  const submit = async (v: typeof EMPTY) => {
    setBusy(true);
    try {
      const res = await changePassword({
        ...(byCode ? { code: v.code } : { current_password: v.current_password }),
        password: v.password,
        password_confirmation: v.password_confirmation,
      });
      updateSessionUser(res.user);
      form.reset();
      setByCode(false);
      toast.success(t('profile.access.changed'));
    } catch (error) {
      if (isValidation(error) && form.applyServerErrors(error.body).length === 0) return;
      setFailure(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="pf-stack">
      <Card title={t('profile.access.login')}>
        <dl className="pf-facts">
          <div>
            <dt>{t('profile.access.phone')}</dt>
            <dd>{formatPhone(user.phone)}</dd>
          </div>
          <div>
            <dt>{t('profile.access.email')}</dt>
            <dd>{user.email}</dd>
          </div>
        </dl>
      </Card>
      <Card title={t('profile.access.passwordTitle')}>
        <form
          className="pf-form"
          onSubmit={(e) => {
            setFailure(null);
            void form.submit(submit)(e);
          }}
          noValidate
          data-testid="password-form"
        >
          {byCode ? (
            <FormInput
              form={form}
              name="code"
              label={t('profile.access.code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              mask={maskCode}
            />
          ) : (
            <FormInput
              form={form}
              name="current_password"
              type="password"
              label={t('profile.access.current')}
              autoComplete="current-password"
            />
          )}
          <button type="button" className="pf-link" onClick={byCode ? () => setByCode(false) : askCode}>
            {byCode ? t('profile.access.useCurrent') : t('profile.access.forgot')}
          </button>
          <FormInput
            form={form}
            name="password"
            type="password"
            label={t('profile.access.password')}
            autoComplete="new-password"
          />
          <FormInput
            form={form}
            name="password_confirmation"
            type="password"
            label={t('profile.access.confirmation')}
            autoComplete="new-password"
          />
          {failure && (
            <p className="pf-error" role="alert">
              {failure}
            </p>
          )}
          <Button type="submit" loading={busy}>
            {t('profile.access.submit')}
          </Button>
        </form>
      </Card>
    </div>
  );
}
