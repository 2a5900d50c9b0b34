import { RG_SESSION_ENDED_EVENT, type RgSessionEndedEvent, type RgSessionStatus } from '@sorte/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { HttpError } from '../../../shared/lib/http';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { localizePath } from '../../../shared/lib/locale';
import { formatMoney } from '../../../shared/lib/money';
import { getEcho, useRealtime } from '../../../shared/lib/realtime';
import { useIsLoggedIn, useSession } from '../../../shared/lib/session';
import { Button } from '../../../shared/ui/button';
import { Modal } from '../../../shared/ui/modal';
import { toast } from '../../../shared/ui/toast-store';
import { continueSession } from '../api/continue-session';
import { endSession } from '../api/end-session';
import { useRgSession } from '../api/get-session';
import { rgKeys } from '../api/keys';
import { errorText, formatMinutes, formatWhen, serverOffset, sessionMinutes } from '../lib';
import { dismissNotice, endLocalSession, type RgNotice, type Settlement, useRgStore } from '../store';
import { SessionFigures } from './session-figures';
import '../locales/register';
import '../rg.css';

// A timer further out than this is set again at the next read of the session (setTimeout's range is ~24.8 days).
const MAX_TIMER_MS = 6 * 3600_000;

/**
 * Responsible gaming on every page: the reality check when the session's reminder is due, the end of a session
 * (by its time limit, idleness, an exclusion: told over realtime), and what the player is told after play stopped.
 */
export default function RgHost() {
  const loggedIn = useIsLoggedIn();
  const notice = useRgStore((s) => s.notice);
  // A reminder open when the session ended some other way (a 401, a logout in another tab) does not come back.
  useEffect(() => {
    if (!loggedIn) useRgStore.setState({ reminding: false });
  }, [loggedIn]);
  return (
    <>
      {loggedIn && <SessionWatch />}
      <NoticeModal notice={notice} />
    </>
  );
}

function SessionWatch() {
  const qc = useQueryClient();
  const session = useRgSession(true);
  const reminding = useRgStore((s) => s.reminding);
  const userId = useSession((s) => s.user?.id ?? null);
  const generation = useRealtime((s) => s.generation);
  const nextAt = session.data?.reality_check.next_at ?? null;
  const endsAt = session.data?.time_limit?.ends_at ?? null;
  const { refetch } = session;
  // The server's times are read on the server's clock; a device whose clock is off still reminds on time.
  const offset = session.data ? serverOffset(session.data.session, session.dataUpdatedAt) : 0;

  // The reminder: shown at next_at with the figures read again at that moment.
  useEffect(() => {
    if (!nextAt || reminding) return;
    const wait = Date.parse(nextAt) - offset - Date.now();
    if (wait > MAX_TIMER_MS) return;
    const id = setTimeout(
      () => {
        void refetch().finally(() => useRgStore.setState({ reminding: true }));
      },
      Math.max(0, wait),
    );
    return () => clearTimeout(id);
  }, [nextAt, offset, reminding, refetch]);

  // The time limit runs out: the server ends the session; reading it then brings the refusal or the realtime event.
  useEffect(() => {
    if (!endsAt) return;
    const wait = Date.parse(endsAt) - offset - Date.now();
    if (wait > MAX_TIMER_MS) return;
    // Past the end, the server's session job ends play within its round: read again every few seconds until then.
    const id = setTimeout(
      () => {
        const before = qc.getQueryData<RgSessionStatus>(rgKeys.session)?.session ?? null;
        void refetch().then((r) => {
          // Ended while the realtime connection was down: the player is still told why.
          if (r.error instanceof HttpError && r.error.status === 401)
            endLocalSession(qc, { type: 'ended', reason: 'limit_time', message: null, session: before });
        });
      },
      wait > 0 ? wait + 1_000 : 10_000,
    );
    return () => clearTimeout(id);
  }, [endsAt, offset, refetch, qc]);

  // ResponsibleGaming.SessionEnded on the player's private channel: logged out, told why.
  useEffect(() => {
    if (userId === null) return;
    let cancelled = false;
    let stop = () => {};
    void generation;
    getEcho().then(
      (echo) => {
        if (cancelled) return;
        const ch = echo.private(`user.${userId}`);
        // A leading dot: the event's own name, not the client's App\Events namespace.
        ch.listen(`.${RG_SESSION_ENDED_EVENT}`, (e: RgSessionEndedEvent) =>
          endLocalSession(qc, { type: 'ended', reason: e.reason, message: e.message, session: e.session }),
        );
        stop = () => ch.stopListening(`.${RG_SESSION_ENDED_EVENT}`);
      },
      () => {},
    );
    return () => {
      cancelled = true;
      stop();
    };
  }, [userId, generation, qc]);

  return <RealityCheckModal open={reminding && Boolean(session.data)} />;
}

