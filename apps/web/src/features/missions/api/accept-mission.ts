import type { MissionActionReply } from '@sorte/contracts';
import { http } from '../../../shared/lib/http';

/** POST /missions/{id}/accept: an opt-in mission starts counting. */
export const acceptMission = (id: number) => http.post<MissionActionReply>(`/missions/${id}/accept`);
