import { Link } from 'react-router';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { localizePath } from '../../../shared/lib/locale';
import { useIsLoggedIn } from '../../../shared/lib/session';
import { Skeleton } from '../../../shared/ui/skeleton';
import { useHomeGames } from '../api/get-catalog';
import type { Rail } from '../api/types';
import '../locales';
import { useLikesSync } from '../use-likes';
import { GameCard } from './game-card';
import { useFavoriteToggle, useLoginRedirect } from './game-grid';
import '../casino.css';

/** Where a rail's "see all" goes: the lobby sorted or filtered the way the rail is. */
function railPath(slug: string): string {
  if (slug === 'featured') return '/casino/games';
  if (slug === 'popular' || slug === 'new') return `/casino/games?sort=${slug}`;
  return `/casino/category/${slug}`;
}

/**
 * The home page's game rails (GET /featured/home-games): featured, most played, newest, then one per category,
 * each a row that scrolls sideways, with a card for Sorte Originals after the first rail. Loaded lazily by the
 * home page so the casino code stays out of the home route's first chunk. A failure shows nothing: the home page
 * still works without its rails.
 */
export default function HomeRails() {
  const t = useT();
  const locale = useLocale();
  const loggedIn = useIsLoggedIn();
  useLikesSync();
  const rails = useHomeGames(locale, loggedIn);
  const fav = useFavoriteToggle();
  const login = useLoginRedirect();

  if (rails.isPending) return <RailsSkeleton />;
  if (rails.isError || !rails.data?.length) return null;

  const row = (r: Rail) => (
    <section key={r.slug} className="casino-rail" aria-labelledby={`rail-${r.slug}`} data-rail={r.slug}>
      <header className="casino-rail__head">
        <h2 id={`rail-${r.slug}`}>{r.name}</h2>
        <Link to={localizePath(railPath(r.slug), locale)} className="casino-rail__all">
          {t('casino.rails.all')}
        </Link>
      </header>
      <div className="casino-rail__row">
        {r.games.map((g) => (
          <div key={g.id} className="casino-rail__item">
            <GameCard
              game={g}
              loggedIn={loggedIn}
              favorite={fav.isFavorite(g)}
              onFavorite={fav.toggle}
              onNeedLogin={login}
            />
          </div>
        ))}
      </div>
    </section>
  );

  const [first, ...rest] = rails.data;
  return (
    <div className="casino-rails">
      {first && row(first)}
      <Link to={localizePath('/originals', locale)} className="casino-originals" data-testid="home-originals">
        <span className="casino-originals__mark" aria-hidden="true">
          S
        </span>
        <span className="casino-originals__body">
          <strong>{t('casino.rails.originals')}</strong>
          <span>{t('casino.rails.originalsText')}</span>
        </span>
        <span className="casino-originals__go" aria-hidden="true">
          ›
        </span>
      </Link>
      {rest.map(row)}
    </div>
  );
}

function RailsSkeleton() {
  return (
    <div className="casino-rails" aria-busy="true">
      {[0, 1].map((r) => (
        <div key={r} className="casino-rail">
          <Skeleton width={160} height={20} />
          <div className="casino-rail__row">
            {Array.from({ length: 6 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <div key={i} className="casino-rail__item">
                <Skeleton className="casino-grid__skeleton" radius={12} />
              </div>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
