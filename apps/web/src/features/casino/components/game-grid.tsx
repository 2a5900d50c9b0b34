import type { CasinoGame } from '@sorte/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { localizePath } from '../../../shared/lib/locale';
import { Button } from '../../../shared/ui/button';
import { Skeleton } from '../../../shared/ui/skeleton';
import { setFavorite } from '../api/favorites';
import { GameCard } from './game-card';

/** Cards whose cover loads with the page. */
const EAGER_CARDS = 6;

/** Favourite toggling shared by every grid: optimistic per card, reconciled by refetching lists that show it. */
export function useFavoriteToggle() {
  const qc = useQueryClient();
  const [overrides, setOverrides] = useState<Record<number, boolean>>({});
  const m = useMutation({
    mutationFn: (v: { id: number; on: boolean }) => setFavorite(v.id, v.on ? 'add' : 'remove'),
    onMutate: (v) => setOverrides((o) => ({ ...o, [v.id]: v.on })),
    onError: (_e, v) => setOverrides((o) => ({ ...o, [v.id]: !v.on })),
    onSettled: () => qc.invalidateQueries({ queryKey: ['casino', 'favorites'] }),
  });
  return {
    isFavorite: (g: CasinoGame) => overrides[g.id] ?? g.hasFavorite,
    toggle: (g: CasinoGame) => m.mutate({ id: g.id, on: !(overrides[g.id] ?? g.hasFavorite) }),
  };
}

export function useLoginRedirect() {
  const navigate = useNavigate();
  const locale = useLocale();
  const { pathname, search } = useLocation();
  return () => navigate(`${localizePath('/login', locale)}?redirect=${encodeURIComponent(pathname + search)}`);
}

type Props = {
  games: CasinoGame[];
  loggedIn: boolean;
  loading?: boolean;
  hasMore?: boolean;
  loadingMore?: boolean;
  onMore?: () => void;
};

/** Grid of cards with "see more" that also fires when it scrolls into view (infinite scroll). */
export function GameGrid({ games, loggedIn, loading, hasMore, loadingMore, onMore }: Props) {
  const t = useT();
  const fav = useFavoriteToggle();
  const login = useLoginRedirect();
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasMore || !onMore || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((e) => e[0]?.isIntersecting && onMore(), { rootMargin: '200px' });
    io.observe(el);
    return () => io.disconnect();
  }, [hasMore, onMore]);
  if (loading)
    return (
      <div className="casino-grid" aria-busy="true">
        {Array.from({ length: 12 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Skeleton key={i} className="casino-grid__skeleton" radius={12} />
        ))}
      </div>
    );
  return (
    <>
      <div className="casino-grid">
        {games.map((g, i) => (
          <GameCard
            key={g.id}
            game={g}
            // The first two rows of a phone (one of a desktop) are on the first screen: the largest image there.
            eager={i < EAGER_CARDS}
            loggedIn={loggedIn}
            favorite={fav.isFavorite(g)}
            onFavorite={fav.toggle}
            onNeedLogin={login}
          />
        ))}
      </div>
      {hasMore && (
        <div className="casino-more" ref={sentinel}>
          <Button variant="outline" color="light" loading={loadingMore} onClick={onMore}>
            {t('casino.lobby.more')}
          </Button>
        </div>
      )}
    </>
  );
}
