import type { FastifyInstance } from 'fastify';
import { turnstileVerifier } from '../../platform/captcha';
import { createMessaging } from '../../platform/messaging';
import { createRateLimiter } from '../../platform/rate-limit';
import { devOutboxApi } from './dev-outbox';
import { googleKeySet } from './google';
import { passwordHasher } from './passwords';
import { authRoutes } from './routes';
import { type AuthDeps, KEEP_REFERRALS, type LoginGate, OPEN_GATE, type ReferralHook } from './service';

/**
 * Accounts under /api: auth, CPF validation and (outside production) the dev outbox. Builds the providers these calls
 * share (rate limiter, messaging, captcha, Google keys) and closes them with the app. The profile's calls are the
 * profile module's (app.ts mounts them beside these).
 */
export async function accountRoutes(app: FastifyInstance, opts: { gate?: LoginGate; referrals?: ReferralHook } = {}) {
  const { config, db } = app;
  const limiter = createRateLimiter(config);
  const { messaging, close: closeMessaging } = createMessaging(db, config, (err) =>
    app.log.error({ err }, 'a message sent after the reply failed'),
  );
  app.addHook('onClose', async () => {
    await closeMessaging();
    await limiter.close();
  });
  if (config.env === 'production' && !config.smtpUrl)
    app.log.warn('SMTP_URL is not set: e-mail codes go to the outbox table only');

  const deps: AuthDeps = {
    db,
    limiter,
    messaging,
    captcha: turnstileVerifier(config.turnstileVerifyUrl),
    hasher: passwordHasher(config.passwordHash),
    googleKeys: googleKeySet(config.googleJwksUrl),
    gate: opts.gate ?? OPEN_GATE,
    referrals: opts.referrals ?? KEEP_REFERRALS,
  };
  app.decorateRequest('user', null);
  await app.register(authRoutes, { deps });
  if (config.devTools) await app.register(devOutboxApi);
}
