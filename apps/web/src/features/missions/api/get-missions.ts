import type { Mission, MissionsReply } from '@sorte/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/lib/http';
import { useLocale } from '../../../shared/lib/i18n';
import { useIsLoggedIn } from '../../../shared/lib/session';
import { missionsKeys } from './keys';

export type { Mission, MissionsReply };

/** GET /missions: the player's missions with progress (a guest: the guest missions, no progress). */
export const missionsQuery = (locale: string, player: boolean) =>
  queryOptions({
    queryKey: missionsKeys.list(locale, player),
    queryFn: ({ signal }) => http.get<MissionsReply>('/missions', { signal }),
    staleTime: 30_000,
  });

export function useMissions() {
  const locale = useLocale();
  const player = useIsLoggedIn();
  return useQuery(missionsQuery(locale, player));
}
