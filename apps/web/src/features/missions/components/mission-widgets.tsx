import type { Mission } from '@sorte/contracts';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../../shared/lib/i18n';
import { useMissions } from '../api/get-missions';
import { hasWidget, percent } from '../lib/format';
import { stackWidgets } from '../lib/layout';
import { useWidgetsInTheWay } from '../lib/use-keep-clear';
import { useMissionActions } from '../lib/use-mission-actions';
import { useMissionsLive } from '../lib/use-missions-live';
import { useWidgetOpenState } from '../lib/widget-state';
import { openMissionsPanel, useMissionsPanel } from '../store';
import { MissionAction, MissionProgress, MissionReward } from './mission-body';
import { MissionsPanel } from './missions-panel';
import '../locales/register';
import '../missions.css';

const readViewport = () => ({ width: window.innerWidth, height: window.innerHeight });

function useViewport() {
  const [v, setV] = useState(readViewport);
  useEffect(() => {
    const on = () => setV(readViewport());
    window.addEventListener('resize', on);
    return () => window.removeEventListener('resize', on);
  }, []);
  return v;
}

const RING = 2 * Math.PI * 18;

/** The collapsed widget: the mission's progress as a ring, a gift once it can be claimed. */
function Collapsed({ m, onOpen }: { m: Mission; onOpen: () => void }) {
  const t = useT();
  const pct = percent(m);
  const done = m.state === 'completed';
  const shown = done ? t('missions.claim') : `${pct}%`;
  return (
    <button
      type="button"
      className={`mw-tile ${done ? 'mw-tile--done' : ''}`}
      onClick={onOpen}
      aria-expanded={false}
      // The visible figure is part of the name (what a voice user says is what they see).
      aria-label={`${t('missions.open', { name: m.name })}, ${shown}`}
      title={m.name}
      data-testid="mission-widget-tile"
    >
      <svg className="mw-ring" viewBox="0 0 44 44" aria-hidden="true">
        <circle cx="22" cy="22" r="18" className="mw-ring__track" />
        <circle
          cx="22"
          cy="22"
          r="18"
          className="mw-ring__fill"
          strokeDasharray={RING}
          strokeDashoffset={RING * (1 - pct / 100)}
        />
        {done ? (
          <path
            d="M14 20h16v10H14zM12 16h20v4H12zM22 16v14M22 16c-2-4-7-4-6 0M22 16c2-4 7-4 6 0"
            className="mw-ring__icon"
          />
        ) : (
          <path d="M17 14l-3 6h4l-2 8 10-11h-5l3-3z" className="mw-ring__icon" />
        )}
      </svg>
      <span className="mw-tile__pct">{shown}</span>
    </button>
  );
}

/**
 * The floating mission widgets of every page (spec sections 2, 3 and 9): one per mission the player can still do,
 * accept or claim (a guest: the guest missions), stacked from the bottom right, each open or collapsed as the
 * player last left it on this device. Mounted once by the app shell.
 */
export default function MissionWidgets() {
  useMissionsLive();
  const t = useT();
  const { data } = useMissions();
  const viewport = useViewport();
  const [isOpen, setOpen] = useWidgetOpenState();
  const actions = useMissionActions();
  const panelOpen = useMissionsPanel((s) => s.open);
  const missions = (data?.data ?? []).filter(hasWidget);
  const placed = stackWidgets(
    missions.map((m) => ({ id: m.id, isOpen: isOpen(m.id) })),
    viewport,
  );
  const byId = new Map(missions.map((m) => [m.id, m]));
  const layer = useRef<HTMLElement>(null);
  const away = useWidgetsInTheWay(layer);
  return (
    <>
      {placed.length > 0 && !panelOpen && (
        <section ref={layer} className="mw-layer" aria-label={t('missions.layer')} data-testid="mission-widgets">
          {placed.map((p) => {
            const m = byId.get(p.id)!;
            const open = isOpen(m.id);
            return (
              <div
                key={m.id}
                className={`mw-widget ${open ? 'is-open' : ''} ${away.has(m.id) ? 'mw-widget--away' : ''}`}
                aria-hidden={away.has(m.id) || undefined}
                inert={away.has(m.id) || undefined}
                style={{ top: p.positionY, height: p.height }}
                data-mission={m.id}
                data-state={m.state}
                data-testid="mission-widget"
              >
                {open ? (
                  <div className="mw-card">
                    <div className="mw-card__head">
                      <button
                        type="button"
                        className="mw-card__name"
                        onClick={openMissionsPanel}
                        title={t('missions.seeAll')}
                      >
                        {m.name}
                      </button>
                      <button
                        type="button"
                        className="mw-card__collapse"
                        onClick={() => setOpen(m.id, false)}
                        aria-expanded={true}
                        aria-label={t('missions.collapse')}
                      >
                        <svg
                          width="16"
                          height="16"
                          viewBox="0 0 24 24"
                          fill="none"
                          stroke="currentColor"
                          strokeWidth="2.5"
                          aria-hidden="true"
                        >
                          <path d="M6 9l6 6 6-6" strokeLinecap="round" strokeLinejoin="round" />
                        </svg>
                      </button>
                    </div>
                    <p className="mw-card__desc">{m.description}</p>
                    <MissionProgress mission={m} />
                    <div className="mw-card__foot">
                      <MissionReward mission={m} />
                      <MissionAction
                        mission={m}
                        busy={actions.busy === m.id}
                        onClaim={() => void actions.claim(m.id)}
                        onAccept={() => void actions.accept(m.id)}
                      />
                    </div>
                  </div>
                ) : (
                  <Collapsed m={m} onOpen={() => setOpen(m.id, true)} />
                )}
              </div>
            );
          })}
        </section>
      )}
      <MissionsPanel missions={data?.data ?? []} guest={data?.guest ?? true} actions={actions} />
    </>
  );
}
