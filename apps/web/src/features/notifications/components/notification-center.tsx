import '../locales/register';
import type { NotificationItem } from '@sorte/contracts';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { showBoxReward } from '../../../shared/lib/box-reward';
import { formatDateTime } from '../../../shared/lib/dates';
import { http } from '../../../shared/lib/http';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { localizePath } from '../../../shared/lib/locale';
import { getEcho, useRealtime } from '../../../shared/lib/realtime';
import { useSession } from '../../../shared/lib/session';
import { Button } from '../../../shared/ui/button';
import { Modal } from '../../../shared/ui/modal';
import { SidePanel, sidePanels, useSidePanels } from '../../../shared/ui/side-panel';
import { Spinner } from '../../../shared/ui/spinner';
import { Tabs } from '../../../shared/ui/tabs';
import {
  nextUnviewed,
  notificationsQuery,
  readNotification,
  useMarkAllRead,
  viewNotification,
} from '../api/notifications';
import { type Queued, TICK_MS, tick } from './toast-queue';
import { setUnread } from './unread';
import './notifications.css';

const NEXT_CHECK_MS = 5_000;

/** Notifications for a logged-in player: the side panel list, live toasts and the one-at-a-time modal. */
export default function NotificationCenter() {
  const userId = useSession((s) => s.user?.id ?? null);
  const token = useSession((s) => s.token);
  const [queue, setQueue] = useState<Queued[]>([]);
  const qc = useQueryClient();
  const generation = useRealtime((s) => s.generation);

  useEffect(() => {
    if (!token || userId === null) return;
    let cancelled = false;
    let stop = () => {};
    void generation;
    getEcho().then((echo) => {
      if (cancelled) return;
      const ch = echo.private(`user.${userId}`);
      ch.listen('NotificationSent', (e: { notification: NotificationItem }) => {
        // A box's notification arrives with NotifyNewUserBox, whose reward modal already announces it: no toast.
        if (!e.notification.user_box) setQueue((q) => [...q, { n: e.notification, shownAt: null }]);
        void qc.invalidateQueries({ queryKey: ['notifications'] });
      });
      stop = () => ch.stopListening('NotificationSent');
    });
    return () => {
      cancelled = true;
      stop();
    };
  }, [token, userId, generation, qc]);

  useEffect(() => {
    const id = setInterval(() => setQueue((q) => (q.length ? tick(q, Date.now()) : q)), TICK_MS);
    return () => clearInterval(id);
  }, []);

  // The header bell's count: one tiny page, refetched with every list change and live notification.
  const badge = useQuery({
    queryKey: ['notifications', 'badge', token],
    queryFn: ({ signal }) =>
      http.get<{ unread_count: { user_notifications: number; global_notifications: number } }>('/notifications', {
        query: { page: 1, per_page: 1 },
        signal,
      }),
    enabled: token !== null,
  });
  const counts = badge.data?.unread_count;
  useEffect(() => {
    setUnread(counts ? counts.user_notifications + counts.global_notifications : 0);
  }, [counts]);

  if (!token) return <NotificationPanel loggedIn={false} />;
  return (
    <>
      <NotificationPanel loggedIn />
      <Toasts queue={queue} onDismiss={(id) => setQueue((q) => q.filter((x) => x.n.id !== id))} />
      <UnviewedModal key={userId ?? 0} />
    </>
  );
}

