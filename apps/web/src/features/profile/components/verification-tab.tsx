import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useRulesForm } from '../../../shared/lib/form';
import { useT } from '../../../shared/lib/i18n';
import { updateSessionUser } from '../../../shared/lib/session';
import { Slot } from '../../../shared/lib/slots';
import { formatPhone, maskCode, required, sixDigits } from '../../../shared/lib/validation';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { Skeleton } from '../../../shared/ui/skeleton';
import { toast } from '../../../shared/ui/toast-store';
import { confirmVerification, sendVerification } from '../api/mutations';
import type { ProfileUser } from '../api/profile';
import { errorText, FormInput, isValidation, useCountdown } from './bits';

export function VerificationTab({ user }: { user: ProfileUser }) {
  const t = useT();
  return (
    <div className="pf-stack">
      <Card title={t('profile.verification.title')} subtitle={t('profile.verification.intro')}>
        <div className="pf-stack">
          <Channel
            channel="email"
            label={t('profile.verification.email')}
            target={user.email}
            verified={user.email_verified}
          />
          <Channel
            channel="phone"
            label={t('profile.verification.phone')}
            target={formatPhone(user.phone)}
            verified={user.phone_verified}
          />
        </div>
      </Card>
      <Card title={t('profile.verification.documents')} subtitle={t('profile.verification.documentsIntro')}>
        <div data-testid="verification-documents">
          <Suspense fallback={<Skeleton height={180} />}>
            <Slot name="profile.kycDocuments" />
          </Suspense>
        </div>
      </Card>
    </div>
  );
}

function Channel(p: { channel: 'email' | 'phone'; label: string; target: string; verified: boolean }) {
  const t = useT();
  const qc = useQueryClient();
  const [sent, setSent] = useState(false);
  const [resendAt, setResendAt] = useState(0);
  const seconds = useCountdown(resendAt);
  const [busy, setBusy] = useState(false);
  const form = useRulesForm({ code: '' }, () => ({ code: [required, sixDigits] }));

  const send = async () => {
    setBusy(true);
    try {
      const res = await sendVerification(p.channel);
      setSent(true);
      setResendAt(Date.now() + res.resend_in * 1000);
      toast.info(t('profile.verification.sent', { target: p.target }));
    } catch (error) {
      toast.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const submit = form.submit(async (values) => {
    setBusy(true);
    try {
      const res = await confirmVerification(p.channel, values.code);
      qc.setQueryData(['profile'], res.user);
      updateSessionUser(res.user);
      toast.success(t('profile.verification.done'));
    } catch (error) {
      if (isValidation(error) && form.applyServerErrors(error.body).length === 0) return;
      toast.error(errorText(error));
    } finally {
      setBusy(false);
    }
  });

  return (
    <section className="pf-verify" data-testid={`verify-${p.channel}`}>
      <div className="pf-verify__head">
        <div>
          <strong>{p.label}</strong>
          <span className="pf-muted">{p.target}</span>
        </div>
        <Badge color={p.verified ? 'success' : 'warning'}>
          {p.verified ? t('profile.verification.verified') : t('profile.verification.pending')}
        </Badge>
      </div>
      {!p.verified && (
        <form className="pf-inline" onSubmit={(e) => void submit(e)} noValidate>
          {sent && (
            <FormInput
              form={form}
              name="code"
              label={t('profile.verification.code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              mask={maskCode}
            />
          )}
          {sent && (
            <Button type="submit" loading={busy}>
              {t('profile.verification.confirm')}
            </Button>
          )}
          <Button type="button" variant="outline" color="default" disabled={seconds > 0 || busy} onClick={send}>
            {seconds > 0 ? t('profile.verification.resendIn', { seconds }) : t('profile.verification.send')}
          </Button>
        </form>
      )}
    </section>
  );
}
