import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useT } from '../../../shared/lib/i18n';
import { Button } from '../../../shared/ui/button';
import { Page, PageHead, Panel } from '../../../shared/ui/page';
import { Skeleton } from '../../../shared/ui/skeleton';
import { useRgInfo } from '../api/get-info';
import { useLimits } from '../api/get-limits';
import { useRgStatus } from '../api/get-status';
import { ClosureSection } from '../components/closure-section';
import { ExclusionSection } from '../components/exclusion-section';
import { HelpSection } from '../components/help-section';
import { LimitsSection } from '../components/limits-section';
import { PauseSection } from '../components/pause-section';
import { RealitySection } from '../components/reality-section';
import { StatusBanner } from '../components/status-banner';
import '../locales/register';
import '../rg.css';

const SECTIONS = ['limits', 'reminder', 'pause', 'self-exclusion', 'close-account', 'help'] as const;
type SectionId = (typeof SECTIONS)[number];
const TITLE_KEY: Record<SectionId, string> = {
  limits: 'rg.sections.limits',
  reminder: 'rg.sections.reality',
  pause: 'rg.sections.pause',
  'self-exclusion': 'rg.sections.exclusion',
  'close-account': 'rg.sections.closure',
  help: 'rg.sections.help',
};

/** /responsible-gambling ('Jogo Responsável'): limits, reminder, pause, self-exclusion, closure and help. */
export default function ResponsibleGamblingPage() {
  const t = useT();
  const location = useLocation();
  const info = useRgInfo();
  const status = useRgStatus();
  const limits = useLimits();
  const loaded = Boolean(limits.data);

  // "Fazer uma pausa" from the reminder lands on #pause: scroll there once the sections have their height.
  useEffect(() => {
    if (!loaded || !location.hash) return;
    document.getElementById(location.hash.slice(1))?.scrollIntoView({ block: 'start' });
  }, [loaded, location.hash]);

  const section = (id: SectionId, body: ReactNode, tone?: 'danger') => (
    <Panel id={id} tone={tone} title={t(TITLE_KEY[id])} titleId={`${id}-title`}>
      {body}
    </Panel>
  );

  return (
    <Page data-testid="rg-page">
      <PageHead
        tone="success"
        title={t('rg.page.title')}
        intro={t('rg.page.intro')}
        icon={
          <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
            <path
              d="M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6l7-3zM9 12l2 2 4-4"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        }
      />

      <nav className="rg-nav" aria-label={t('rg.page.nav')}>
        {SECTIONS.map((id) => (
          <a key={id} href={`#${id}`}>
            {t(TITLE_KEY[id])}
          </a>
        ))}
      </nav>

      {status.data && <StatusBanner status={status.data} />}

      {section(
        'limits',
        limits.isError ? (
          <div className="rg-failed" role="alert">
            <p>{t('rg.page.loadError')}</p>
            <Button size="sm" variant="outline" color="default" onClick={() => void limits.refetch()}>
              {t('rg.page.retry')}
            </Button>
          </div>
        ) : limits.data ? (
          <LimitsSection data={limits.data} />
        ) : (
          <Skeleton variant="text" lines={6} height={18} />
        ),
      )}
      {section('reminder', <RealitySection />)}
      {section('pause', <PauseSection active={status.data?.pause ?? null} />)}
      {section('self-exclusion', <ExclusionSection info={info.data} />, 'danger')}
      {section('close-account', <ClosureSection />)}
      {section('help', <HelpSection info={info.data} />)}
    </Page>
  );
}