function useOpenNotification() {
  const navigate = useNavigate();
  const locale = useLocale();
  const qc = useQueryClient();
  return (n: NotificationItem) => {
    if (!n.read) void readNotification(n.id).then(() => qc.invalidateQueries({ queryKey: ['notifications'] }));
    // A box granted shows its reward modal again (open it now, or later from /account/boxes).
    if (n.user_box) {
      sidePanels.close('notifications');
      showBoxReward(n.user_box);
      return;
    }
    if (!n.url) return;
    sidePanels.close('notifications');
    if (/^https:\/\//.test(n.url)) window.open(n.url, '_blank', 'noopener,noreferrer');
    else navigate(localizePath(n.url, locale));
  };
}

function NotificationPanel({ loggedIn }: { loggedIn: boolean }) {
  const t = useT();
  const open = useSidePanels((s) => s.active === 'notifications');
  return (
    <SidePanel name="notifications" side="right" width={380} title={t('notifications.title')}>
      {!loggedIn ? <p className="notif__empty">{t('notifications.loginFirst')}</p> : open ? <NotificationList /> : null}
    </SidePanel>
  );
}

function NotificationList() {
  const t = useT();
  const [tab, setTab] = useState<'personal' | 'platform'>('personal');
  const query = useInfiniteQuery(notificationsQuery());
  const markAll = useMarkAllRead();
  const openItem = useOpenNotification();
  const first = query.data?.pages[0];
  const unread = first?.unread_count;
  useEffect(() => {
    if (unread) setUnread(unread.user_notifications + unread.global_notifications);
  }, [unread]);
  const items = (query.data?.pages ?? []).flatMap((p) => p.data).filter((n) => n.type === tab);
  const badge = (n: number | undefined) => (n ? String(n) : undefined);
  return (
    <div className="notif">
      <Tabs
        fitted
        items={[
          { id: 'personal', label: t('notifications.tabs.personal'), badge: badge(unread?.user_notifications) },
          { id: 'platform', label: t('notifications.tabs.platform'), badge: badge(unread?.global_notifications) },
        ]}
        value={tab}
        onChange={(v: string) => setTab(v === 'platform' ? 'platform' : 'personal')}
      />
      <div className="notif__bar">
        <Button
          size="sm"
          variant="pastel"
          color="muted"
          loading={markAll.isPending}
          disabled={!(tab === 'personal' ? unread?.user_notifications : unread?.global_notifications)}
          onClick={() => markAll.mutate(tab)}
        >
          {t('notifications.markAll')}
        </Button>
      </div>
      {query.isPending && <Spinner />}
      {query.isError && (
        <div className="notif__empty">
          <p>{t('notifications.loadError')}</p>
          <Button size="sm" variant="outline" onClick={() => query.refetch()}>
            {t('notifications.retry')}
          </Button>
        </div>
      )}
      {query.isSuccess && items.length === 0 && <p className="notif__empty">{t('notifications.empty')}</p>}
      <ul className="notif__list">
        {items.map((n) => (
          <li key={n.id}>
            <button
              type="button"
              className={`notif__item ${n.read ? '' : 'notif__item--unread'}`}
              onClick={() => openItem(n)}
            >
              {n.img && <img className="notif__img" src={n.img} alt="" loading="lazy" />}
              <span className="notif__text">
                <span className="notif__title">
                  {!n.read && <span className="notif__dot" role="img" aria-label={t('notifications.unread')} />}
                  {n.title}
                </span>
                {n.description && <span className="notif__desc">{n.description}</span>}
                <time className="notif__date" dateTime={n.created_at}>
                  {formatDateTime(n.created_at).slice(0, 16)}
                </time>
              </span>
            </button>
          </li>
        ))}
      </ul>
      {query.hasNextPage && (
        <Button
          size="sm"
          variant="outline"
          block
          loading={query.isFetchingNextPage}
          onClick={() => query.fetchNextPage()}
        >
          {t('notifications.loadMore')}
        </Button>
      )}
    </div>
  );
}

function Toasts({ queue, onDismiss }: { queue: Queued[]; onDismiss: (id: number) => void }) {
  const t = useT();
  const openItem = useOpenNotification();
  const shown = queue.filter((q) => q.shownAt !== null);
  if (shown.length === 0) return null;
  return (
    <div className="notif-toasts" role="region" aria-label={t('notifications.title')}>
      {shown.map(({ n }) => (
        <div key={n.id} className="notif-toast" role="status">
          <button
            type="button"
            className="notif-toast__body"
            onClick={() => {
              openItem(n);
              onDismiss(n.id);
            }}
          >
            <span className="notif-toast__label">{t('notifications.newNotification')}</span>
            <strong>{n.title}</strong>
            {n.description && <span className="notif-toast__desc">{n.description}</span>}
          </button>
          <button
            type="button"
            className="notif-toast__close"
            aria-label={t('notifications.dismiss')}
            onClick={() => onDismiss(n.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

/** One unviewed notification at a time; after it is closed, the next is checked for 5 s later. */
function UnviewedModal() {
  const t = useT();
  const [current, setCurrent] = useState<NotificationItem | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const openItem = useOpenNotification();

  useEffect(() => {
    let alive = true;
    const check = () =>
      nextUnviewed()
        .then((r) => alive && setCurrent(r.notification))
        .catch(() => {});
    timer.current = setTimeout(check, 1_500);
    return () => {
      alive = false;
      if (timer.current) clearTimeout(timer.current);
    };
  }, []);

  const close = () => {
    if (!current) return;
    const id = current.id;
    setCurrent(null);
    void viewNotification(id)
      .catch(() => {})
      .then(() => {
        timer.current = setTimeout(() => {
          nextUnviewed()
            .then((r) => setCurrent(r.notification))
            .catch(() => {});
        }, NEXT_CHECK_MS);
      });
  };

  return (
    <Modal
      open={current !== null}
      onClose={close}
      title={current?.title}
      size="sm"
      footer={
        <>
          <Button variant="outline" color="default" onClick={close}>
            {t('notifications.close')}
          </Button>
          {current?.url && (
            <Button
              onClick={() => {
                if (current) openItem(current);
                close();
              }}
            >
              {t('notifications.open')}
            </Button>
          )}
        </>
      }
    >
      {current?.img && <img className="notif-modal__img" src={current.img} alt="" />}
      {current?.description && <p className="notif-modal__text">{current.description}</p>}
      {current && <p className="notif__date">{`${current.date.split('-').reverse().join('/')} ${current.time}`}</p>}
    </Modal>
  );
}
