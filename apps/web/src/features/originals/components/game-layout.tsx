import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { localizePath } from '../../../shared/lib/locale';
import { formatMoney } from '../../../shared/lib/money';
import { useIsLoggedIn } from '../../../shared/lib/session';
import { Button, Tabs, toast } from '../../../shared/ui';
import type { GameCode } from '../api/types';
import { LIMITS } from '../api/types';
import { DEMO_START_BALANCE, resetDemoBalance } from '../lib/demo-engine';
import { getDemoState, setDemoState, useDemoMode, useDemoState } from '../lib/demo-store';
import { useSound } from '../lib/sound';
import type { AutoConfig, AutoState } from '../lib/use-bet';
import { FairnessPanel } from './fairness-panel';
import { GameIcon } from './game-icon';
import { HistoryTable } from './history-table';
import { Rules } from './rules';

export function SoundToggle() {
  const t = useT();
  const { muted, toggle } = useSound();
  return (
    <button
      type="button"
      className="og-sound"
      onClick={toggle}
      aria-pressed={!muted}
      aria-label={muted ? t('originals.controls.unmute') : t('originals.controls.mute')}
      title={muted ? t('originals.controls.unmute') : t('originals.controls.mute')}
    >
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
        {muted ? (
          <path d="M16 9l5 6M21 9l-5 6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        ) : (
          <path
            d="M16 8a5 5 0 0 1 0 8M18.5 5.5a8.5 8.5 0 0 1 0 13"
            stroke="currentColor"
            strokeWidth="2"
            fill="none"
            strokeLinecap="round"
          />
        )}
      </svg>
    </button>
  );
}

/** Manual / auto switch and the autobet settings; `children` are the manual controls' bet button. */
export function AutoPanel({
  state,
  onStart,
  onStop,
  disabled,
}: {
  state: AutoState;
  onStart: (cfg: AutoConfig) => void;
  onStop: () => void;
  disabled?: boolean;
}) {
  const t = useT();
  const [count, setCount] = useState('10');
  const [profit, setProfit] = useState('');
  const [loss, setLoss] = useState('');
  const cents = (s: string) => Math.max(0, Math.round(Number(s.replace(',', '.')) * 100) || 0);
  return (
    <div className="og-auto">
      <label className="og-label">
        {t('originals.controls.autoCount')}
        <input
          className="og-input"
          inputMode="numeric"
          value={count}
          onChange={(e) => setCount(e.target.value.replace(/\D/g, ''))}
          disabled={state.running}
        />
      </label>
      <div className="og-row2">
        <label className="og-label">
          {t('originals.controls.stopProfit')}
          <input
            className="og-input"
            inputMode="decimal"
            value={profit}
            onChange={(e) => setProfit(e.target.value)}
            disabled={state.running}
          />
        </label>
        <label className="og-label">
          {t('originals.controls.stopLoss')}
          <input
            className="og-input"
            inputMode="decimal"
            value={loss}
            onChange={(e) => setLoss(e.target.value)}
            disabled={state.running}
          />
        </label>
      </div>
      {state.running || state.done > 0 ? (
        <p className="og-muted" aria-live="polite">
          {t('originals.controls.autoRunning', { n: state.done, profit: formatMoney(state.profit) })}
        </p>
      ) : null}
      {state.running ? (
        <Button block size="lg" color="danger" onClick={onStop}>
          {t('originals.controls.stopAuto')}
        </Button>
      ) : (
        <Button
          block
          size="lg"
          disabled={disabled}
          onClick={() => onStart({ count: Number(count) || 0, stopProfit: cents(profit), stopLoss: cents(loss) })}
        >
          {t('originals.controls.startAuto')}
        </Button>
      )}
    </div>
  );
}

export function LoginToPlay() {
  const t = useT();
  const locale = useLocale();
  return (
    <Button block size="lg" to={localizePath('/login', locale)}>
      {t('originals.controls.loginToPlay')}
    </Button>
  );
}

/**
 * The demo / real switch. A guest is always in demo: switching it off takes them to log in. Locked (with a hint)
 * while a bet, an autobet or a Mines round is in progress.
 */
export function DemoToggle({ locked }: { locked?: boolean }) {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  const { demo, canPlayReal, setDemo } = useDemoMode();
  return (
    <label
      className={`og-demo-toggle ${demo ? 'is-on' : ''}`}
      title={locked ? t('originals.demo.lockedHint') : undefined}
    >
      <input
        type="checkbox"
        role="switch"
        checked={demo}
        disabled={locked}
        aria-checked={demo}
        data-testid="og-demo-toggle"
        onChange={(e) => {
          if (!e.target.checked && !canPlayReal) {
            void navigate(localizePath('/login', locale));
            return;
          }
          setDemo(e.target.checked);
        }}
      />
      <span className="og-demo-toggle__track" aria-hidden="true">
        <span className="og-demo-toggle__thumb" />
      </span>
      <span>{t('originals.demo.mode')}</span>
    </label>
  );
}

