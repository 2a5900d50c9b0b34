import type { GameProviderAdapter } from './adapter';

/**
 * Sorte Originals (modules/originals) as a provider of the catalog. Its games run in this same site, so a launch
 * answers the game's own page ('/originals/dice', with '/en' for English, and '?demo=1' for free play) instead of a
 * provider's frame, and no session token is issued. Bets settle in-process through the wallet service (the
 * originals module), never through the signed seamless-wallet callbacks: every inbound callback for this provider is
 * refused (verify is always false, so it is logged as a security event like any other forged call).
 */
export function originalsAdapter(): GameProviderAdapter {
  return {
    protocol: 'originals',
    inSite: true,
    async launch(req) {
      const path = `${req.language === 'en' ? '/en' : ''}/originals/${encodeURIComponent(req.providerGameId)}`;
      return { url: req.demo ? `${path}?demo=1` : path };
    },
    verify: () => false,
    parse: () => null,
    reply: () => ({ statusCode: 404, body: { status: 'ERROR', error_code: 'NOT_FOUND' } }),
  };
}
