import type { CasinoGame } from '@sorte/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { localizePath } from '../../../shared/lib/locale';
import { useIsLoggedIn } from '../../../shared/lib/session';
import { Button, buttonClassName, cx, Spinner } from '../../../shared/ui';
import { getGameUrl, useGame, useRelated } from '../api/game';
import { CasinoNav } from '../components/casino-nav';
import { GameGrid, useFavoriteToggle, useLoginRedirect } from '../components/game-grid';
import {
  IconBack,
  IconClose,
  IconExpand,
  IconHeart,
  IconHeartFilled,
  IconPlay,
  IconStar,
  IconStarFilled,
} from '../components/icons';
import '../locales';
import { formatRtp } from '../../../shared/lib/numbers';
import { useLikesStore, useLikesSync } from '../use-likes';
import '../casino.css';

/** Pages of our own games (Sorte Originals), pt or en. */
const IN_SITE_GAME = /^\/(en\/)?originals(\/|\?|$)/;

type Launch =
  | { state: 'idle' }
  | { state: 'loading'; demo: boolean }
  | { state: 'ready'; url: string; demo: boolean }
  | { state: 'maintenance' };

/**
 * /casino/{provider}/{game}: details (RTP, volatility) and the game in a frame, real money or demo. Spec section 4:
 * failing to load the game is the not-found state, failing to get its URL the maintenance state. On a phone the
 * running game fills the screen.
 */
export default function GamePage() {
  const t = useT();
  const locale = useLocale();
  const loggedIn = useIsLoggedIn();
  useLikesSync();
  const { provider = '', game: code = '' } = useParams();
  const game = useGame(provider, code, loggedIn);
  const related = useRelated(game.data?.id);
  const [launch, setLaunch] = useState<Launch>({ state: 'idle' });
  const frameBox = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const login = useLoginRedirect();
  const qc = useQueryClient();
  const navigate = useNavigate();

  // Real money: the provider moves the balance through the wallet API, so the header's balance is refreshed when
  // the game's frame posts a message (the stand-in and most providers do after each round), every 15 s while it
  // runs, and when it closes.
  useEffect(() => {
    if (launch.state !== 'ready' || launch.demo) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      clearTimeout(timer);
      timer = setTimeout(() => qc.invalidateQueries({ queryKey: ['wallet'] }), 250);
    };
    const onMessage = (e: MessageEvent) => {
      if (e.source && e.source === frame.current?.contentWindow) refresh();
    };
    window.addEventListener('message', onMessage);
    const poll = setInterval(refresh, 15_000);
    return () => {
      window.removeEventListener('message', onMessage);
      clearInterval(poll);
      clearTimeout(timer);
      qc.invalidateQueries({ queryKey: ['wallet'] });
    };
  }, [launch, qc]);

  // A new game (related link) starts closed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on route change only
  useEffect(() => setLaunch({ state: 'idle' }), [provider, code]);

  useEffect(() => {
    if (launch.state !== 'ready') return;
    const mobile = window.matchMedia('(max-width: 767px)').matches;
    if (!mobile) return;
    const prev = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = prev;
    };
  }, [launch.state]);

  if (game.isPending)
    return (
      <div className="casino casino-game__loading">
        <Spinner size="lg" />
      </div>
    );
  if (game.isError || !game.data)
    return <StateView title={t('casino.game.notFoundTitle')} text={t('casino.game.notFoundText')} />;
  const g = game.data;

  const open = async (demo: boolean) => {
    if (!demo && !loggedIn) return login();
    setLaunch({ state: 'loading', demo });
    try {
      const r = await getGameUrl(g.id, demo);
      // An in-site game (Sorte Originals) answers its own page: go there instead of framing it. Other relative
      // URLs (the local provider stand-in under /provider-sandbox) are framed like any provider's game.
      if (IN_SITE_GAME.test(r.url)) return navigate(r.url);
      setLaunch({ state: 'ready', url: r.url, demo: r.demo });
    } catch (e) {
      const status = (e as { status?: number }).status;
      if (status === 401) return login();
      setLaunch({ state: 'maintenance' });
    }
  };

  const fullscreen = () => frameBox.current?.requestFullscreen?.().catch(() => {});

  return (
    <div className="casino casino-game">
      <CasinoNav />
      <div className="casino-game__top">
        <Link to={localizePath('/casino/games', locale)} className="casino-game__back">
          <IconBack /> {t('casino.game.back')}
        </Link>
      </div>
      {launch.state === 'ready' ? (
        <div className={cx('casino-game__stage', 'is-running')} ref={frameBox}>
          <div className="casino-game__bar">
            <strong>{g.title}</strong>
            {launch.demo && <span className="casino-game__demo">{t('casino.game.demoNote')}</span>}
            <span className="casino-game__bar-actions">
              <button
                type="button"
                onClick={fullscreen}
                aria-label={t('casino.game.fullscreen')}
                title={t('casino.game.fullscreen')}
              >
                <IconExpand />
              </button>
              <button
                type="button"
                onClick={() => setLaunch({ state: 'idle' })}
                aria-label={t('casino.game.close')}
                title={t('casino.game.close')}
              >
                <IconClose />
              </button>
            </span>
          </div>
          <iframe
            ref={frame}
            className="casino-game__frame"
            src={launch.url}
            title={g.title}
            allow="fullscreen; autoplay"
            allowFullScreen
            onError={() => setLaunch({ state: 'maintenance' })}
          />
        </div>
      ) : launch.state === 'maintenance' ? (
        <div className="casino-game__stage">
          <StateView title={t('casino.game.maintenanceTitle')} text={t('casino.game.maintenanceText')} inline />
          <div className="casino-game__retry">
            <Button onClick={() => setLaunch({ state: 'idle' })}>{t('casino.lobby.retry')}</Button>
          </div>
        </div>
      ) : (
        <GameIntro
          game={g}
          loggedIn={loggedIn}
          launching={launch.state === 'loading' ? launch.demo : null}
          onOpen={open}
        />
      )}
      {related.data && related.data.length > 0 && (
        <section className="casino-game__related">
          <h2>{t('casino.game.related')}</h2>
          <GameGrid games={related.data} loggedIn={loggedIn} />
        </section>
      )}
    </div>
  );
}

