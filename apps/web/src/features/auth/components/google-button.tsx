import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useLocale } from '../../../shared/lib/i18n';
import { useSiteConfig } from '../../../shared/lib/site-config';
import { loadScript } from '../lib/load-script';

type GoogleId = {
  initialize(o: { client_id: string; callback: (r: { credential?: string }) => void; ux_mode?: string }): void;
  renderButton(el: HTMLElement, o: Record<string, unknown>): void;
};
declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleId } };
  }
}

const GSI = 'https://accounts.google.com/gsi/client';

/**
 * Google's own sign-in button (Google Identity Services), shown when the tenant allows Google login. If the script
 * cannot load (offline, blocked), nothing is drawn: the e-mail and phone login stay the way in.
 */
export function GoogleButton({
  onCredential,
  divider,
}: {
  onCredential: (idToken: string) => void;
  divider?: ReactNode;
}) {
  const config = useSiteConfig();
  const locale = useLocale();
  const ref = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const cb = useRef(onCredential);
  cb.current = onCredential;
  const clientId = config.casAllowGoogleAuth ? config.googleClientId : null;

  useEffect(() => {
    if (!clientId) return;
    let alive = true;
    loadScript(GSI)
      .then(() => {
        const id = window.google?.accounts?.id;
        if (!alive || !id || !ref.current) throw new Error('google identity missing');
        id.initialize({ client_id: clientId, callback: (r) => r.credential && cb.current(r.credential) });
        id.renderButton(ref.current, {
          type: 'standard',
          theme: 'filled_black',
          size: 'large',
          shape: 'pill',
          text: 'continue_with',
          locale: locale === 'en' ? 'en' : 'pt-BR',
          width: Math.min(ref.current.clientWidth || 320, 400),
        });
        setState('ready');
      })
      .catch(() => alive && setState('failed'));
    return () => {
      alive = false;
    };
  }, [clientId, locale]);

  if (!clientId || state === 'failed') return null;
  return (
    <>
      {divider}
      <div ref={ref} className="auth-google" data-state={state} />
    </>
  );
}
