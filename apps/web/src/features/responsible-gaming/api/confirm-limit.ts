import type { ConfirmLimitBody, RgLimitsReply } from '@sorte/contracts';
import { http } from '../../../shared/lib/http';

/** POST /responsible-gaming/limits/confirm {kind, period}: applies a pending increase or removal once it is due. */
export const confirmLimit = (body: ConfirmLimitBody) =>
  http.post<RgLimitsReply>('/responsible-gaming/limits/confirm', body);
