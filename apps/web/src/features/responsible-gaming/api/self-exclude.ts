import type { rgSelfExcludeCall, SELF_EXCLUSION_PERIODS } from '@sorte/contracts';
import type { z } from 'zod';
import { http } from '../../../shared/lib/http';

export type SelfExclusionPeriod = (typeof SELF_EXCLUSION_PERIODS)[number];
export type SelfExcludeReply = z.infer<(typeof rgSelfExcludeCall.response)[200]>;

/** POST /responsible-gaming/self-exclusion {period}: this operator's exclusion; every session ends. */
export const selfExclude = (period: SelfExclusionPeriod) =>
  http.post<SelfExcludeReply>('/responsible-gaming/self-exclusion', { period });
