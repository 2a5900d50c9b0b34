import { useState, useSyncExternalStore } from 'react';
import { useStore } from 'zustand';
import {
  checkIntervalFor,
  isLowEndDevice,
  PERF,
  readDeviceInfo,
  recommendedChunkSize,
  shouldPrefetch,
} from '../../../shared/lib/perf-monitor';
import {
  Badge,
  Button,
  Card,
  CONFETTI_DOTS,
  CONFETTI_PIECES,
  Confetti,
  Field,
  Input,
  LOADING_BAR_DEFAULTS,
  loadingBar,
  WinCelebration,
  winTier,
} from '../../../shared/ui';
import { useLocale, useT } from '../../../shared/ui/i18n-adapter';
import { IconSparkles } from '../components/icons';
import '../showcase.css';

const PRESETS = [
  { id: 'win', amount: 2500, multiplier: 2.5 },
  { id: 'big', amount: 37_500, multiplier: 15 },
  { id: 'mega', amount: 1_250_000, multiplier: 125 },
] as const;

export default function AnimationPage() {
  const t = useT();
  return (
    <main className="showcase">
      <header className="showcase__hero">
        <p className="showcase__eyebrow">{t('ui.animation.eyebrow')}</p>
        <h1 className="showcase__title">{t('ui.animation.title')}</h1>
        <p className="showcase__lead">{t('ui.animation.lead')}</p>
      </header>
      <ConfettiSection />
      <WinSection />
      <LoadingBarSection />
      <PerformanceSection />
    </main>
  );
}

function ConfettiSection() {
  const t = useT();
  const [screen, setScreen] = useState(0);
  const [stage, setStage] = useState(0);
  return (
    <section className="showcase__section" aria-labelledby="confetti-title">
      <h2 className="showcase__section-title" id="confetti-title">
        {t('ui.animation.confetti.title')}
      </h2>
      <p className="showcase__section-lead">
        {t('ui.animation.confetti.lead', { pieces: CONFETTI_PIECES, dots: CONFETTI_DOTS })}
      </p>
      <div className="showcase__stage">
        <Confetti fire={stage || null} contained />
        <div className="showcase__row" style={{ justifyContent: 'center', position: 'relative', zIndex: 2 }}>
          <Button size="lg" rounded="full" icon={<IconSparkles />} onClick={() => setScreen((n) => n + 1)}>
            {t('ui.animation.confetti.fullScreen')}
          </Button>
          <Button size="lg" rounded="full" color="default" onClick={() => setStage((n) => n + 1)}>
            {t('ui.animation.confetti.inside')}
          </Button>
        </div>
      </div>
      <p className="showcase__muted" style={{ marginTop: 10 }}>
        {t('ui.animation.confetti.reducedMotion')}
      </p>
      <Confetti fire={screen || null} />
    </section>
  );
}

function WinSection() {
  const t = useT();
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState(37_500);
  const [multiplier, setMultiplier] = useState(15);
  const [amountText, setAmountText] = useState('375,00');
  const [multText, setMultText] = useState('15');
  const intl = locale === 'en' ? 'en-US' : 'pt-BR';
  const money = new Intl.NumberFormat(intl, { style: 'currency', currency: 'BRL' });
  const times = (m: number) => `${new Intl.NumberFormat(intl, { maximumFractionDigits: 2 }).format(m)}x`;

  const play = (a: number, m: number) => {
    setAmount(a);
    setMultiplier(m);
    setOpen(true);
  };
  const parse = (s: string) => Number(s.replace(/\./g, '').replace(',', '.'));
  const customAmount = Math.round(parse(amountText) * 100);
  const customMult = parse(multText);
  const valid = Number.isFinite(customAmount) && customAmount > 0 && Number.isFinite(customMult) && customMult > 0;

  return (
    <section className="showcase__section" aria-labelledby="win-title">
      <h2 className="showcase__section-title" id="win-title">
        {t('ui.animation.win.title')}
      </h2>
      <p className="showcase__section-lead">{t('ui.animation.win.lead')}</p>
      <div className="showcase__grid">
        {PRESETS.map((p) => (
          <Card
            key={p.id}
            variant={p.id === 'mega' ? 'glow' : 'elevated'}
            padding="sm"
            title={t(`ui.win.${p.id}`)}
            subtitle={`${money.format(p.amount / 100)} · ${times(p.multiplier)}`}
            actions={
              <Badge color={p.id === 'win' ? 'primary' : p.id === 'big' ? 'warning' : 'danger'}>
                {times(p.multiplier)}
              </Badge>
            }
          >
            <Button block onClick={() => play(p.amount, p.multiplier)} variant={p.id === 'mega' ? 'solid' : 'pastel'}>
              {t('ui.animation.win.play')}
            </Button>
          </Card>
        ))}
      </div>
      <h3 className="showcase__sub">{t('ui.animation.win.custom')}</h3>
      <div className="showcase__grid showcase__grid--2">
        <Field label={t('ui.animation.win.amount')} error={valid ? null : t('ui.animation.win.invalid')}>
          <Input prefix="R$" inputMode="decimal" value={amountText} onChange={(e) => setAmountText(e.target.value)} />
        </Field>
        <Field label={t('ui.animation.win.multiplier')} hint={t(`ui.win.${valid ? winTier(customMult) : 'win'}`)}>
          <Input suffix="x" inputMode="decimal" value={multText} onChange={(e) => setMultText(e.target.value)} />
        </Field>
      </div>
      <div className="showcase__row" style={{ marginTop: 12 }}>
        <Button disabled={!valid} onClick={() => play(customAmount, customMult)} icon={<IconSparkles />}>
          {t('ui.animation.win.celebrate')}
        </Button>
      </div>
      <WinCelebration open={open} onClose={() => setOpen(false)} amount={amount} multiplier={multiplier} />
    </section>
  );
}

