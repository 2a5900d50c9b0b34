import type { RgSessionStatus } from '@sorte/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/lib/http';
import { rgKeys } from './keys';

/** GET /responsible-gaming/session: this login's figures, the next reminder and the binding time limit. */
export const sessionQuery = queryOptions({
  queryKey: rgKeys.session,
  queryFn: ({ signal }) => http.get<RgSessionStatus>('/responsible-gaming/session', { signal }),
  // The reminder is scheduled from next_at; reading it again each minute keeps a changed interval in step.
  refetchInterval: 60_000,
  staleTime: 10_000,
});

export const useRgSession = (enabled: boolean) => useQuery({ ...sessionQuery, enabled });
