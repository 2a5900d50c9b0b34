import { useColorMode } from '../../shared/lib/color-mode';
import { useSiteConfig } from '../../shared/lib/site-config';
import { SmartLink } from '../smart-link';

/** The tenant logo at the height the spec gives per place (header 40, footer 30; overridable per tenant). */
export function Logo({ place, label }: { place: 'header' | 'footer'; label: string }) {
  const config = useSiteConfig();
  const mode = useColorMode((s) => s.mode);
  const height = config.logo_sizes?.[place] ?? (place === 'header' ? 40 : 30);
  const src = mode === 'light' && config.logo_light ? config.logo_light : config.logo;
  // The square app icon stands in for the wordmark where the header is crowded (a logged-in player on a phone:
  // balance, deposit, chat and bell); layout.css decides when.
  const icon = place === 'header' ? (config.images.app_icon ?? config.images.favicon) : undefined;
  return (
    <SmartLink to="/" className={`logo logo--${place}`} aria-label={label}>
      <img
        className="logo__full"
        src={src}
        alt={config.site.name}
        style={{ height }}
        height={height}
        decoding="async"
      />
      {icon && (
        <img className="logo__icon" src={icon} alt="" aria-hidden="true" height={32} width={32} decoding="async" />
      )}
    </SmartLink>
  );
}
