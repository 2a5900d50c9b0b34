import '../locales/register';
import { useLocation } from 'react-router';
import { useSiteConfig } from '../../../shared/lib/site-config';
import { BetbyWidget } from '../betby/betby-widget';
import { SportsShell } from '../components/sports-shell';
import { BetsPage } from './bets';
import { Competition } from './competition';
import { EventPage } from './event';
import { Lobby } from './lobby';
import '../sports.css';

/** Where a /sportsbook path leads in the native book: an event, the player's bets, a competition or the lobby. */
export function sportsbookView(
  pathname: string,
): { view: 'lobby' } | { view: 'event'; id: number } | { view: 'bets' } | { view: 'competition'; slug: string } {
  const rest = pathname
    .replace(/^\/en(?=\/|$)/, '')
    .replace(/^\/sportsbook\/?/i, '')
    .split('/')
    .filter(Boolean);
  if (rest.length === 0) return { view: 'lobby' };
  if (rest[0] === 'event' && rest[1] && /^\d{1,15}$/.test(rest[1])) return { view: 'event', id: Number(rest[1]) };
  if (rest[0] === 'bets' && rest.length === 1) return { view: 'bets' };
  return { view: 'competition', slug: decodeURIComponent(rest[rest.length - 1] ?? '') };
}

/** /sportsbook/*: Betby's widget for a tenant that has it (its own slip and pages), else the native book. */
export default function SportsbookPage() {
  const betby = useSiteConfig().betby.active;
  return betby ? <BetbyWidget variant="sportsbook" /> : <NativeBook />;
}

function NativeBook() {
  const { pathname } = useLocation();
  const v = sportsbookView(pathname);
  return (
    <SportsShell>
      {v.view === 'event' ? (
        <EventPage key={v.id} id={v.id} />
      ) : v.view === 'bets' ? (
        <BetsPage />
      ) : v.view === 'competition' ? (
        <Competition key={v.slug} slug={v.slug} />
      ) : (
        <Lobby />
      )}
    </SportsShell>
  );
}
