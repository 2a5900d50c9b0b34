import type { RouteDef } from '@sorte/contracts';
import { Link } from 'react-router';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { localizePath } from '../../../shared/lib/locale';
import { useIsLoggedIn } from '../../../shared/lib/session';
import { buttonClassName } from '../../../shared/ui';
import { useFavorites } from '../api/favorites';
import { useProviders } from '../api/get-catalog';
import { useRecent } from '../api/history';
import { CasinoNav } from '../components/casino-nav';
import { GameGrid } from '../components/game-grid';
import '../locales';
import { useLikesSync } from '../use-likes';
import '../casino.css';

/** /casino/providers, /casino/recent and /casino/favorites. */
export default function ListsPage({ route }: { route: RouteDef }) {
  useLikesSync();
  return (
    <div className="casino">
      <CasinoNav />
      {route.name === 'casino-providers' ? (
        <Providers />
      ) : (
        <PlayerList kind={route.name === 'casino-recent' ? 'recent' : 'favorites'} />
      )}
    </div>
  );
}

function Providers() {
  const t = useT();
  const locale = useLocale();
  const providers = useProviders();
  return (
    <>
      <h1 className="casino__title">{t('casino.providers.title')}</h1>
      {providers.data?.length === 0 && <p className="casino-empty">{t('casino.providers.empty')}</p>}
      <ul className="casino-providers">
        {providers.data?.map((p) => (
          <li key={p.code}>
            <Link
              to={`${localizePath('/casino/games', locale)}?provider=${encodeURIComponent(p.code)}`}
              className="casino-provider"
            >
              <span className="casino-provider__mark" aria-hidden="true">
                {p.name.slice(0, 1)}
              </span>
              <span className="casino-provider__name">{p.name}</span>
              <span className="casino-provider__count">{t('casino.providers.games', { count: p.games_count })}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

function PlayerList({ kind }: { kind: 'recent' | 'favorites' }) {
  const t = useT();
  const locale = useLocale();
  const loggedIn = useIsLoggedIn();
  const recent = useRecent(loggedIn && kind === 'recent');
  const favorites = useFavorites(loggedIn && kind === 'favorites');
  const q = kind === 'recent' ? recent : favorites;
  const list = q.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <>
      <h1 className="casino__title">{t(`casino.${kind}.title`)}</h1>
      {!loggedIn ? (
        <div className="casino-empty">
          <p>{t(`casino.${kind}.login`)}</p>
          <Link
            to={`${localizePath('/login', locale)}?redirect=${encodeURIComponent(localizePath(`/casino/${kind}`, locale))}`}
            className={buttonClassName({})}
          >
            <span className="ui-btn__content">{t('casino.login')}</span>
          </Link>
        </div>
      ) : q.data && list.length === 0 ? (
        <div className="casino-empty">
          <p>{t(`casino.${kind}.empty`)}</p>
          <Link to={localizePath('/casino/games', locale)} className={buttonClassName({ variant: 'outline' })}>
            <span className="ui-btn__content">{t('casino.game.back')}</span>
          </Link>
        </div>
      ) : (
        <GameGrid
          games={list}
          loggedIn
          loading={q.isPending}
          hasMore={q.hasNextPage}
          loadingMore={q.isFetchingNextPage}
          onMore={() => !q.isFetchingNextPage && q.fetchNextPage()}
        />
      )}
    </>
  );
}
