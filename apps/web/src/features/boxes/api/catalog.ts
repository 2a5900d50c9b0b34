import type { BoxesAllReply, BoxPrizesReply } from '@sorte/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/lib/http';
import { useLocale } from '../../../shared/lib/i18n';
import { boxesKeys } from './keys';

/** GET /boxes/all: the tenant's boxes on sale (titles in the page language, so the locale is part of the key). */
export const boxesQuery = (locale: string) =>
  queryOptions({
    queryKey: boxesKeys.all(locale),
    queryFn: ({ signal }) => http.get<BoxesAllReply>('/boxes/all', { signal }),
    staleTime: 60_000,
    retry: (count, err) => (err as { status?: number }).status !== 404 && count < 2,
  });

export const useBoxes = () => useQuery(boxesQuery(useLocale()));

/** GET /boxes/get/{id}/prizes: one box (by name) and its whole prize table. */
export const boxPrizesQuery = (ref: string, locale: string) =>
  queryOptions({
    queryKey: boxesKeys.prizes(ref, locale),
    queryFn: ({ signal }) => http.get<BoxPrizesReply>(`/boxes/get/${encodeURIComponent(ref)}/prizes`, { signal }),
    staleTime: 60_000,
    retry: (count, err) => (err as { status?: number }).status !== 404 && count < 2,
  });

export const useBoxPrizes = (ref: string) => useQuery(boxPrizesQuery(ref, useLocale()));
