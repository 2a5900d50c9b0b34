import '../locales/register';
import type { RouteDef } from '@sorte/contracts';
import { useEffect, useState } from 'react';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { localizePath } from '../../../shared/lib/locale';
import { useSiteConfig } from '../../../shared/lib/site-config';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import {
  canPromptInstall,
  captureInstallPrompt,
  isInstalled,
  isIos,
  onInstallAvailability,
  promptInstall,
  registerServiceWorker,
} from '../pwa';
import './install.css';

/** /install, /install-two (the compact variant with the benefits list) and /ios (Safari steps). */
export default function InstallPage({ route }: { route: RouteDef }) {
  if (route.name === 'ios') return <IosSteps />;
  return <Install variant={route.name === 'install-two' ? 'two' : 'one'} />;
}

function AppIcon() {
  const config = useSiteConfig();
  const icon = config.images.app_icon ?? config.images.favicon ?? config.logo;
  return <img className="install__icon" src={icon} alt="" width={72} height={72} />;
}

function Install({ variant }: { variant: 'one' | 'two' }) {
  const t = useT();
  const locale = useLocale();
  const config = useSiteConfig();
  const [available, setAvailable] = useState(false);
  const [status, setStatus] = useState<'idle' | 'done' | 'dismissed' | 'manual'>('idle');
  const [installed, setInstalled] = useState(false);

  useEffect(() => {
    captureInstallPrompt();
    void registerServiceWorker();
    setInstalled(isInstalled());
    setAvailable(canPromptInstall());
    return onInstallAvailability(() => setAvailable(canPromptInstall()));
  }, []);

  const install = async () => {
    const outcome = await promptInstall();
    setStatus(outcome === 'accepted' ? 'done' : outcome === 'dismissed' ? 'dismissed' : 'manual');
  };

  return (
    <div className={`install install--${variant}`}>
      <Card className="install__card">
        <AppIcon />
        <h1 className="install__title">{t('realtime.install.title', { name: config.site.name })}</h1>
        <p className="install__text">{t('realtime.install.text')}</p>
        {variant === 'two' && (
          <ul className="install__benefits">
            {[0, 1, 2].map((i) => (
              <li key={i}>{t(`realtime.install.benefits.${i}`)}</li>
            ))}
          </ul>
        )}
        {installed || status === 'done' ? (
          <p className="install__ok" role="status">
            {installed ? t('realtime.install.installed') : t('realtime.install.done')}
          </p>
        ) : isIos() ? (
          <Button to={localizePath('/ios', locale)} size="lg" block>
            {t('realtime.install.button')}
          </Button>
        ) : (
          <Button size="lg" block onClick={install} disabled={!available && status === 'manual'}>
            {t('realtime.install.button')}
          </Button>
        )}
        {status === 'dismissed' && <p className="install__note">{t('realtime.install.dismissed')}</p>}
        {(status === 'manual' || (!available && !installed && !isIos() && status === 'idle' && variant === 'two')) && (
          <p className="install__note">{t('realtime.install.manual')}</p>
        )}
        {!isIos() && (
          <a className="install__link" href={localizePath('/ios', locale)}>
            {t('realtime.install.iosLink')}
          </a>
        )}
      </Card>
    </div>
  );
}

function IosSteps() {
  const t = useT();
  const locale = useLocale();
  return (
    <div className="install">
      <Card className="install__card">
        <AppIcon />
        <h1 className="install__title">{t('realtime.ios.title')}</h1>
        <p className="install__text">{t('realtime.ios.intro')}</p>
        <ol className="install__steps">
          {[0, 1, 2].map((i) => (
            <li key={i}>{t(`realtime.ios.steps.${i}`)}</li>
          ))}
        </ol>
        <p className="install__note">{t('realtime.ios.safari')}</p>
        <Button to={localizePath('/', locale)} variant="outline" color="default" block>
          {t('realtime.install.back')}
        </Button>
      </Card>
    </div>
  );
}
