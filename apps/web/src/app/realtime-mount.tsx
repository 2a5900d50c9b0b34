import { lazy, type RefObject, Suspense, useEffect, useRef, useState } from 'react';
import { useMissionsPanel } from '../features/missions/store';
import { useT } from '../shared/lib/i18n';
import { useUnreadNotifications } from '../shared/lib/realtime-badges';
import { useIsLoggedIn } from '../shared/lib/session';
import { useSiteConfig } from '../shared/lib/site-config';
import { sidePanels, useSidePanels } from '../shared/ui/side-panel';
import './realtime-mount.css';

// Each in its own lazy chunk: none of the realtime code (pusher-js, laravel-echo) is in the home route's bundle.
const ChatPanel = lazy(() => import('../features/chat/components/chat-panel'));
const NotificationCenter = lazy(() => import('../features/notifications/components/notification-center'));
const PushPrompt = lazy(() => import('../features/realtime/components/push-prompt'));
const WalletLive = lazy(() => import('../features/realtime/components/wallet-live'));
const JivoWidget = lazy(() => import('../features/support/jivo-widget'));
// The reality check, a session ended by its time limit and what a player is told after an exclusion or closure.
const RgHost = lazy(() => import('../features/responsible-gaming/components/rg-host'));
// The floating mission widgets of every page and the missions list the side menu opens.
const MissionWidgets = lazy(() => import('../features/missions/components/mission-widgets'));
// The reward modal of a box a mission, a VIP level or the casino gave (NotifyNewUserBox, or its notification opened).
const BoxRewardModal = lazy(() => import('../features/boxes/reward-modal'));

const idle = (fn: () => void) =>
  'requestIdleCallback' in window ? window.requestIdleCallback(fn, { timeout: 3000 }) : setTimeout(fn, 1500);

/**
 * Chat panel, notification centre (panel, toasts, modal) and push prompt, loaded when the browser is idle after the
 * first paint, or at once when a player opens one of the panels. Also registers the service worker (production).
 */
export function RealtimeMount() {
  const [ready, setReady] = useState(false);
  const panel = useSidePanels((s) => s.active === 'chatglobal' || s.active === 'notifications');
  const missionsList = useMissionsPanel((s) => s.open);
  const wanted = panel || missionsList;
  const loggedIn = useIsLoggedIn();
  const jivo = useSiteConfig().jivoChat !== null;
  useEffect(() => {
    idle(() => {
      setReady(true);
      void import('../shared/lib/realtime').then((m) => m.watchSession());
      if (import.meta.env.PROD)
        void import('../features/realtime/pwa').then((m) => {
          m.captureInstallPrompt();
          void m.registerServiceWorker();
        });
    });
  }, []);
  if (!ready && !wanted) return null;
  return (
    <Suspense fallback={null}>
      <ChatFab />
      <ChatPanel />
      {(loggedIn || wanted) && <NotificationCenter />}
      {loggedIn && <PushPrompt />}
      {loggedIn && <WalletLive />}
      {loggedIn && <BoxRewardModal />}
      {loggedIn && jivo && <JivoWidget />}
      <RgHost />
      <MissionWidgets />
    </Suspense>
  );
}

/** Header buttons: the global chat and, for a logged-in player, the notification bell with its unread count. */
export function RealtimeButtons() {
  const t = useT();
  const loggedIn = useIsLoggedIn();
  const unread = useUnreadNotifications((s) => s.count);
  return (
    <div className="app-header__rt">
      <button
        type="button"
        className="app-header__icon-btn app-header__chat"
        onClick={() => sidePanels.toggle('chatglobal')}
        aria-label={t('app.header.chat')}
        title={t('app.header.chat')}
        aria-haspopup="dialog"
      >
        <svg
          width="20"
          height="20"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1.1-4.4A8 8 0 1 1 21 12z" strokeLinejoin="round" />
        </svg>
      </button>
      {loggedIn && (
        <button
          type="button"
          className="app-header__icon-btn app-header__bell"
          onClick={() => sidePanels.toggle('notifications')}
          aria-label={unread ? t('app.header.notificationsUnread', { count: unread }) : t('app.header.notifications')}
          title={t('app.header.notifications')}
          aria-haspopup="dialog"
        >
          <svg
            width="20"
            height="20"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <path
              d="M6 8a6 6 0 1 1 12 0c0 7 3 8 3 8H3s3-1 3-8M10 20a2 2 0 0 0 4 0"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          {unread > 0 && <span className="app-header__badge">{unread > 99 ? '99+' : unread}</span>}
        </button>
      )}
    </div>
  );
}

/** What the floating chat button must never cover: the footer, and what a page marks (a game's bet controls). */
const KEEP_CLEAR = '.app-footer, [data-fab-clear]';

/**
 * Whether the floating button's box currently overlaps something it must keep clear of. Checked once a frame at
 * most, on scroll, resize and when the page's content changes.
 */
function useOverlapsKeepClear(ref: RefObject<HTMLElement | null>): boolean {
  const [overlaps, setOverlaps] = useState(false);
  useEffect(() => {
    let frame = 0;
    const check = () => {
      frame = 0;
      const fab = ref.current?.getBoundingClientRect();
      if (!fab || fab.width === 0) return setOverlaps(false);
      const hit = [...document.querySelectorAll(KEEP_CLEAR)].some((el) => {
        const r = el.getBoundingClientRect();
        return r.top < fab.bottom && r.bottom > fab.top && r.left < fab.right && r.right > fab.left;
      });
      setOverlaps(hit);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    schedule();
    window.addEventListener('scroll', schedule, { passive: true, capture: true });
    window.addEventListener('resize', schedule);
    const content = new MutationObserver(schedule);
    content.observe(document.body, { childList: true, subtree: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule, { capture: true });
      window.removeEventListener('resize', schedule);
      content.disconnect();
    };
  }, [ref]);
  return overlaps;
}

/**
 * Phones: the header has no room for the chat button, so it floats at the bottom right. It steps aside (fades out)
 * while it would cover the footer or a game's bet controls; the chat is a scroll away.
 */
function ChatFab() {
  const t = useT();
  const open = useSidePanels((s) => s.active === 'chatglobal');
  const ref = useRef<HTMLButtonElement>(null);
  const away = useOverlapsKeepClear(ref);
  if (open) return null;
  return (
    <button
      ref={ref}
      type="button"
      className={away ? 'chat-fab chat-fab--away' : 'chat-fab'}
      onClick={() => sidePanels.open('chatglobal')}
      aria-label={t('app.header.chat')}
      aria-hidden={away || undefined}
      tabIndex={away ? -1 : undefined}
    >
      <svg
        width="24"
        height="24"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        aria-hidden="true"
      >
        <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1.1-4.4A8 8 0 1 1 21 12z" strokeLinejoin="round" />
      </svg>
    </button>
  );
}