/** The play balance chip (a different colour from any real balance) with its refill button. */
function DemoBalance({ locked }: { locked?: boolean }) {
  const t = useT();
  const s = useDemoState();
  return (
    <span className="og-balance og-balance--demo" data-testid="og-demo-balance">
      <span className="og-demo-badge">{t('originals.demo.badge')}</span>
      <span className="og-balance__label">{t('originals.demo.balance')}:</span>{' '}
      <strong>{formatMoney(s.balance)}</strong>
      <button
        type="button"
        className="og-demo-reset"
        disabled={locked}
        aria-label={t('originals.demo.reset')}
        title={t('originals.demo.reset')}
        data-testid="og-demo-reset"
        onClick={() => {
          setDemoState(resetDemoBalance(getDemoState()));
          toast.success(t('originals.demo.resetDone', { amount: formatMoney(DEMO_START_BALANCE) }));
        }}
      >
        <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
          <path
            d="M4 12a8 8 0 1 0 2.3-5.6M4 4v4h4"
            stroke="currentColor"
            strokeWidth="2.2"
            fill="none"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </button>
    </span>
  );
}

/** The demo banner: what demo means and, for a guest, the way to play for real. */
function DemoBanner() {
  const t = useT();
  const locale = useLocale();
  const { canPlayReal, setDemo } = useDemoMode();
  return (
    <div className="og-demo-banner" role="note" data-testid="og-demo-banner">
      <span className="og-demo-badge">{t('originals.demo.badge')}</span>
      <p>
        {t('originals.demo.banner')} {!canPlayReal ? <strong>{t('originals.demo.guestCta')}</strong> : null}
      </p>
      <div className="og-demo-banner__actions">
        {canPlayReal ? (
          <Button size="sm" onClick={() => setDemo(false)}>
            {t('originals.demo.playReal')}
          </Button>
        ) : (
          <>
            <Button size="sm" to={localizePath('/register', locale)}>
              {t('originals.demo.register')}
            </Button>
            <Button size="sm" variant="outline" to={localizePath('/login', locale)}>
              {t('originals.demo.login')}
            </Button>
          </>
        )}
      </div>
    </div>
  );
}

/**
 * A game page: the stage (board, result) and the control panel side by side on desktop, stacked on phones
 * (stage first); below, rules + paytable, the player's history and the fairness panel. In demo mode the page
 * wears the demo banner, the play balance and a DEMO ribbon on the stage, and its history and fairness tabs are
 * the demo's own (this tab's sessionStorage), never the real ones.
 */
export function GameLayout({
  game,
  stage,
  controls,
  balance,
  locked,
}: {
  game: GameCode;
  stage: ReactNode;
  controls: ReactNode;
  balance: number | null;
  /** A bet, an autobet or a round in progress: the mode cannot change. */
  locked?: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const loggedIn = useIsLoggedIn();
  const { demo } = useDemoMode();
  const demoHistory = useDemoState().history;
  const [tab, setTab] = useState('rules');
  return (
    <div className={`og-page ${demo ? 'og-page--demo' : ''}`} data-demo={demo ? 'true' : undefined}>
      <header className="og-head">
        <Link to={localizePath('/originals', locale)} className="og-back" aria-label={t('originals.brand')}>
          ‹
        </Link>
        <span className={`og-head__icon og-hue-${game}`}>
          <GameIcon code={game} size={28} />
        </span>
        <h1 className="og-title">{t(`originals.games.${game}.name`)}</h1>
        <span className="og-head__spacer" />
        <SoundToggle />
      </header>
      <div className="og-modebar">
        <DemoToggle locked={locked} />
        {demo ? (
          <DemoBalance locked={locked} />
        ) : balance !== null ? (
          <span className="og-balance" data-testid="og-balance">
            {t('originals.controls.balance')}: <strong>{formatMoney(balance)}</strong>
          </span>
        ) : null}
      </div>
      {demo ? <DemoBanner /> : null}
      <div className="og-game">
        <section className="og-stage" aria-live="polite">
          {demo ? (
            <span className="og-demo-ribbon" aria-hidden="true">
              {t('originals.demo.badge')}
            </span>
          ) : null}
          {stage}
        </section>
        {/* The floating chat button steps aside rather than cover the bet controls. */}
        <aside className="og-controls" data-fab-clear>
          {controls}
          <p className="og-limits">
            {t('originals.controls.limits', {
              min: formatMoney(LIMITS.minBet),
              max: formatMoney(LIMITS.maxBet),
              maxWin: formatMoney(LIMITS.maxWin),
            })}
          </p>
        </aside>
      </div>
      <div className="og-tabs">
        <Tabs
          value={tab}
          onChange={setTab}
          items={[
            { id: 'rules', label: t('originals.rules.title'), content: <Rules game={game} /> },
            ...(demo
              ? [
                  {
                    id: 'history',
                    label: `${t('originals.history.title')} (demo)`,
                    content: <HistoryTable game={game} demoRows={demoHistory} />,
                  },
                  {
                    id: 'fairness',
                    label: `${t('originals.fairness.title')} (demo)`,
                    content: <FairnessPanel demo />,
                  },
                ]
              : loggedIn
                ? [
                    { id: 'history', label: t('originals.history.title'), content: <HistoryTable game={game} /> },
                    { id: 'fairness', label: t('originals.fairness.title'), content: <FairnessPanel /> },
                  ]
                : []),
          ]}
        />
      </div>
    </div>
  );
}
