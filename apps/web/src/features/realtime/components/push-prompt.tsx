import '../locales/register';
import { useEffect, useState } from 'react';
import { useDepositModal } from '../../../shared/lib/deposit-modal';
import { http } from '../../../shared/lib/http';
import { useT } from '../../../shared/lib/i18n';
import { useSession } from '../../../shared/lib/session';
import { storage } from '../../../shared/lib/storage';
import { Button } from '../../../shared/ui/button';
import { Modal } from '../../../shared/ui/modal';
import { isInstalled, isMobile, registerServiceWorker, withTimeout } from '../pwa';
import {
  PROMPT_DELAY_MS,
  PUSH_KEYS,
  recordPermissionAsked,
  SUBSCRIBE_TIMEOUT_MS,
  SUCCESS_CLOSE_MS,
  SW_READY_TIMEOUT_MS,
  shouldPrompt,
  stamp,
} from './push-rules';

const supported = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

function keyBytes(b64url: string): Uint8Array<ArrayBuffer> {
  const b64 = b64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/** Subscribes this browser (service worker ready in 10 s, subscribe in 2 s) and stores it on the server. */
async function subscribe(): Promise<void> {
  await registerServiceWorker();
  const reg = await withTimeout(navigator.serviceWorker.ready, SW_READY_TIMEOUT_MS, 'worker');
  const { publicKey } = await http.get<{ publicKey: string }>('/push/public-key');
  let sub: PushSubscription;
  try {
    sub =
      (await reg.pushManager.getSubscription()) ??
      (await withTimeout(
        reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }),
        SUBSCRIBE_TIMEOUT_MS,
        'subscribe',
      ));
  } catch {
    throw new Error('subscribe');
  }
  const json = sub.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
  try {
    await http.post('/subscription', { endpoint: json.endpoint, keys: json.keys });
  } catch {
    throw new Error('subscribe');
  }
}

/** The push permission modal (spec sections 2, 4, 8): logged-in players only, by the timing rules. */
export default function PushPrompt() {
  const t = useT();
  const userId = useSession((s) => s.user?.id ?? null);
  const [due, setDue] = useState(false);
  const [open, setOpen] = useState(false);
  // The deposit modal (the greeting after sign-up, or a deposit under way) keeps the prompt waiting: never one modal
  // over another.
  const depositOpen = useDepositModal((s) => s.open);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (userId === null || !supported()) return;
    // Already allowed: keep the server's copy of this browser's subscription current, silently.
    if (Notification.permission === 'granted') {
      void subscribe().catch(() => {});
      return;
    }
    const id = setTimeout(() => {
      if (shouldPrompt({ userId, permission: Notification.permission, mobile: isMobile(), installed: isInstalled() }))
        setDue(true);
    }, PROMPT_DELAY_MS);
    return () => clearTimeout(id);
  }, [userId]);

  useEffect(() => {
    if (due && !depositOpen) {
      setDue(false);
      setOpen(true);
    }
  }, [due, depositOpen]);

  if (userId === null) return null;

  const close = () => {
    setOpen(false);
    if (!done) stamp(PUSH_KEYS.closedAt, userId);
  };

  const enable = async () => {
    setBusy(true);
    setError(null);
    try {
      if (!supported()) throw new Error('unsupported');
      recordPermissionAsked(userId, 'pending');
      const permission = await Notification.requestPermission();
      storage.set(PUSH_KEYS.permission, permission);
      if (permission !== 'granted') {
        recordPermissionAsked(userId, permission);
        throw new Error('permission');
      }
      await subscribe();
      setDone(true);
      setTimeout(() => setOpen(false), SUCCESS_CLOSE_MS);
    } catch (err) {
      const code = err instanceof Error ? err.message : 'subscribe';
      const known = ['unsupported', 'permission', 'subscribe', 'worker'].includes(code) ? code : 'subscribe';
      setError(t(`realtime.push.errors.${known}`));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      onClose={close}
      title={t('realtime.push.title')}
      size="sm"
      footer={
        done ? null : (
          <>
            <Button variant="outline" color="default" onClick={close}>
              {t('realtime.push.later')}
            </Button>
            <Button loading={busy} onClick={enable}>
              {t('realtime.push.enable')}
            </Button>
          </>
        )
      }
    >
      <p>{done ? t('realtime.push.success') : t('realtime.push.text')}</p>
      {error && (
        <p role="alert" style={{ color: 'var(--c-danger)' }}>
          {error}
        </p>
      )}
    </Modal>
  );
}
