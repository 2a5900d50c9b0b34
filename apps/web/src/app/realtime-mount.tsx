import { lazy, Suspense, useEffect, useState } from 'react';
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

const idle = (fn: () => void) =>
  'requestIdleCallback' in window ? window.requestIdleCallback(fn, { timeout: 3000 }) : setTimeout(fn, 1500);

/**
 * Chat panel, notification centre (panel, toasts, modal) and push prompt, loaded when the browser is idle after the
 * first paint, or at once when a player opens one of the panels. Also registers the service worker (production).
 */
export function RealtimeMount() {
  const [ready, setReady] = useState(false);
  const wanted = useSidePanels((s) => s.active === 'chatglobal' || s.active === 'notifications');
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
      {loggedIn && jivo && <JivoWidget />}
      <RgHost />
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

/** Phones: the header has no room for the chat button, so it floats at the bottom right. */
function ChatFab() {
  const t = useT();
  const open = useSidePanels((s) => s.active === 'chatglobal');
  if (open) return null;
  return (
    <button
      type="button"
      className="chat-fab"
      onClick={() => sidePanels.open('chatglobal')}
      aria-label={t('app.header.chat')}
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
