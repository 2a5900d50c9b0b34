import type { SetLimitBody, setLimitCall } from '@sorte/contracts';
import type { z } from 'zod';
import { http } from '../../../shared/lib/http';

export type SetLimitReply = z.infer<(typeof setLimitCall.response)[200]>;

/** POST /responsible-gaming/limits {kind, period, amount}: a decrease applies now, an increase or removal waits. */
export const setLimit = (body: SetLimitBody) => http.post<SetLimitReply>('/responsible-gaming/limits', body);
