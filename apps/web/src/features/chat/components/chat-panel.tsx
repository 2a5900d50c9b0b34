import '../locales/register';
import { CHAT_MAX_LENGTH, type ChatMessage, type ChatResponse } from '@sorte/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { tenantTimeZone } from '../../../shared/lib/dates';
import { HttpError } from '../../../shared/lib/http';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { localizePath } from '../../../shared/lib/locale';
import { getEcho, publicRoom, useRealtime } from '../../../shared/lib/realtime';
import { useIsLoggedIn } from '../../../shared/lib/session';
import { Button } from '../../../shared/ui/button';
import { SidePanel, sidePanels, useSidePanels } from '../../../shared/ui/side-panel';
import { Spinner } from '../../../shared/ui/spinner';
import { addMessage, chatMessagesQuery, removeMessage, useSendMessage } from '../api/chat-messages';
import { BetFeed } from './bet-feed';
import { dayKey, dayLabel, timeOf } from './day-label';
import './chat.css';

/** The global chat side panel ("chatglobal"): live messages, online count, day labels, the live bet feed. */
export default function ChatPanel() {
  const t = useT();
  const open = useSidePanels((s) => s.active === 'chatglobal');
  const [online, setOnline] = useState<number | null>(null);
  const count = online === null ? '' : t('chat.online', { count: online });
  return (
    <SidePanel
      name="chatglobal"
      side="right"
      width={380}
      title={
        <span className="chat-title">
          {t('chat.title')}
          {count && (
            <span className="chat-online">
              <span className="chat-online__dot" aria-hidden="true" />
              {count}
            </span>
          )}
        </span>
      }
      className="chat-panel"
    >
      {open && <ChatBody onOnline={setOnline} />}
    </SidePanel>
  );
}

function ChatBody({ onOnline }: { onOnline: (n: number | null) => void }) {
  const t = useT();
  const loggedIn = useIsLoggedIn();
  const room = publicRoom();
  const qc = useQueryClient();
  const query = useQuery(chatMessagesQuery(room, loggedIn));
  const generation = useRealtime((s) => s.generation);
  const listRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let cancelled = false;
    let leave: (() => void) | null = null;
    void generation;
    getEcho().then((echo) => {
      if (cancelled) return;
      const key = ['chat', 'messages', room];
      const ch = echo.channel(`chat.${room}`);
      ch.listen('MessageSent', (e: { message: ChatMessage }) =>
        qc.setQueriesData<ChatResponse>({ queryKey: key }, (d) => addMessage(d, e.message)),
      );
      ch.listen('MessageDeleted', (e: { id: number }) =>
        qc.setQueriesData<ChatResponse>({ queryKey: key }, (d) => removeMessage(d, e.id)),
      );
      let members = 0;
      echo
        .join(`chat.${room}`)
        .here((m: unknown[]) => {
          members = m.length;
          onOnline(members);
        })
        .joining(() => onOnline(++members))
        .leaving(() => onOnline(Math.max(0, --members)));
      leave = () => {
        ch.stopListening('MessageSent').stopListening('MessageDeleted');
        echo.leaveChannel(`presence-chat.${room}`);
        onOnline(null);
      };
    });
    return () => {
      cancelled = true;
      leave?.();
    };
  }, [generation, room, qc, onOnline]);

  const messages = query.data?.messages ?? [];
  const lastId = messages.at(-1)?.id;
  useEffect(() => {
    const el = listRef.current;
    if (el && lastId !== undefined) el.scrollTop = el.scrollHeight;
  }, [lastId]);

  return (
    <div className="chat">
      <BetFeed />
      <div className="chat__list" ref={listRef} aria-live="polite" aria-relevant="additions">
        {query.isPending && (
          <div className="chat__center">
            <Spinner />
          </div>
        )}
        {query.isError && (
          <div className="chat__center">
            <p>{t('chat.loadError')}</p>
            <Button size="sm" variant="outline" onClick={() => query.refetch()}>
              {t('chat.retry')}
            </Button>
          </div>
        )}
        {query.isSuccess && messages.length === 0 && <p className="chat__center chat__muted">{t('chat.empty')}</p>}
        <MessageList messages={messages} />
      </div>
      {loggedIn ? <Composer room={room} /> : <LoginPrompt />}
    </div>
  );
}

