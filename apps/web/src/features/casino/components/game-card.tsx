import type { CasinoGame } from '@sorte/contracts';
import { Link } from 'react-router';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { localizePath } from '../../../shared/lib/locale';
import { formatRtp } from '../../../shared/lib/numbers';
import { cx } from '../../../shared/ui/cx';
import { LazyImage } from '../../../shared/ui/lazy-image';
import { useLikesStore } from '../use-likes';
import { IconHeart, IconHeartFilled, IconStar, IconStarFilled } from './icons';

/** Sorte Originals run on their own in-site pages (/originals/dice); other providers' games on the casino game page. */
export const ORIGINALS_PROVIDER = 'sorte-originals';
export const gamePath = (g: Pick<CasinoGame, 'providercode' | 'gamecode'>) =>
  g.providercode === ORIGINALS_PROVIDER ? `/originals/${g.gamecode}` : `/casino/${g.providercode}/${g.gamecode}`;

type Props = {
  game: CasinoGame;
  loggedIn: boolean;
  favorite: boolean;
  onFavorite?: (game: CasinoGame) => void;
  onNeedLogin?: () => void;
  /** The cover loads at once (a card on the first screen), not when it nears the view. */
  eager?: boolean;
};

/** A lobby card: cover (lazy, within 50 px of the view), title, provider, RTP, favourite star and like heart. */
export function GameCard({ game, loggedIn, favorite, onFavorite, onNeedLogin, eager }: Props) {
  const t = useT();
  const locale = useLocale();
  const like = useLikesStore((s) => s.likes[game.id]);
  const toggleLike = useLikesStore((s) => s.toggle);
  const liked = like?.liked ?? false;
  return (
    <article className="casino-card">
      <Link
        to={localizePath(gamePath(game), locale)}
        className="casino-card__link"
        aria-label={t('casino.card.play', { title: game.title })}
      >
        <LazyImage
          src={game.image_mobile || game.image}
          alt=""
          aspectRatio="3 / 4"
          eager={eager}
          className="casino-card__img"
          radius={12}
        />
        <span className="casino-card__hover" aria-hidden="true">
          <span className="casino-card__play">▶</span>
        </span>
      </Link>
      <div className="casino-card__meta">
        <Link to={localizePath(gamePath(game), locale)} className="casino-card__title">
          {game.title}
        </Link>
        <span className="casino-card__sub">
          <span className="casino-card__provider">{game.provider_name}</span>
          <span className="casino-card__rtp">{t('casino.card.rtp', { rtp: formatRtp(game.rtp, locale) })}</span>
        </span>
      </div>
      <div className="casino-card__actions">
        <button
          type="button"
          className={cx('casino-card__icon', favorite && 'is-on')}
          aria-pressed={favorite}
          aria-label={favorite ? t('casino.card.unfavorite') : t('casino.card.favorite')}
          title={favorite ? t('casino.card.unfavorite') : t('casino.card.favorite')}
          onClick={() => (loggedIn ? onFavorite?.(game) : onNeedLogin?.())}
        >
          {favorite ? <IconStarFilled size={16} /> : <IconStar size={16} />}
        </button>
        <button
          type="button"
          className={cx(
            'casino-card__icon',
            'casino-card__icon--like',
            liked && 'is-on',
            like?.pending && 'is-pending',
          )}
          aria-pressed={liked}
          aria-label={liked ? t('casino.card.unlike') : t('casino.card.like')}
          title={liked ? t('casino.card.unlike') : t('casino.card.like')}
          data-testid="like"
          onClick={() => (loggedIn ? toggleLike(game.id) : onNeedLogin?.())}
        >
          {liked ? <IconHeartFilled size={16} /> : <IconHeart size={16} />}
        </button>
      </div>
      {game.only_demo && <span className="casino-card__badge">{t('casino.card.demoOnly')}</span>}
    </article>
  );
}
