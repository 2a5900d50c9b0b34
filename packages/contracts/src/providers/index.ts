import { z } from 'zod';
import { checkedByHandler, ErrorReply, Int } from '../http';
import { Centavos } from '../money';

/**
 * POST /api/providers/:code/:op: a game provider's seamless-wallet callback. The body is kept as the raw bytes the
 * provider signed, so the handler verifies the signature before parsing; replies are in the provider's protocol
 * (its adapter's shape, errors included). The shapes below are the generic protocol's, the one adapter shipped.
 */
const ProviderOk = z.looseObject({
  status: z.literal('OK'),
  balance: Centavos,
  currency: z.literal('BRL'),
  player_id: z.string().optional(),
  transaction_id: z.string().optional().describe('Our ledger transaction (the first one on a repeat).'),
});
const ProviderError = z.looseObject({
  status: z.literal('ERROR'),
  error_code: z.string(),
  currency: z.literal('BRL').optional(),
  balance: Int.optional(),
});

export const providerCallbackCall = {
  // An unknown provider or operation is answered in the provider's protocol ({status: ERROR, error_code}), which
  // the app's validation reply is not.
  params: checkedByHandler(
    z.object({
      code: z.string().describe('The provider code of the tenant catalog.'),
      op: z.enum(['authenticate', 'balance', 'bet', 'win', 'rollback']),
    }),
  ),
  // The HMAC covers the exact bytes sent: the handler verifies them before the adapter parses anything.
  body: checkedByHandler(z.string().describe('The JSON the provider signed, verified as raw bytes.')),
  response: {
    200: z.union([ProviderOk, ProviderError]),
    '4XX': z
      .union([ProviderError, ErrorReply])
      .describe('The protocol error, or the app error body for input refused before the adapter.'),
    '5XX': ErrorReply,
  },
};
