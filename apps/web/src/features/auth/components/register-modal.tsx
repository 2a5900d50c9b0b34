import '../locales/register';
import { useEffect, useState } from 'react';
import { openWelcomeDeposit } from '../../../shared/lib/deposit-modal';
import { useRulesForm } from '../../../shared/lib/form';
import { HttpError } from '../../../shared/lib/http';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { localizePath } from '../../../shared/lib/locale';
import { useSiteConfig } from '../../../shared/lib/site-config';
import { Slot } from '../../../shared/lib/slots';
import { storage } from '../../../shared/lib/storage';
import {
  accepted,
  adultBirthDate,
  confirms,
  cpf,
  email,
  fullName,
  MSG,
  maskCode,
  maskCpf,
  maskDate,
  maskPhone,
  normalizeCpf,
  normalizePhone,
  optional,
  parseBrDate,
  password,
  phone,
  required,
  type Schema,
  sixDigits,
} from '../../../shared/lib/validation';
import { Button } from '../../../shared/ui/button';
import { Modal } from '../../../shared/ui/modal';
import { toast } from '../../../shared/ui/toast-store';
import { loginWithGoogle } from '../api/login-google';
import { register, sendRegistrationCode } from '../api/register';
import { errorText, isValidationError } from '../lib/errors';
import { acceptAuth } from '../session-actions';
import { openAuthModal } from '../store';
import { Captcha } from './captcha';
import { CheckField, FormError, PasswordField, TextField } from './form-bits';
import { GoogleButton } from './google-button';
import type { AuthModalProps } from './login-modal';
import './auth.css';

type Channel = 'sms' | 'email';

const CONTACT = { phone: '', email: '' };
const FORM = {
  name: '',
  username: '',
  email: '',
  password: '',
  password_confirmation: '',
  birth_date: '',
  cpf: '',
  code: '',
  ref: '',
  age_confirmed: false,
  terms: false,
};

/** Seconds left until `at` (a Date.now() value), ticking once a second. */
function useCountdown(at: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at <= Date.now()) return;
    setNow(Date.now());
    const id = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(id);
  }, [at]);
  return Math.max(0, Math.ceil((at - now) / 1000));
}

function retryAfter(error: unknown): number | null {
  if (!(error instanceof HttpError) || error.status !== 429) return null;
  const body = error.body as { retry_after?: unknown } | null;
  return typeof body?.retry_after === 'number' ? body.retry_after : 20;
}

/**
 * Registration: first a 6-digit code to the phone (SMS) or e-mail, then the form. Every field is checked
 * on change and shows its first failing rule, with the messages the server uses.
 */
