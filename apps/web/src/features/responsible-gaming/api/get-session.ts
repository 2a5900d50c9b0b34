import type { RgSessionStatus } from '@sorte/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/lib/http';
import { rgKeys } from './keys';

/** GET /responsible-gaming/session: this login's figures, the next reminder and the binding time limit. */
export const sessionQuery = queryOptions({
  queryKey: rgKeys.session,
  queryFn: ({ signal }) => http.get<RgSessionStatus>('/responsible-gaming/session', { signal }),
  // Read again each minute only while something is scheduled from it (a reminder, a time limit); otherwise a change
  // made here invalidates it and one made elsewhere is read when the window regains focus.
  refetchInterval: (q) => (q.state.data?.reality_check.next_at || q.state.data?.time_limit ? 60_000 : false),
  staleTime: 10_000,
});

export const useRgSession = (enabled: boolean) => useQuery({ ...sessionQuery, enabled });
