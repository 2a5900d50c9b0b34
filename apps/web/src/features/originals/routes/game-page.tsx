import { lazy, Suspense } from 'react';
import { Navigate, useParams } from 'react-router';
import '../locales/register';
import '../originals.css';
import { useLocale } from '../../../shared/lib/i18n';
import { localizePath } from '../../../shared/lib/locale';
import { DiceGame } from '../components/games/dice-game';
import { KenoGame } from '../components/games/keno-game';
import { LimboGame } from '../components/games/limbo-game';
import { MinesGame } from '../components/games/mines-game';
import { PlinkoGame } from '../components/games/plinko-game';
import { SlotGame } from '../components/games/slot-game';

// Crash and Double (multiplayer) load their own chunk.
const CrashGame = lazy(() => import('../multiplayer/crash-game').then((m) => ({ default: m.CrashGame })));
const DoubleGame = lazy(() => import('../multiplayer/double-game').then((m) => ({ default: m.DoubleGame })));

const PAGES = {
  dice: DiceGame,
  limbo: LimboGame,
  mines: MinesGame,
  plinko: PlinkoGame,
  keno: KenoGame,
  slot: SlotGame,
  crash: () => (
    <Suspense fallback={null}>
      <CrashGame />
    </Suspense>
  ),
  double: () => (
    <Suspense fallback={null}>
      <DoubleGame />
    </Suspense>
  ),
} as const;

/** /originals/:game: one page per game; an unknown or not yet playable game goes back to the lobby. */
export default function OriginalsGamePage() {
  const { game = '' } = useParams();
  const locale = useLocale();
  const Page = PAGES[game.toLowerCase() as keyof typeof PAGES];
  if (!Page) return <Navigate to={localizePath('/originals', locale)} replace />;
  return <Page key={game} />;
}