function RealityCheckModal({ open }: { open: boolean }) {
  const t = useT();
  const locale = useLocale();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const session = useRgSession(true).data;
  const [busy, setBusy] = useState<'continue' | 'end' | 'pause' | null>(null);
  const lastFigures = useRef(session?.session);
  if (session) lastFigures.current = session.session;
  const figures = lastFigures.current;

  const acknowledge = async (then?: () => void) => {
    try {
      const reply = await continueSession();
      qc.setQueryData(rgKeys.session, reply);
      useRgStore.setState({ reminding: false });
      then?.();
    } catch (error) {
      toast.error(errorText(error));
    }
  };

  const run = (kind: 'continue' | 'end' | 'pause', fn: () => Promise<void>) => async () => {
    setBusy(kind);
    try {
      await fn();
    } finally {
      setBusy(null);
    }
  };

  const onContinue = run('continue', () => acknowledge());
  const onPause = run('pause', () => acknowledge(() => navigate(localizePath('/responsible-gambling#pause', locale))));
  const onEnd = run('end', async () => {
    try {
      const reply = await endSession();
      endLocalSession(qc, { type: 'ended', reason: 'by_you', message: null, session: reply.session });
    } catch (error) {
      toast.error(errorText(error));
    }
  });

  return (
    <Modal
      open={open}
      onClose={() => {}}
      dismissable={false}
      hideCloseButton
      title={t('rg.modal.title')}
      size="sm"
      role="alertdialog"
      className="rg-reality"
    >
      {figures && (
        <div className="rg-reality__body" data-testid="rg-reality-check">
          <div className="rg-reality__clock" aria-hidden="true">
            <svg width="30" height="30" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M12 7v5l3 2M21 12a9 9 0 11-18 0 9 9 0 0118 0z" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </div>
          <p>{t('rg.modal.text', { time: formatMinutes(t, sessionMinutes(figures)) })}</p>
          <SessionFigures session={figures} compact />
          <div className="rg-reality__actions">
            <Button
              block
              size="lg"
              onClick={() => void onContinue()}
              loading={busy === 'continue'}
              disabled={busy !== null}
            >
              {t('rg.modal.continue')}
            </Button>
            <Button
              block
              size="lg"
              color="warning"
              variant="pastel"
              onClick={() => void onPause()}
              loading={busy === 'pause'}
              disabled={busy !== null}
            >
              {t('rg.modal.pause')}
            </Button>
            <Button
              block
              size="lg"
              color="default"
              variant="outline"
              onClick={() => void onEnd()}
              loading={busy === 'end'}
              disabled={busy !== null}
            >
              {t('rg.modal.end')}
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}

function NoticeModal({ notice }: { notice: RgNotice | null }) {
  const t = useT();
  // Kept while the modal animates out after "Entendi".
  const shown = useRef(notice);
  if (notice) shown.current = notice;
  const n = shown.current;
  if (!n) return null;
  const title =
    n.type === 'ended'
      ? t('rg.ended.title')
      : n.type === 'excluded'
        ? t('rg.exclusion.doneTitle')
        : t('rg.closure.doneTitle');
  return (
    <Modal open={notice !== null} onClose={dismissNotice} title={title} size="sm" className="rg-notice">
      <div className="rg-notice__body" data-testid="rg-notice">
        {n.type === 'ended' && (
          <>
            <p>{n.message || t(n.reason === 'by_you' ? 'rg.ended.byYou' : `rg.ended.${n.reason}`)}</p>
            {n.session && (
              <>
                <h3>{t('rg.ended.summary')}</h3>
                <SessionFigures session={n.session} />
              </>
            )}
          </>
        )}
        {n.type === 'excluded' && (
          <>
            <p>
              {n.exclusion.end_at
                ? t('rg.exclusion.doneText', { until: formatWhen(n.exclusion.end_at) })
                : t('rg.exclusion.doneTextIndefinite')}
            </p>
            <SettlementLines settlement={n.settlement} />
          </>
        )}
        {n.type === 'closed' && (
          <>
            <p>{t('rg.closure.doneText', { at: formatWhen(n.closedAt) })}</p>
            <SettlementLines settlement={n.settlement} />
          </>
        )}
        <Button block size="lg" onClick={dismissNotice}>
          {t('rg.ended.ok')}
        </Button>
      </div>
    </Modal>
  );
}

function SettlementLines({ settlement }: { settlement: Settlement }) {
  const t = useT();
  return (
    <>
      {settlement.refunded_bets > 0 && (
        <p>
          {t('rg.settlement.refunded', {
            count: settlement.refunded_bets,
            amount: formatMoney(settlement.refunded),
          })}
        </p>
      )}
      {settlement.balance > 0 && <p>{t('rg.settlement.balance', { amount: formatMoney(settlement.balance) })}</p>}
    </>
  );
}
