import { http } from '../../../shared/lib/http';
import type { RealityCheckInterval, RealityCheckSettings } from './get-reality-check';

/** POST /responsible-gaming/reality-check {interval}: 15, 30 or 60 minutes, or null for no reminder. */
export const setRealityCheck = (interval: RealityCheckInterval) =>
  http.post<RealityCheckSettings>('/responsible-gaming/reality-check', { interval });
