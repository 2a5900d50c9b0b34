import { useState } from 'react';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { localizePath } from '../../../shared/lib/locale';
import './offline-page.css';

/** /Offiline: where the service worker sends a player without connection. Retry checks the network first. */
export default function OfflinePage() {
  const t = useT();
  const locale = useLocale();
  const [state, setState] = useState<'idle' | 'checking' | 'offline'>('idle');

  const retry = async () => {
    setState('checking');
    try {
      const res = await fetch(`/healthz?ts=${Date.now()}`, { cache: 'no-store' });
      if (!res.ok) throw new Error(String(res.status));
      const back = new URLSearchParams(window.location.search).get('redirect');
      window.location.assign(back?.startsWith('/') && !back.startsWith('//') ? back : localizePath('/', locale));
    } catch {
      setState('offline');
    }
  };

  return (
    <section className="offline" aria-labelledby="offline-title">
      <div className="offline__icon" aria-hidden="true">
        <svg
          viewBox="0 0 24 24"
          width="40"
          height="40"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
        >
          <path d="M3 3l18 18M8.5 16.5a5 5 0 0 1 7 0M5 12.9a10 10 0 0 1 4.2-2.4M14.8 10.5A10 10 0 0 1 19 12.9M2 9.3a15 15 0 0 1 4.3-2.7M10.7 5.1A15 15 0 0 1 22 9.3" />
          <circle cx="12" cy="20" r="0.9" fill="currentColor" />
        </svg>
      </div>
      <h1 id="offline-title">{t('app.offline.title')}</h1>
      <p>{t('app.offline.text')}</p>
      <button type="button" className="offline__retry" onClick={retry} disabled={state === 'checking'}>
        {state === 'checking' ? t('app.offline.checking') : t('app.offline.retry')}
      </button>
      <p className="offline__status" role="status">
        {state === 'offline' ? t('app.offline.stillOffline') : ''}
      </p>
    </section>
  );
}
