import type { MissionActionReply } from '@sorte/contracts';
import { http } from '../../../shared/lib/http';

/** POST /missions/{id}/claim: pays a completed mission's reward once. */
export const claimMission = (id: number) => http.post<MissionActionReply>(`/missions/${id}/claim`);
