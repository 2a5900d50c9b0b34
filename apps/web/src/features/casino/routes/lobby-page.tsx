import type { RouteDef } from '@sorte/contracts';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { localizePath } from '../../../shared/lib/locale';
import { useIsLoggedIn } from '../../../shared/lib/session';
import { Button, buttonClassName, Chip, Modal } from '../../../shared/ui';
import { useCategories, useProviders } from '../api/get-catalog';
import { useGames } from '../api/get-games';
import { useRecent } from '../api/history';
import type { GameFilter } from '../api/types';
import { CasinoNav } from '../components/casino-nav';
import { gamePath } from '../components/game-card';
import { GameGrid } from '../components/game-grid';
import { IconSearch } from '../components/icons';
import '../locales';
import { useLikesSync } from '../use-likes';
import '../casino.css';

const SORTS: NonNullable<GameFilter['sort']>[] = ['default', 'popular', 'new', 'az', 'za', 'rtp'];

/** /casino/games, /casino/play and /casino/category/{filter}: search, category chips, provider filter, grid of 24. */
export default function LobbyPage({ route }: { route: RouteDef }) {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  useLikesSync();
  const { filter: categoryParam } = useParams();
  const [params, setParams] = useSearchParams();
  const category = route.name === 'casino-category' ? (categoryParam ?? '') : (params.get('category') ?? '');
  const provider = params.get('provider') ?? '';
  const sort = (
    SORTS.includes(params.get('sort') as GameFilter['sort'] & string) ? params.get('sort') : 'default'
  ) as GameFilter['sort'];
  const [term, setTerm] = useState(params.get('q') ?? '');
  const [searchTerm, setSearchTerm] = useState(term.trim());
  useEffect(() => {
    const id = setTimeout(() => setSearchTerm(term.trim()), 300);
    return () => clearTimeout(id);
  }, [term]);
  const filter = useMemo<GameFilter>(
    () => ({ searchTerm, category, provider, sort }),
    [searchTerm, category, provider, sort],
  );
  const games = useGames(filter, loggedIn);
  const categories = useCategories(locale);
  const providers = useProviders();
  const list = games.data?.pages.flatMap((p) => p.data) ?? [];
  const total = games.data?.pages[0]?.total ?? 0;

  const setParam = (k: string, v: string) => {
    const next = new URLSearchParams(params);
    if (v) next.set(k, v);
    else next.delete(k);
    setParams(next, { replace: true });
  };
  const goCategory = (slug: string) => {
    const qs = new URLSearchParams(params);
    qs.delete('category');
    const s = qs.toString();
    navigate(localizePath(slug ? `/casino/category/${slug}` : '/casino/games', locale) + (s ? `?${s}` : ''));
  };
  const title =
    route.name === 'casino-category'
      ? (categories.data?.find((c) => c.slug === category)?.name ?? route.title[locale])
      : t('casino.lobby.title');

  return (
    <div className="casino">
      <CasinoNav />
      <header className="casino__head">
        <h1 className="casino__title">{title}</h1>
        <label className="casino-search">
          <span className="ui-visually-hidden">{t('casino.lobby.searchLabel')}</span>
          <IconSearch />
          <input
            type="search"
            value={term}
            onChange={(e) => setTerm(e.target.value)}
            placeholder={t('casino.lobby.search')}
            maxLength={100}
            enterKeyHint="search"
          />
        </label>
      </header>
      {/* The chips (the categories) may take two rows on a phone: the rows below come with them, so nothing on
          the screen moves when the categories arrive. */}
      {categories.isPending ? null : (
        <>
          <div className="casino-chips" role="toolbar" aria-label={t('casino.nav.games')}>
            <Chip selected={!category} onClick={() => goCategory('')}>
              {t('casino.lobby.all')}
            </Chip>
            {categories.data?.map((c) => (
              <Chip key={c.slug} selected={c.slug === category} onClick={() => goCategory(c.slug)}>
                {c.name}
              </Chip>
            ))}
          </div>
          <div className="casino-filters">
            <label className="casino-select">
              <span>{t('casino.lobby.provider')}</span>
              <select value={provider} onChange={(e) => setParam('provider', e.target.value)}>
                <option value="">{t('casino.lobby.allProviders')}</option>
                {providers.data?.map((p) => (
                  <option key={p.code} value={p.code}>
                    {p.name}
                  </option>
                ))}
              </select>
            </label>
            <label className="casino-select">
              <span>{t('casino.lobby.sort')}</span>
              <select
                value={sort}
                onChange={(e) => setParam('sort', e.target.value === 'default' ? '' : e.target.value)}
              >
                {SORTS.map((s) => (
                  <option key={s} value={s}>
                    {t(`casino.lobby.sorts.${s}`)}
                  </option>
                ))}
              </select>
            </label>
            {/* Kept in place while the games load (a blank line), so the grid below does not move when they arrive. */}
            <span className="casino-filters__count" aria-live="polite">
              {games.data ? t('casino.lobby.count', { shown: list.length, total }) : '\u00a0'}
            </span>
          </div>
          {games.isError ? (
            <div className="casino-empty">
              <p>{t('casino.lobby.error')}</p>
              <Button onClick={() => games.refetch()}>{t('casino.lobby.retry')}</Button>
            </div>
          ) : games.data && list.length === 0 ? (
            <div className="casino-empty">
              <p className="casino-empty__title">{t('casino.lobby.empty')}</p>
              <p>{t('casino.lobby.emptyHint')}</p>
              <Button
                variant="outline"
                onClick={() => {
                  setTerm('');
                  navigate(localizePath('/casino/games', locale));
                }}
              >
                {t('casino.lobby.clear')}
              </Button>
            </div>
          ) : (
            <GameGrid
              games={list}
              loggedIn={loggedIn}
              loading={games.isPending}
              hasMore={games.hasNextPage}
              loadingMore={games.isFetchingNextPage}
              onMore={() => !games.isFetchingNextPage && games.fetchNextPage()}
            />
          )}
        </>
      )}
      {loggedIn && <LastGameModal />}
    </div>
  );
}

const LAST_SHOWN = 'casino:last-game-shown';

/** "Last game played": once per browser session, offers to reopen the player's most recent game. */
function LastGameModal() {
  const t = useT();
  const locale = useLocale();
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(LAST_SHOWN) === '1');
  const recent = useRecent(!dismissed);
  const game = recent.data?.pages[0]?.data[0];
  const close = () => {
    sessionStorage.setItem(LAST_SHOWN, '1');
    setDismissed(true);
  };
  if (dismissed || !game) return null;
  return (
    <Modal open onClose={close} title={t('casino.last.title')} size="sm">
      <div className="casino-last">
        <img src={game.image} alt="" width={96} height={128} />
        <p>{t('casino.last.text', { title: game.title })}</p>
      </div>
      <div className="casino-last__actions">
        <Button variant="outline" color="light" onClick={close}>
          {t('casino.last.dismiss')}
        </Button>
        <Link to={localizePath(gamePath(game), locale)} onClick={close} className={buttonClassName({})}>
          <span className="ui-btn__content">{t('casino.last.play')}</span>
        </Link>
      </div>
    </Modal>
  );
}
