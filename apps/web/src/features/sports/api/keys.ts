/** Query keys of the sportsbook's calls; realtime pushes patch these caches in place. */
export const SPORTS_KEY = ['sports'] as const;
export type EventsFilter = { sport?: string; tournament?: number; live?: boolean; q?: string; page?: number };
export const sportsKeys = {
  sports: (locale: string) => ['sports', 'list', locale] as const,
  events: (locale: string, f: EventsFilter) => ['sports', 'events', locale, f] as const,
  eventsAll: ['sports', 'events'] as const,
  event: (locale: string, id: number) => ['sports', 'event', locale, id] as const,
  eventAll: ['sports', 'event'] as const,
  bets: (status: string, page: number) => ['sports', 'bets', status, page] as const,
  betsAll: ['sports', 'bets'] as const,
};
