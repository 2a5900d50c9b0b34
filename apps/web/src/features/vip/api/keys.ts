/** Query keys of the VIP calls; a level-up notification or a bet makes them stale. */
export const vipKeys = {
  status: (locale: string) => ['vip', 'status', locale] as const,
  ranking: (locale: string, loggedIn: boolean) => ['vip', 'ranking', locale, loggedIn] as const,
};
