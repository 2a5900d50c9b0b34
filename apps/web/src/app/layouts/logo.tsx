import { useColorMode } from '../../shared/lib/color-mode';
import { useSiteConfig } from '../../shared/lib/site-config';
import { SmartLink } from '../smart-link';

/** The tenant logo at the height the spec gives per place (header 40, footer 30; overridable per tenant). */
export function Logo({ place, label }: { place: 'header' | 'footer'; label: string }) {
  const config = useSiteConfig();
  const mode = useColorMode((s) => s.mode);
  const height = config.logo_sizes?.[place] ?? (place === 'header' ? 40 : 30);
  const src = mode === 'light' && config.logo_light ? config.logo_light : config.logo;
  return (
    <SmartLink to="/" className={`logo logo--${place}`} aria-label={label}>
      <img src={src} alt={config.site.name} style={{ height }} height={height} decoding="async" />
    </SmartLink>
  );
}
