import type { BetFeedEvent } from '@sorte/contracts';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../shared/lib/http';

/** The live feed's newest real events (settled rounds), so the feed is not empty when a page opens. */
export const recentFeedQuery = () =>
  queryOptions({
    queryKey: ['feed', 'recent'],
    queryFn: ({ signal }) => http.get<{ data: BetFeedEvent[] }>('/feed/recent', { signal }),
    // The live channel brings everything after this: a page asks once, and again only after a minute away.
    staleTime: 60_000,
  });
