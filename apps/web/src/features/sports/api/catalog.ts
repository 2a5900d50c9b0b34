import type { SportEventReply, SportEventsReply, SportsReply } from '@sorte/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/lib/http';
import { useLocale } from '../../../shared/lib/i18n';
import { type EventsFilter, sportsKeys } from './keys';

/** GET /sports: the sports with their competitions and counts. */
export const sportsQuery = (locale: string) =>
  queryOptions({
    queryKey: sportsKeys.sports(locale),
    queryFn: ({ signal }) => http.get<SportsReply>('/sports', { signal }),
    staleTime: 60_000,
  });

export function useSportsList() {
  return useQuery(sportsQuery(useLocale()));
}

/** GET /sports/events: one page of events (live first when asked), with their 1X2 market. */
export const eventsQuery = (locale: string, f: EventsFilter) =>
  queryOptions({
    queryKey: sportsKeys.events(locale, f),
    queryFn: ({ signal }) =>
      http.get<SportEventsReply>('/sports/events', {
        signal,
        query: {
          sport: f.sport,
          tournament: f.tournament,
          live: f.live === undefined ? undefined : f.live ? 1 : 0,
          q: f.q || undefined,
          page: f.page ?? 1,
        },
      }),
    staleTime: 10_000,
    // Pushes keep the rows current; this light refetch covers events that start, end or join the list meanwhile.
    refetchInterval: 30_000,
    placeholderData: keepPreviousData,
  });

export function useEvents(f: EventsFilter, enabled = true) {
  return useQuery({ ...eventsQuery(useLocale(), f), enabled });
}

/** GET /sports/events/{id}: every market with its outcomes and version. */
export const eventQuery = (locale: string, id: number) =>
  queryOptions({
    queryKey: sportsKeys.event(locale, id),
    queryFn: ({ signal }) => http.get<SportEventReply>(`/sports/events/${id}`, { signal }),
    staleTime: 5_000,
  });

export function useEvent(id: number) {
  return useQuery({ ...eventQuery(useLocale(), id), enabled: Number.isSafeInteger(id) && id > 0 });
}
