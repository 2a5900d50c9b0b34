import { useEffect, useRef, useState } from 'react';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { loadScript } from '../lib/load-script';

type Turnstile = {
  render(el: HTMLElement, o: Record<string, unknown>): string;
  remove(id: string): void;
};
declare global {
  interface Window {
    turnstile?: Turnstile;
  }
}

const SRC = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

/** Cloudflare Turnstile, when the tenant has a site key; the token goes with the registration and is checked there. */
export function Captcha({ siteKey, onToken }: { siteKey: string; onToken: (token: string) => void }) {
  const t = useT();
  const locale = useLocale();
  const ref = useRef<HTMLDivElement>(null);
  const cb = useRef(onToken);
  cb.current = onToken;
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the load after a failure
  useEffect(() => {
    let widget: string | null = null;
    let alive = true;
    setFailed(false);
    loadScript(SRC)
      .then(() => {
        if (!alive || !window.turnstile || !ref.current) throw new Error('turnstile missing');
        widget = window.turnstile.render(ref.current, {
          sitekey: siteKey,
          language: locale === 'en' ? 'en' : 'pt-br',
          theme: 'auto',
          callback: (token: string) => cb.current(token),
          'expired-callback': () => cb.current(''),
          'error-callback': () => cb.current(''),
        });
      })
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
      if (widget && window.turnstile) window.turnstile.remove(widget);
    };
  }, [siteKey, locale, attempt]);

  return (
    <div className="auth-captcha" role="group" aria-label={t('auth.captcha.label')}>
      {failed ? (
        <p className="auth-note auth-note--error">
          {t('auth.captcha.unavailable')}{' '}
          <button type="button" className="auth-link" onClick={() => setAttempt((a) => a + 1)}>
            {t('auth.captcha.retry')}
          </button>
        </p>
      ) : (
        <div ref={ref} />
      )}
    </div>
  );
}
