import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiBaseUrl } from '../shared/lib/http';
import { getLocale } from '../shared/lib/i18n';
import { setSiteConfig } from '../shared/lib/site-config';
import { fetchBoot } from './boot';
import { useShellState } from './boot-store';
import { applyTheme } from './theme';

const FIVE_MINUTES = 5 * 60 * 1000;

/**
 * Refetches /site-config after start (spec section 4) and when the player comes back to the tab, so operator
 * changes and maintenance windows reach open pages. Renders nothing.
 */
export function SiteConfigSync() {
  const { data } = useQuery({
    queryKey: ['site-config'],
    queryFn: ({ signal }) =>
      fetchBoot({ base: apiBaseUrl(), hostname: window.location.hostname, locale: getLocale(), signal }),
    staleTime: FIVE_MINUTES,
    refetchInterval: FIVE_MINUTES,
    refetchOnWindowFocus: true,
    retry: 1,
  });

  useEffect(() => {
    if (!data) return;
    if (data.state === 'ready') {
      setSiteConfig(data.config);
      applyTheme(data.config.colors);
    } else if (data.state === 'maintenance' || data.state === 'not_found') useShellState.setState({ shell: data });
    // Any other failure keeps the config we already have: a refetch blip must not take the site down.
  }, [data]);

  return null;
}