function LoadingBarSection() {
  const t = useT();
  const state = useStore(loadingBar.store);
  const [running, setRunning] = useState(0);

  const simulate = (ms: number, fail = false) => {
    loadingBar.start();
    setRunning((n) => n + 1);
    setTimeout(() => {
      if (fail) loadingBar.error();
      else loadingBar.finish();
      setRunning((n) => Math.max(0, n - 1));
    }, ms);
  };

  return (
    <section className="showcase__section" aria-labelledby="bar-title">
      <h2 className="showcase__section-title" id="bar-title">
        {t('ui.animation.bar.title')}
      </h2>
      <p className="showcase__section-lead">{t('ui.animation.bar.lead', { ...LOADING_BAR_DEFAULTS })}</p>
      <div className="showcase__grid showcase__grid--2">
        <div className="showcase__stack">
          <div className="showcase__row">
            <Button onClick={() => loadingBar.start()}>{t('ui.animation.bar.start')}</Button>
            <Button color="success" variant="pastel" onClick={() => loadingBar.finish()}>
              {t('ui.animation.bar.finish')}
            </Button>
            <Button color="danger" variant="pastel" onClick={() => loadingBar.error()}>
              {t('ui.animation.bar.error')}
            </Button>
          </div>
          <div className="showcase__row">
            <Button color="default" size="sm" onClick={() => simulate(2500)}>
              {t('ui.animation.bar.slow')}
            </Button>
            <Button color="default" size="sm" onClick={() => simulate(120)}>
              {t('ui.animation.bar.fast')}
            </Button>
            <Button color="default" size="sm" onClick={() => simulate(1500, true)}>
              {t('ui.animation.bar.failing')}
            </Button>
          </div>
          <p className="showcase__muted">{t('ui.animation.bar.fastNote')}</p>
        </div>
        <Card variant="outline" padding="sm" title={t('ui.animation.bar.state')}>
          <dl className="showcase__kv">
            <dt>{t('ui.animation.bar.phase')}</dt>
            <dd>
              <Badge color={state.error ? 'danger' : state.visible ? 'success' : 'muted'} size="sm">
                {t(`ui.animation.bar.phases.${state.phase}`)}
              </Badge>
            </dd>
            <dt>{t('ui.animation.bar.progress')}</dt>
            <dd className="showcase__meter">{Math.round(state.progress)}%</dd>
            <dt>{t('ui.animation.bar.requests')}</dt>
            <dd className="showcase__meter">{running}</dd>
          </dl>
        </Card>
      </div>
    </section>
  );
}

function useLowEndClass(): boolean {
  return useSyncExternalStore(
    (notify) => {
      const observer = new MutationObserver(notify);
      observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
      return () => observer.disconnect();
    },
    () => document.documentElement.classList.contains(PERF.lowEndClass),
    () => false,
  );
}

function PerformanceSection() {
  const t = useT();
  const device = readDeviceInfo();
  const lowEndClass = useLowEndClass();
  const yes = t('ui.animation.perf.yes');
  const no = t('ui.animation.perf.no');
  const unknown = t('ui.animation.perf.unknown');
  return (
    <section className="showcase__section" aria-labelledby="perf-title">
      <h2 className="showcase__section-title" id="perf-title">
        {t('ui.animation.perf.title')}
      </h2>
      <p className="showcase__section-lead">{t('ui.animation.perf.lead')}</p>
      <div className="showcase__grid showcase__grid--2">
        <Card variant="outline" padding="sm">
          <dl className="showcase__kv">
            <dt>{t('ui.animation.perf.memory')}</dt>
            <dd>{device.deviceMemory !== undefined ? `${device.deviceMemory} GB` : unknown}</dd>
            <dt>{t('ui.animation.perf.cores')}</dt>
            <dd>{device.hardwareConcurrency ?? unknown}</dd>
            <dt>{t('ui.animation.perf.connection')}</dt>
            <dd>{device.effectiveType ?? unknown}</dd>
            <dt>{t('ui.animation.perf.lowEnd')}</dt>
            <dd>{isLowEndDevice(device) ? yes : no}</dd>
            <dt>{t('ui.animation.perf.interval')}</dt>
            <dd>{checkIntervalFor(device) / 1000} s</dd>
            <dt>{t('ui.animation.perf.chunk')}</dt>
            <dd>{recommendedChunkSize(device)}</dd>
            <dt>{t('ui.animation.perf.prefetch')}</dt>
            <dd>{shouldPrefetch(device) ? yes : no}</dd>
          </dl>
        </Card>
        <div className="showcase__stack">
          <p className="showcase__muted">{t('ui.animation.perf.simulateNote')}</p>
          <div className="showcase__row">
            <Button
              color={lowEndClass ? 'warning' : 'default'}
              variant={lowEndClass ? 'solid' : 'outline'}
              aria-pressed={lowEndClass}
              onClick={() => document.documentElement.classList.toggle(PERF.lowEndClass)}
            >
              {t(lowEndClass ? 'ui.animation.perf.lowEndOn' : 'ui.animation.perf.lowEndOff')}
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
