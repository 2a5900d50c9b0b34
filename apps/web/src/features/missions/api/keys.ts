/** Query keys of the missions calls; an accept, a claim or a realtime mission event invalidates the family. */
export const MISSIONS_KEY = ['missions'] as const;
export const missionsKeys = {
  list: (locale: string, player: boolean) => ['missions', 'list', locale, player] as const,
};