function GameIntro({
  game: g,
  loggedIn,
  launching,
  onOpen,
}: {
  game: CasinoGame;
  loggedIn: boolean;
  launching: boolean | null;
  onOpen: (demo: boolean) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const fav = useFavoriteToggle();
  const login = useLoginRedirect();
  const like = useLikesStore((s) => s.likes[g.id]);
  const toggleLike = useLikesStore((s) => s.toggle);
  const isFav = fav.isFavorite(g);
  return (
    <div className="casino-game__intro">
      <img className="casino-game__cover" src={g.image} alt="" width={300} height={400} />
      <div className="casino-game__head">
        <p className="casino-game__provider">{g.provider_name}</p>
        <h1 className="casino-game__title">{g.title}</h1>
      </div>
      <div className="casino-game__info">
        <dl className="casino-game__facts">
          <div>
            <dt>{t('casino.game.rtp')}</dt>
            <dd>{formatRtp(g.rtp, locale)}</dd>
          </div>
          <div>
            <dt>{t('casino.game.volatility')}</dt>
            <dd>{t(`casino.volatility.${g.volatility}`)}</dd>
          </div>
          <div>
            <dt>{t('casino.game.bonus')}</dt>
            <dd>{g.bonus_allowed ? t('casino.game.yes') : t('casino.game.no')}</dd>
          </div>
        </dl>
        <div className="casino-game__actions">
          {!g.only_demo && (
            <Button size="lg" loading={launching === false} onClick={() => onOpen(false)}>
              <IconPlay /> {loggedIn ? t('casino.game.play') : t('casino.game.loginToPlay')}
            </Button>
          )}
          {g.demo_allowed && (
            <Button size="lg" variant="outline" color="light" loading={launching === true} onClick={() => onOpen(true)}>
              {t('casino.game.demo')}
            </Button>
          )}
          <button
            type="button"
            className={cx('casino-game__icon', isFav && 'is-on')}
            aria-pressed={isFav}
            aria-label={isFav ? t('casino.card.unfavorite') : t('casino.card.favorite')}
            onClick={() => (loggedIn ? fav.toggle(g) : login())}
          >
            {isFav ? <IconStarFilled /> : <IconStar />}
          </button>
          <button
            type="button"
            className={cx('casino-game__icon', like?.liked && 'is-on')}
            aria-pressed={like?.liked ?? false}
            aria-label={like?.liked ? t('casino.card.unlike') : t('casino.card.like')}
            data-testid="like"
            onClick={() => (loggedIn ? toggleLike(g.id) : login())}
          >
            {like?.liked ? <IconHeartFilled /> : <IconHeart />}
          </button>
        </div>
        <p className="casino-game__note">{t('casino.game.rtpNote')}</p>
      </div>
    </div>
  );
}

function StateView({ title, text, inline }: { title: string; text: string; inline?: boolean }) {
  const t = useT();
  const locale = useLocale();
  return (
    <div className={cx('casino-state', !inline && 'casino')}>
      <h1>{title}</h1>
      <p>{text}</p>
      {!inline && (
        <Link to={localizePath('/casino/games', locale)} className={buttonClassName({})}>
          <span className="ui-btn__content">{t('casino.game.back')}</span>
        </Link>
      )}
    </div>
  );
}
