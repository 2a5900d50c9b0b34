import { z } from 'zod';
import { anyJson, checkedByHandler } from '../http';

/**
 * POST /api/providers/:code/:op: a game provider's seamless-wallet callback. The body is kept as the raw bytes the
 * provider signed, so the handler verifies the signature before parsing; replies are in the provider's protocol
 * (its adapter's shape, errors included), never the app's error body.
 */
export const providerCallbackCall = {
  params: checkedByHandler(
    z.object({
      code: z.string().describe('The provider code of the tenant catalog.'),
      op: z.enum(['authenticate', 'balance', 'bet', 'win', 'rollback']),
    }),
  ),
  body: checkedByHandler(z.string().describe('The JSON the provider signed, verified as raw bytes.')),
  response: { 200: anyJson, '4XX': anyJson, '5XX': anyJson },
};
