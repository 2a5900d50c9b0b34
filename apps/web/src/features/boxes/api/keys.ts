/** Query keys of the boxes calls; a buy, an open or a sale invalidates the player's part (`boxesKeys.mine`). */
export const boxesKeys = {
  all: (locale: string) => ['boxes', 'all', locale] as const,
  prizes: (ref: string, locale: string) => ['boxes', 'prizes', ref, locale] as const,
  mine: ['boxes', 'mine'] as const,
  unopened: (locale: string) => ['boxes', 'mine', 'unopened', locale] as const,
  history: (status: string, locale: string) => ['boxes', 'mine', 'history', status, locale] as const,
  items: (status: string, page: number, locale: string) => ['boxes', 'mine', 'items', status, page, locale] as const,
};
