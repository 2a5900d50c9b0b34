import type { RgLimitsReply } from '@sorte/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/lib/http';
import { rgKeys } from './keys';

/** GET /responsible-gaming/limits: each limit with what is used of it, pending changes, required kinds, suggestions. */
export const limitsQuery = queryOptions({
  queryKey: rgKeys.limits,
  queryFn: ({ signal }) => http.get<RgLimitsReply>('/responsible-gaming/limits', { signal }),
  // What is used moves with every bet; a page left open shows it within a minute.
  refetchInterval: 60_000,
});

export const useLimits = (enabled = true) => useQuery({ ...limitsQuery, enabled });
