import type { VipStatusReply } from '@sorte/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/lib/http';
import { useLocale } from '../../../shared/lib/i18n';
import { vipKeys } from './keys';

export type { VipStatusReply };

/** GET /profile/vip: the player's level, points and progress; read fresh whenever the card is shown. */
export const vipStatusQuery = (locale: string) =>
  queryOptions({
    queryKey: vipKeys.status(locale),
    queryFn: ({ signal }) => http.get<VipStatusReply>('/profile/vip', { signal }),
    staleTime: 0,
    refetchInterval: 30_000,
  });

export const useVipStatus = () => useQuery(vipStatusQuery(useLocale()));
