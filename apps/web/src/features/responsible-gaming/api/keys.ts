/** Query keys of the responsible-gaming calls; every change invalidates the whole `rg` family. */
export const RG_KEY = ['rg'] as const;
export const rgKeys = {
  info: (locale: string) => ['rg', 'info', locale] as const,
  status: ['rg', 'status'] as const,
  limits: ['rg', 'limits'] as const,
  realityCheck: ['rg', 'reality-check'] as const,
  session: ['rg', 'session'] as const,
};
