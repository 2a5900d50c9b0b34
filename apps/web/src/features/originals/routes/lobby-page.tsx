import { Link } from 'react-router';
import '../locales/register';
import '../originals.css';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { localizePath } from '../../../shared/lib/locale';
import { formatRtp } from '../../../shared/lib/numbers';
import { useIsLoggedIn } from '../../../shared/lib/session';
import { GameIcon } from '../components/game-icon';
import { HistoryTable } from '../components/history-table';
import { CATALOG, rtpOf } from '../lib/catalog';

/** /originals: the lobby of Sorte Originals. */
export default function OriginalsLobbyPage() {
  const t = useT();
  const locale = useLocale();
  const loggedIn = useIsLoggedIn();
  return (
    <div className="og-page">
      <header className="og-hero">
        <h1>{t('originals.lobby.title')}</h1>
        <p>{t('originals.lobby.subtitle')}</p>
      </header>
      <div className="og-lobby">
        {CATALOG.map((g) => {
          const body = (
            <>
              <span className="og-card__art">
                <GameIcon code={g.code} size={64} />
              </span>
              <span className="og-card__name">{t(`originals.games.${g.code}.name`)}</span>
              <span className="og-card__tag">{t(`originals.games.${g.code}.tagline`)}</span>
              <span className="og-card__foot">
                <span className="og-chip">{t('originals.lobby.rtp', { rtp: formatRtp(rtpOf(g.code), locale) })}</span>
                {!g.playable ? <span className="og-chip og-chip--soon">{t('originals.lobby.soon')}</span> : null}
              </span>
            </>
          );
          return g.playable ? (
            <Link
              key={g.code}
              to={localizePath(`/originals/${g.code}`, locale)}
              className={`og-card og-hue-${g.code}`}
              data-testid={`og-card-${g.code}`}
            >
              {body}
            </Link>
          ) : (
            <div key={g.code} className={`og-card og-hue-${g.code} is-soon`} aria-disabled="true">
              {body}
            </div>
          );
        })}
        <Link to={localizePath('/fairness', locale)} className="og-card og-card--verify">
          <span className="og-card__art">
            <svg width="56" height="56" viewBox="0 0 64 64" aria-hidden="true">
              <path d="M32 6 L54 14 V30 C54 44 44 54 32 58 C20 54 10 44 10 30 V14 Z" fill="#22c55e" />
              <path d="M22 32 L29 39 L43 25" stroke="#fff" strokeWidth="5" fill="none" strokeLinecap="round" />
            </svg>
          </span>
          <span className="og-card__name">{t('originals.lobby.verify')}</span>
          <span className="og-card__tag">{t('originals.lobby.verifyText')}</span>
        </Link>
      </div>
      {loggedIn ? (
        <section className="og-section">
          <h2>{t('originals.history.title')}</h2>
          <HistoryTable />
        </section>
      ) : null}
    </div>
  );
}
