import type { getRealityCheckCall } from '@sorte/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../../shared/lib/http';
import { rgKeys } from './keys';

export type RealityCheckSettings = z.infer<(typeof getRealityCheckCall.response)[200]>;
export type RealityCheckInterval = RealityCheckSettings['interval'];

/** GET /responsible-gaming/reality-check: the reminder interval in minutes, or null. */
export const realityCheckQuery = queryOptions({
  queryKey: rgKeys.realityCheck,
  queryFn: ({ signal }) => http.get<RealityCheckSettings>('/responsible-gaming/reality-check', { signal }),
});

export const useRealityCheck = () => useQuery(realityCheckQuery);
