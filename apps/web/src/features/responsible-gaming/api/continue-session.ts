import type { RgSessionStatus } from '@sorte/contracts';
import { http } from '../../../shared/lib/http';

/** POST /responsible-gaming/reality-check/continue: the player read the reminder; the next one is an interval on. */
export const continueSession = () => http.post<RgSessionStatus>('/responsible-gaming/reality-check/continue');
