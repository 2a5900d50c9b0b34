import type { RgPause } from '@sorte/contracts';
import { http } from '../../../shared/lib/http';

export type PausePeriod = RgPause['period'];

/** POST /responsible-gaming/pause {period}: a cool-off that cannot be undone (login and withdrawals stay open). */
export const startPause = (period: PausePeriod) =>
  http.post<{ pause: RgPause }>('/responsible-gaming/pause', { period });