export default function RegisterModal({ open, onClose, onAuthenticated }: AuthModalProps) {
  const t = useT();
  const locale = useLocale();
  const config = useSiteConfig();
  const verify = config.casVerifyRegistrations;
  const cpfRequired = config.registerCPF || config.is_regulated;
  const [step, setStep] = useState<'contact' | 'form'>(verify ? 'contact' : 'form');
  const [channel, setChannel] = useState<Channel>('sms');
  const [target, setTarget] = useState('');
  const [resendAt, setResendAt] = useState(0);
  const seconds = useCountdown(resendAt);
  // The 20 s wait is per target: another number or address may get its code at once.
  const [sentTo, setSentTo] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [captcha, setCaptcha] = useState('');

  const contact = useRulesForm(
    CONTACT,
    (): Schema => (channel === 'sms' ? { phone: [required, phone] } : { email: [required, email] }),
  );

  const schema = (): Schema => ({
    name: [required, fullName],
    username: [required, phone],
    email: [required, email],
    password: [required, password],
    password_confirmation: [required, confirms('password')],
    birth_date: [required, adultBirthDate(config.timezone ?? 'America/Sao_Paulo')],
    cpf: cpfRequired ? [required, cpf] : [optional(cpf)],
    code: verify ? [required, sixDigits] : [],
    age_confirmed: [accepted(MSG.ageConfirmed)],
    terms: [accepted(MSG.terms)],
  });
  const form = useRulesForm(FORM, schema);
  const resetContact = contact.reset;
  const resetForm = form.reset;

  useEffect(() => {
    if (open) return;
    resetContact();
    resetForm();
    setStep(verify ? 'contact' : 'form');
    setFailure(null);
    setCaptcha('');
  }, [open, verify, resetContact, resetForm]);

  const setFormValue = form.setValue;
  useEffect(() => {
    if (open) setFormValue('ref', storage.get('ref') ?? '');
  }, [open, setFormValue]);

  const contactTargetOf = (): { phone: string } | { email: string } =>
    channel === 'sms'
      ? { phone: normalizePhone(String(contact.values.phone)) ?? '' }
      : { email: String(contact.values.email).trim() };

  const sendCode = async (to: { phone: string } | { email: string }) => {
    setFailure(null);
    setBusy(true);
    setSentTo(JSON.stringify(to));
    try {
      const sent = await sendRegistrationCode(to);
      setResendAt(Date.now() + (sent.resend_in ?? 20) * 1000);
      return true;
    } catch (error) {
      const wait = retryAfter(error);
      if (wait !== null) setResendAt(Date.now() + wait * 1000);
      if (isValidationError(error) && contact.applyServerErrors(error.body).length === 0) return false;
      setFailure(errorText(error));
      return wait !== null;
    } finally {
      setBusy(false);
    }
  };

  const submitContact = contact.submit(async (values) => {
    const to = contactTargetOf();
    if (!(await sendCode(to))) return;
    const shown = channel === 'sms' ? values.phone : values.email.trim();
    setTarget(shown);
    if (channel === 'sms') form.setValue('username', maskPhone(shown));
    else form.setValue('email', shown);
    setStep('form');
  });

  const resend = async () => {
    const to = contactTargetOf();
    if (await sendCode(to)) toast.info(t('auth.register.resent'));
  };

  const submit = async (v: typeof FORM) => {
    setBusy(true);
    try {
      const result = await register({
        name: v.name.trim(),
        username: normalizePhone(v.username) ?? v.username,
        email: v.email.trim(),
        password: v.password,
        password_confirmation: v.password_confirmation,
        birth_date: parseBrDate(v.birth_date) ?? '',
        cpf: v.cpf ? (normalizeCpf(v.cpf) ?? v.cpf) : undefined,
        code: verify ? v.code : undefined,
        terms: v.terms === true,
        age_confirmed: v.age_confirmed === true,
        ref: v.ref.trim() || undefined,
        captcha_token: config.turnstileSiteKey ? captcha : undefined,
      });
      acceptAuth(result);
      toast.success(t('auth.register.welcome', { name: result.user.first_name }));
      onAuthenticated();
      // A new account's next step is its first deposit: the deposit modal opens, greeting the player.
      openWelcomeDeposit();
    } catch (error) {
      if (isValidationError(error)) {
        const rest = form.applyServerErrors(error.body);
        if (rest.length) setFailure(rest[0] ?? null);
        return;
      }
      setFailure(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const google = async (idToken: string) => {
    setFailure(null);
    try {
      const result = await loginWithGoogle(idToken);
      acceptAuth(result);
      toast.success(t('auth.login.welcome', { name: result.user.first_name }));
      onAuthenticated();
    } catch (error) {
      setFailure(errorText(error));
    }
  };

  const contactTarget = JSON.stringify(contactTargetOf());
  const contactWait = contactTarget === sentTo ? seconds : 0;

  const termsHref = localizePath('/terms', locale);
  const lockedPhone = verify && channel === 'sms';
  const lockedEmail = verify && channel === 'email';

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('auth.register.title')}
      size="md"
      dismissable={!busy}
      className="auth-modal"
    >
      {step === 'contact' ? (
        <form className="auth-form" onSubmit={(e) => void submitContact(e)} noValidate data-testid="register-contact">
          <p className="auth-step">{t('auth.register.stepContact')}</p>
          <p className="auth-sub">{t('auth.register.intro')}</p>
          <Slot name="auth.riskWarning" />
          <div className="auth-segment" role="radiogroup" aria-label={t('auth.register.channel')}>
            {(['sms', 'email'] as const).map((c) => (
              <button
                key={c}
                type="button"
                role="radio"
                aria-checked={channel === c}
                className={channel === c ? 'is-active' : undefined}
                onClick={() => {
                  setChannel(c);
                  contact.clearErrors();
                  setFailure(null);
                }}
              >
                {t(`auth.register.${c}`)}
              </button>
            ))}
          </div>
          {channel === 'sms' ? (
            <TextField
              form={contact}
              name="phone"
              label={t('auth.register.phone')}
              placeholder={t('auth.register.phonePlaceholder')}
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              mask={maskPhone}
              required
            />
          ) : (
            <TextField
              form={contact}
              name="email"
              label={t('auth.register.emailLabel')}
              placeholder={t('auth.register.emailPlaceholder')}
              type="email"
              inputMode="email"
              autoComplete="email"
              required
            />
          )}
          <FormError message={failure} />
          <Button type="submit" block size="lg" loading={busy} disabled={contactWait > 0 && !busy}>
            {contactWait > 0 ? t('auth.register.resendIn', { seconds: contactWait }) : t('auth.register.sendCode')}
          </Button>
          {config.casAllowGoogleAuth && config.googleClientId && (
            <GoogleButton onCredential={google} divider={<div className="auth-or">{t('auth.or')}</div>} />
          )}
          <SwitchToLogin />
        </form>
      ) : (
        <form
          className="auth-form"
          onSubmit={(e) => {
            setFailure(null);
            void form.submit(submit)(e);
          }}
          noValidate
          data-testid="register-form"
        >
          {verify && (
            <>
              <p className="auth-step">{t('auth.register.stepForm')}</p>
              <p className="auth-sent">
                <span>
                  {t('auth.register.codeSentTo')} <strong className="auth-nowrap">{target}</strong>
                </span>
                <button type="button" className="auth-link" onClick={() => setStep('contact')}>
                  {t('auth.register.change')}
                </button>
              </p>
              <div className="auth-code">
                <TextField
                  form={form}
                  name="code"
                  label={t('auth.register.code')}
                  placeholder="000000"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  mask={maskCode}
                  required
                  autoFocus
                />
                <button
                  type="button"
                  className="auth-link auth-code__resend"
                  disabled={seconds > 0 || busy}
                  onClick={resend}
                  data-testid="resend-code"
                >
                  {seconds > 0 ? t('auth.register.resendIn', { seconds }) : t('auth.register.resend')}
                </button>
              </div>
            </>
          )}
          <TextField
            form={form}
            name="name"
            label={t('auth.register.name')}
            placeholder={t('auth.register.namePlaceholder')}
            autoComplete="name"
            required
          />
          <div className="auth-grid">
            <TextField
              form={form}
              name="username"
              label={t('auth.register.phone')}
              placeholder={t('auth.register.phonePlaceholder')}
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              mask={maskPhone}
              disabled={lockedPhone}
              required
            />
            <TextField
              form={form}
              name="email"
              label={t('auth.register.emailLabel')}
              placeholder={t('auth.register.emailPlaceholder')}
              type="email"
              inputMode="email"
              autoComplete="email"
              disabled={lockedEmail}
              required
            />
            <TextField
              form={form}
              name="birth_date"
              label={t('auth.register.birthDate')}
              placeholder={t('auth.register.birthPlaceholder')}
              inputMode="numeric"
              autoComplete="bday"
              mask={maskDate}
              required
            />
            {cpfRequired && (
              <TextField
                form={form}
                name="cpf"
                label={t('auth.register.cpf')}
                placeholder={t('auth.register.cpfPlaceholder')}
                inputMode="numeric"
                mask={maskCpf}
                required
              />
            )}
            <PasswordField
              form={form}
              name="password"
              label={t('auth.register.password')}
              autoComplete="new-password"
              hint={t('auth.register.passwordHint')}
              required
            />
            <PasswordField
              form={form}
              name="password_confirmation"
              label={t('auth.register.confirmation')}
              autoComplete="new-password"
              required
            />
          </div>
          <TextField form={form} name="ref" label={t('auth.register.ref')} autoComplete="off" />
          <CheckField form={form} name="age_confirmed">
            {t('auth.register.age')}
          </CheckField>
          <CheckField form={form} name="terms">
            {t('auth.register.termsBefore')}
            <a href={termsHref} target="_blank" rel="noreferrer">
              {t('auth.register.termsLink')}
            </a>
            {t('auth.register.termsAfter')}
          </CheckField>
          <Slot name="auth.riskWarning" />
          {config.turnstileSiteKey && <Captcha siteKey={config.turnstileSiteKey} onToken={setCaptcha} />}
          <FormError message={failure} />
          <Button type="submit" block size="lg" loading={busy}>
            {t('auth.register.submit')}
          </Button>
          <SwitchToLogin />
        </form>
      )}
    </Modal>
  );
}

function SwitchToLogin() {
  const t = useT();
  return (
    <p className="auth-switch">
      {t('auth.register.haveAccount')}{' '}
      <button type="button" className="auth-link" onClick={() => openAuthModal('login')}>
        {t('auth.register.login')}
      </button>
    </p>
  );
}
