import { bannersFor } from '@sorte/contracts';
import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { isLivePath } from '../../../shared/lib/live-routes';
import { localizePath } from '../../../shared/lib/locale';
import { useSession } from '../../../shared/lib/session';
import { sportsPath, useSiteConfig } from '../../../shared/lib/site-config';
import { Slot } from '../../../shared/lib/slots';
import { HeroCarousel } from '../components/hero-carousel';
import './home-page.css';

type Shortcut = { key: string; to: string; icon: ReactNode };

/** The home frame: the tenant's banners, shortcuts to the main areas, and the slot where the game rails go. */
export default function HomePage() {
  const t = useT();
  const locale = useLocale();
  const config = useSiteConfig();
  const token = useSession((st) => st.token);
  // Refused at login for self-exclusion, or logged in while excluded (to withdraw): no banner either way.
  const selfExcluded = useSession((st) => st.selfExcluded !== null || Boolean(st.user?.self_exclusion));
  // Banners for who is looking (never for a self-excluded person), in the page's language, and only those whose
  // link opens a built page.
  const banners = bannersFor(config.banners ?? [], {
    locale,
    viewer: selfExcluded ? 'self-excluded' : token ? 'player' : 'guest',
  }).filter((b) => b.link === null || isLivePath(b.link));
  const sports = sportsPath(config);

  // Only areas that are open today; the others join when their page ships (shared/lib/live-routes.ts).
  const shortcuts: Shortcut[] = [
    { key: 'casino', to: '/casino/games', icon: ICONS.casino },
    { key: 'originals', to: '/originals', icon: ICONS.originals },
    ...(sports ? [{ key: 'sports', to: sports, icon: ICONS.sports }] : []),
    { key: 'fairness', to: '/fairness', icon: ICONS.fairness },
    { key: 'promotions', to: '/promotion', icon: ICONS.promotions },
    { key: 'bonus', to: '/bonus', icon: ICONS.bonus },
    { key: 'ranking', to: '/ranking', icon: ICONS.ranking },
  ].filter((s) => isLivePath(s.to));

  return (
    <div className="home">
      <h1 className="ui-visually-hidden">{t('site.home.heading', { name: config.site.name })}</h1>
      <HeroCarousel banners={banners} />

      <nav className="home__shortcuts" aria-label={t('site.home.shortcuts')}>
        {shortcuts.map((s) => (
          <ShortcutCard key={s.key} to={localizePath(s.to, locale)} icon={s.icon}>
            <span className="home__shortcut-title">{t(`site.home.${s.key}`)}</span>
            <span className="home__shortcut-text">{t(`site.home.${s.key}Text`)}</span>
          </ShortcutCard>
        ))}
      </nav>

      {config.hasSports && (
        <div className="home__sports" data-slot="sports-live">
          <Suspense fallback={null}>
            <Slot name="home.sportsLive" />
          </Suspense>
        </div>
      )}

      <div className="home__rails" data-slot="game-rails">
        <Suspense fallback={null}>
          <Slot name="home.gameRails" />
        </Suspense>
      </div>

      <WhenVisible className="home__feed" slot="bet-feed">
        <Slot name="home.betFeed" />
      </WhenVisible>
    </div>
  );
}

function WhenVisible({ className, slot, children }: { className: string; slot: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || seen) return;
    if (!('IntersectionObserver' in window)) return setSeen(true);
    const io = new IntersectionObserver((es) => es.some((e) => e.isIntersecting) && setSeen(true), {
      rootMargin: '120px',
    });
    io.observe(el);
    return () => io.disconnect();
  }, [seen]);
  return (
    <div ref={ref} className={className} data-slot={slot}>
      {seen && <Suspense fallback={null}>{children}</Suspense>}
    </div>
  );
}

function ShortcutCard({ to, icon, children }: { to: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Link to={to} className="home__shortcut">
      <span className="home__shortcut-icon" aria-hidden="true">
        {icon}
      </span>
      <span className="home__shortcut-body">{children}</span>
    </Link>
  );
}

const svg = (d: string) => (
  <svg
    viewBox="0 0 24 24"
    width="22"
    height="22"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.9"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    <path d={d} />
  </svg>
);

const ICONS = {
  casino: svg(
    'M5 4h10a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zM17 5.5l2.6.8a2 2 0 0 1 1.3 2.5L18 19M10 9.5c1-1.3 3 .2 0 3-3-2.8-1-4.3 0-3z',
  ),
  sports: svg(
    'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7.5l4 2.9-1.5 4.6h-5L8 10.4zM12 3v4.5M16 10.4l4.6-1.6M14.5 15l2.7 4M9.5 15l-2.7 4M8 10.4L3.4 8.8',
  ),
  promotions: svg(
    'M3.5 8h17v4h-17zM5 12v8h14v-8M12 8v12M12 8c-1.5-3.5-5.5-4-5.5-1.5S10 8 12 8zM12 8c1.5-3.5 5.5-4 5.5-1.5S14 8 12 8z',
  ),
  bonus: svg('M6 3.5h12l3.5 5L12 20.5 2.5 8.5zM2.5 8.5h19M9 3.5l-1.5 5L12 20.5l4.5-12-1.5-5'),
  originals: svg(
    'M5 4h14a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1zM8.5 8.5h.01M15.5 8.5h.01M12 12h.01M8.5 15.5h.01M15.5 15.5h.01',
  ),
  fairness: svg('M12 3.5 19 6v5.5c0 4.4-3 7.9-7 9-4-1.1-7-4.6-7-9V6zM9 12l2 2 4-4'),
  ranking: svg(
    'M8 4h8v5a4 4 0 0 1-8 0zM8 6H4.5c0 3 1.5 4.5 3.7 4.8M16 6h3.5c0 3-1.5 4.5-3.7 4.8M12 13v4M8.5 20h7M9.5 17h5',
  ),
};
