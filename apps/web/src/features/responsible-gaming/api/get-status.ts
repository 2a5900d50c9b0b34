import type { RgStatusReply } from '@sorte/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/lib/http';
import { rgKeys } from './keys';

/** GET /responsible-gaming/status: a pause, exclusion, closure or national-list notice on the account, if any. */
export const statusQuery = queryOptions({
  queryKey: rgKeys.status,
  queryFn: ({ signal }) => http.get<RgStatusReply>('/responsible-gaming/status', { signal }),
});

export const useRgStatus = () => useQuery(statusQuery);
