import type { PublicSiteConfig } from '@sorte/contracts';
import { create } from 'zustand';

export type { PublicSiteConfig };

/** The tenant's public config: set at start from the page (or the first fetch) and replaced by later refetches. */
export const useSiteConfigStore = create<{ config: PublicSiteConfig | null }>(() => ({ config: null }));

export const getSiteConfig = (): PublicSiteConfig | null => useSiteConfigStore.getState().config;

export function setSiteConfig(config: PublicSiteConfig): void {
  useSiteConfigStore.setState({ config });
}

/** The config inside the running app, where it is always loaded (the preloader waits for it). */
export function useSiteConfig(): PublicSiteConfig {
  const config = useSiteConfigStore((s) => s.config);
  if (!config) throw new Error('site config used before it was loaded');
  return config;
}

/** Sports entry point: the Betby sportsbook when active, else the native sports page when the site has sports. */
export function sportsPath(config: Pick<PublicSiteConfig, 'betby' | 'hasSports'> | null): string | null {
  if (config?.betby.active) return '/sportsbook';
  if (config?.hasSports) return '/sports';
  return null;
}
