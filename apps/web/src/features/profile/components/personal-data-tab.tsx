import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatLongDate } from '../../../shared/lib/dates';
import { useRulesForm } from '../../../shared/lib/form';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { updateSessionUser } from '../../../shared/lib/session';
import { fullName, required } from '../../../shared/lib/validation';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { toast } from '../../../shared/ui/toast-store';
import { updateName } from '../api/mutations';
import type { ProfileUser } from '../api/profile';
import { errorText, FormInput, isValidation } from './bits';

export function PersonalDataTab({ user }: { user: ProfileUser }) {
  const t = useT();
  const locale = useLocale();
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const form = useRulesForm({ name: user.name }, () => ({ name: [required, fullName] }));

  const submit = form.submit(async (values) => {
    setBusy(true);
    try {
      const res = await updateName(values.name.trim());
      qc.setQueryData(['profile'], res.user);
      updateSessionUser(res.user);
      toast.success(t('profile.saved'));
    } catch (error) {
      if (isValidation(error) && form.applyServerErrors(error.body).length === 0) return;
      toast.error(errorText(error));
    } finally {
      setBusy(false);
    }
  });

  const birth = user.birth_date ? formatLongDate(`${user.birth_date}T12:00:00Z`, locale, 'UTC') : null;
  return (
    <div className="pf-stack">
      <Card title={t('profile.personal.title')}>
        <form className="pf-form pf-inline" onSubmit={(e) => void submit(e)} noValidate data-testid="name-form">
          <FormInput form={form} name="name" label={t('profile.personal.name')} autoComplete="name" />
          <Button type="submit" loading={busy} disabled={form.values.name === user.name}>
            {t('profile.personal.save')}
          </Button>
        </form>
        <dl className="pf-facts">
          <div>
            <dt>{t('profile.personal.birthDate')}</dt>
            <dd>{birth ?? t('profile.personal.notInformed')}</dd>
          </div>
          <div>
            <dt>{t('profile.personal.cpf')}</dt>
            <dd>{user.cpf ?? t('profile.personal.notInformed')}</dd>
          </div>
          <div>
            <dt>{t('profile.personal.referral')}</dt>
            <dd>
              <code>{user.referral_code}</code>
            </dd>
          </div>
        </dl>
      </Card>
    </div>
  );
}
