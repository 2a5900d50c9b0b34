import type { endSessionCall } from '@sorte/contracts';
import type { z } from 'zod';
import { http } from '../../../shared/lib/http';

export type EndSessionReply = z.infer<(typeof endSessionCall.response)[200]>;

/** POST /responsible-gaming/session/end ("encerrar sessão"): logs out and returns the session's figures. */
export const endSession = () => http.post<EndSessionReply>('/responsible-gaming/session/end');
