import type { closeAccountCall } from '@sorte/contracts';
import type { z } from 'zod';
import { http } from '../../../shared/lib/http';

export type CloseAccountReply = z.infer<(typeof closeAccountCall.response)[200]>;

/** POST /responsible-gaming/close-account {confirm: true, reason?}: closes the account; the balance stays withdrawable. */
export const closeAccount = (reason: string) =>
  http.post<CloseAccountReply>('/responsible-gaming/close-account', {
    confirm: true,
    ...(reason.trim() ? { reason: reason.trim() } : {}),
  });
