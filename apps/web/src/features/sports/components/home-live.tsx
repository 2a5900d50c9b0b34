import '../locales/register';
import { Link } from 'react-router';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { localizePath } from '../../../shared/lib/locale';
import { useEvents } from '../api/catalog';
import { useWatchLive } from '../lib/live';
import { Crest } from './crest';
import { LiveClock } from './live-clock';
import '../sports.css';

const SHOWN = 8;

/** The home page's "Ao vivo" strip: matches being played now, each a link to its event page; nothing when none. */
export default function HomeLive() {
  const t = useT();
  const locale = useLocale();
  const live = useEvents({ live: true, page: 1 });
  useWatchLive();
  const rows = (live.data?.data ?? []).filter((e) => e.status === 'live' && e.live).slice(0, SHOWN);
  if (rows.length === 0) return null;
  return (
    <section className="sp-home" aria-labelledby="sp-home-title" data-testid="sp-home-live">
      <div className="sp-home__head">
        <h2 id="sp-home-title">
          <span className="sp-live-dot" aria-hidden="true" /> {t('sports.home.title')}
        </h2>
        <Link to={localizePath('/sports', locale)}>{t('sports.home.all')}</Link>
      </div>
      <ul className="sp-home__list">
        {rows.map((e) => (
          <li key={e.id}>
            <Link className="sp-home__card" to={localizePath(`/sportsbook/event/${e.id}`, locale)}>
              <span className="sp-home__meta">
                <LiveClock live={e.live!} />
                <span className="sp-row__tournament">{e.tournament.name}</span>
              </span>
              {[e.home, e.away].map((team, side) => (
                <span key={team.id} className="sp-home__team">
                  <Crest team={team} size={20} />
                  <span className="sp-row__name">{team.name}</span>
                  <strong>{e.live!.score[side]}</strong>
                </span>
              ))}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
