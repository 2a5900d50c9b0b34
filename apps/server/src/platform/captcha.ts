/**
 * Server-side captcha check. The tenant's site key is public (site config); the secret lives in the tenant's
 * `secrets` column. Implementations speak one provider's protocol; the default is Cloudflare Turnstile.
 */
export type CaptchaVerifier = {
  readonly id: string;
  verify(o: { secret: string; token: string; remoteIp?: string }): Promise<boolean>;
};

/**
 * Cloudflare Turnstile siteverify (https://developers.cloudflare.com/turnstile/get-started/server-side-validation/):
 * a form POST of secret, response and remoteip; the answer's `success` decides. Any transport failure counts as a
 * failed check, so an outage of the captcha service cannot be used to skip it.
 */
export function turnstileVerifier(url: string, timeoutMs = 5000): CaptchaVerifier {
  return {
    id: 'turnstile',
    async verify({ secret, token, remoteIp }) {
      if (!token || token.length > 2048) return false;
      const form = new URLSearchParams({ secret, response: token });
      if (remoteIp) form.set('remoteip', remoteIp);
      try {
        const res = await fetch(url, { method: 'POST', body: form, signal: AbortSignal.timeout(timeoutMs) });
        if (!res.ok) return false;
        const body = (await res.json()) as { success?: unknown };
        return body.success === true;
      } catch {
        return false;
      }
    },
  };
}
