import type { RgInfoReply } from '@sorte/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/lib/http';
import { useLocale } from '../../../shared/lib/i18n';
import { rgKeys } from './keys';

/** GET /responsible-gaming/info (no login): the tenant's mode, risk warning, help contacts and form choices. */
export const infoQuery = (locale: string) =>
  queryOptions({
    queryKey: rgKeys.info(locale),
    // The risk warning comes in the request's language, which the client sets from the page's.
    queryFn: ({ signal }) => http.get<RgInfoReply>('/responsible-gaming/info', { signal }),
    staleTime: 10 * 60_000,
  });

export const useRgInfo = () => useQuery(infoQuery(useLocale()));
