import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { saveLocaleCookie, switchLocalePath } from '../../../shared/lib/locale';
import { formatMoney } from '../../../shared/lib/money';
import { clearSession } from '../../../shared/lib/session';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { confirm } from '../../../shared/ui/confirm-modal';
import { toast } from '../../../shared/ui/toast-store';
import { selfExclude, setHideMetrics, updateLanguage, updateSettings } from '../api/mutations';
import type { ProfileUser, Settings } from '../api/profile';
import { errorText, Switch } from './bits';

export function RankCard({ user }: { user: ProfileUser }) {
  const t = useT();
  return (
    <Card title={t('profile.rank.title')} subtitle={t('profile.rank.hint')}>
      <dl className="pf-stats">
        <div>
          <dt>{t('profile.rank.level')}</dt>
          <dd>{user.level}</dd>
        </div>
        <div>
          <dt>{t('profile.rank.totalBet')}</dt>
          <dd>{formatMoney(user.totalBet)}</dd>
        </div>
        <div>
          <dt>{t('profile.rank.vip')}</dt>
          <dd>{user.vip?.points ?? 0}</dd>
        </div>
      </dl>
    </Card>
  );
}

const SETTINGS: (keyof Settings)[] = ['hide_name', 'hide_from_ranking', 'marketing_email', 'marketing_sms'];

export function PrivacyCard({ user }: { user: ProfileUser }) {
  const t = useT();
  const qc = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);

  const patch = (p: Partial<ProfileUser>) =>
    qc.setQueryData<ProfileUser>(['profile'], (old) => (old ? { ...old, ...p } : old));

  // Switches move at once; a refused change moves them back.
  const toggleMetrics = async (value: boolean) => {
    setBusy('hide_metrics');
    patch({ hide_metrics: value });
    try {
      const res = await setHideMetrics(value);
      patch({ hide_metrics: res.hide_metrics });
    } catch (error) {
      patch({ hide_metrics: !value });
      toast.error(errorText(error));
    } finally {
      setBusy(null);
    }
  };

  const toggle = async (key: keyof Settings, value: boolean) => {
    setBusy(key);
    patch({ settings: { ...user.settings, [key]: value } });
    try {
      const res = await updateSettings({ [key]: value });
      patch({ settings: res.settings });
    } catch (error) {
      patch({ settings: { ...user.settings, [key]: !value } });
      toast.error(errorText(error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card title={t('profile.privacy.title')}>
      <div className="pf-switches">
        <Switch
          label={t('profile.privacy.hide_metrics')}
          checked={user.hide_metrics}
          disabled={busy !== null}
          onChange={toggleMetrics}
        />
        {SETTINGS.map((key) => (
          <Switch
            key={key}
            label={t(`profile.privacy.${key}`)}
            // Only an explicit yes shows as on: offers are opt-in.
            checked={user.settings?.[key] === true}
            disabled={busy !== null}
            onChange={(v) => toggle(key, v)}
          />
        ))}
      </div>
    </Card>
  );
}

export function LanguageCard({ user }: { user: ProfileUser }) {
  const t = useT();
  const locale = useLocale();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  const current = user.language === 'en' ? 'en' : 'pt';

  const change = async (language: 'pt' | 'en') => {
    setBusy(true);
    try {
      await updateLanguage(language);
      qc.setQueryData<ProfileUser>(['profile'], (old) => (old ? { ...old, language } : old));
      toast.success(t('profile.saved'));
      // The site follows the account's language.
      if (language !== locale) {
        saveLocaleCookie(language);
        navigate(switchLocalePath(location.pathname, location.search, location.hash, language), { replace: true });
      }
    } catch (error) {
      toast.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('profile.language.title')}>
      <label className="pf-select">
        <span>{t('profile.language.label')}</span>
        <select
          value={current}
          disabled={busy}
          onChange={(e) => change(e.target.value as 'pt' | 'en')}
          data-testid="language-select"
        >
          <option value="pt">{t('profile.language.pt')}</option>
          <option value="en">{t('profile.language.en')}</option>
        </select>
      </label>
    </Card>
  );
}

const PERIODS = [30, 90, 180, 365];

export function SelfExclusionCard() {
  const t = useT();
  const qc = useQueryClient();
  const [days, setDays] = useState(30);

  const submit = async () => {
    const ok = await confirm({
      title: t('profile.exclusion.confirmTitle'),
      text: t('profile.exclusion.confirmText', { days }),
      confirmLabel: t('profile.exclusion.confirm'),
      cancelLabel: t('profile.exclusion.cancel'),
      danger: true,
    });
    if (!ok) return;
    try {
      const res = await selfExclude(days);
      // Every session of the player ended on the server; this page view becomes a guest's, flag kept.
      qc.clear();
      clearSession(res.selfExcluded, 'logout');
    } catch (error) {
      toast.error(errorText(error));
    }
  };

  return (
    <Card title={t('profile.exclusion.title')} subtitle={t('profile.exclusion.text')}>
      <div className="pf-inline">
        <label className="pf-select">
          <span>{t('profile.exclusion.period')}</span>
          <select value={days} onChange={(e) => setDays(Number(e.target.value))}>
            {PERIODS.map((d) => (
              <option key={d} value={d}>
                {t('profile.exclusion.days', { days: d })}
              </option>
            ))}
          </select>
        </label>
        <Button color="danger" variant="outline" onClick={submit}>
          {t('profile.exclusion.submit')}
        </Button>
      </div>
    </Card>
  );
}