function MessageList({ messages }: { messages: ChatMessage[] }) {
  const t = useT();
  const tz = tenantTimeZone();
  const pinned = messages.filter((m) => m.type === 'pinned');
  const rest = messages.filter((m) => m.type !== 'pinned');
  const out: React.ReactNode[] = [];
  let day = '';
  for (const m of rest) {
    const k = dayKey(m.time, tz);
    if (k !== day) {
      day = k;
      out.push(
        <div key={`d${k}`} className="chat__day" role="separator">
          {dayLabel(m.time, { timeZone: tz, today: t('chat.today'), yesterday: t('chat.yesterday') })}
        </div>,
      );
    }
    out.push(<Message key={m.id} m={m} />);
  }
  return (
    <>
      {pinned.length > 0 && (
        <div className="chat__pinned">
          {pinned.map((m) => (
            <Message key={m.id} m={m} />
          ))}
        </div>
      )}
      {out}
    </>
  );
}

function Message({ m }: { m: ChatMessage }) {
  const t = useT();
  const tz = tenantTimeZone();
  return (
    <div className={`chat-msg chat-msg--${m.type} ${m.emoji ? 'chat-msg--emoji' : ''}`}>
      <div className="chat-msg__head">
        {m.type === 'pinned' && <span className="chat-msg__tag">{t('chat.pinned')}</span>}
        {m.mission && <span className="chat-msg__tag chat-msg__tag--mission">{t('chat.mission')}</span>}
        {m.user && <span className={`chat-msg__name ${m.colorClass}`}>{m.user.name}</span>}
        <time className="chat-msg__time" dateTime={m.time}>
          {timeOf(m.time, tz)}
        </time>
      </div>
      {/* Plain text only: React escapes it; nothing a player types is ever parsed as markup. */}
      {m.text && <p className="chat-msg__text">{m.text}</p>}
      {m.attachments.map((a) =>
        a.attachment_type === 'link' ? (
          <a key={a.attachment_url} href={a.attachment_url} target="_blank" rel="noopener noreferrer nofollow ugc">
            {a.attachment_url}
          </a>
        ) : (
          <img
            key={a.attachment_url}
            className="chat-msg__img"
            src={a.attachment_url}
            alt=""
            loading="lazy"
            referrerPolicy="no-referrer"
          />
        ),
      )}
    </div>
  );
}

function Composer({ room }: { room: string }) {
  const t = useT();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useSendMessage(room);
  const used = [...text].length;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = text.trim();
    if (!value || used > CHAT_MAX_LENGTH || send.isPending) return;
    setError(null);
    send.mutate(value, {
      onSuccess: () => setText(''),
      onError: (err) => {
        const body = err instanceof HttpError ? (err.body as { errors?: Record<string, string[]> } | null) : null;
        setError(body?.errors ? Object.values(body.errors).flat().join(' ') : err.message);
      },
    });
  };
  return (
    <form className="chat__composer" onSubmit={submit}>
      {error && (
        <p className="chat__error" role="alert">
          {error}
        </p>
      )}
      <div className="chat__row">
        <label className="chat__sr" htmlFor="chat-input">
          {t('chat.placeholder')}
        </label>
        <textarea
          id="chat-input"
          className="chat__input"
          rows={1}
          value={text}
          placeholder={t('chat.placeholder')}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) submit(e);
          }}
          aria-invalid={used > CHAT_MAX_LENGTH}
        />
        <Button type="submit" size="sm" loading={send.isPending} disabled={!text.trim() || used > CHAT_MAX_LENGTH}>
          {t('chat.send')}
        </Button>
      </div>
      <span className={`chat__counter ${used > CHAT_MAX_LENGTH ? 'chat__counter--over' : ''}`}>
        {t('chat.counter', { used, max: CHAT_MAX_LENGTH })}
      </span>
    </form>
  );
}

function LoginPrompt() {
  const t = useT();
  const locale = useLocale();
  return (
    <div className="chat__composer chat__login">
      <p>{t('chat.loginToChat')}</p>
      <Button size="sm" to={localizePath('/login', locale)} onClick={() => sidePanels.close('chatglobal')}>
        {t('chat.login')}
      </Button>
    </div>
  );
}
